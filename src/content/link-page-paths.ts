/**
 * The link page's addresses (issue 31; docs/decisions/0051-link-page.md), for the server's routes and sitemap, the
 * build, the page itself and the admin's QR code of it. Plain data: no words, no rendering.
 */
import type { Language } from './constants';

/** The address in the bio: the page in the visitor's language (Accept-Language on Scena's server; English on a static host). */
export const LINKS_PATH = '/links';
/** The page in each language: the hreflang pair, the canonical addresses, the sitemap's. */
export const LINK_PAGE_PATHS: Record<Language, string> = { en: '/en/links/', ro: '/ro/linkuri/' };
/** Each button's address on Scena's server: `/links/go/<id>` counts the click and answers 303 to the target. */
export const LINK_GO_PREFIX = '/links/go/';
