/** What a page carries for the client: plain constants, safe to import anywhere (server, scripts). */
import type { PublicContent } from './model';

export const EMPTY_CONTENT: PublicContent = { releases: [], shows: [], collaborators: [], services: [], samples: [], credits: [], testimonials: [], links: [] };

/** Id of the non-executable JSON script in which a server-rendered page carries its content. */
export const CONTENT_SCRIPT_ID = 'scena-content';
/** Name of the meta tag that tells the client which backend served the page. */
export const BACKEND_META = 'scena-backend';
/** Present on Scena's server's pages when mail is set up: the Newsletter section may offer the own list (issue 28). */
export const FANS_META = 'scena-fans';

/**
 * Name of the meta tag naming which page the HTML is (PageRoute below, as `home`, `release`, `release-preview`
 * (a draft, shown to the signed-in admin), `shows`, `show` or `not-found`), so
 * the client hydrates the page the server or the build rendered without parsing addresses of its own.
 */
export const PAGE_META = 'scena-page';
/**
 * Name of the meta tag holding the moment (ms since 1970) the page was rendered at: the client hydrates as of
 * that moment (a release that went out since would not match the HTML), then moves to its own clock.
 */
export const RENDERED_AT_META = 'scena-rendered-at';

/**
 * Which page of the public site is rendered: the home page, a release's page, the releases' list (`music`), the shows' list (`shows`) or a show's page
 * (`shows` with its slug; PAGE_META `show`), or the not-found page.
 */
export type PageRoute =
  { page: 'home' } | { page: 'release'; slug: string; preview?: boolean } | { page: 'music' } | { page: 'shows'; slug?: string } | { page: 'not-found' };

/** The PAGE_META value of a route. */
export const pageName = (route: PageRoute): string =>
  route.page === 'release' && route.preview ? 'release-preview' : route.page === 'shows' && route.slug ? 'show' : route.page;
