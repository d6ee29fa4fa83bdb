/**
 * What a QR code carries (issue 31; docs/decisions/0052-qr-codes.md): a public page's full address with `?src=qr`,
 * which the counting credits to the source "QR code" (server/audience/counting.ts sourceOf). No library here: the
 * rows and the dashboard import this; the drawing (./qr-code.ts) is loaded only when a code is asked for.
 */
import { QR_SOURCE } from '../../content/audience';
import type { Language } from '../../content/constants';
import { LINKS_PATH } from '../../content/link-page-paths';
import type { Drafts } from '../kinds/publishing';
import { publishState } from '../kinds/publishing';
import { fill } from '../../lib/fill';
import { ADMIN_WORDS as W } from '../words';
import { say, type Item } from '../kinds/form-model';

/** What the codes add to an address, so that their visits are counted as the QR code's. */
const QR_QUERY = `?src=${QR_SOURCE}`;

/** A code to draw: its address, and the name its files take (`qr-<slug>-<lang>`), without the extension. */
export interface QrTarget {
  address: string;
  fileName: string;
}

/** A page's address for a code: the site's origin, the page's path, `?src=qr`. */
const qrAddress = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}${QR_QUERY}`;

/**
 * The site's public origin as the admin knows it: the admin is served by the site itself (Scena's server, or Firebase
 * Hosting), at <site>/admin, so its own origin is the site's.
 */
export const siteOrigin = (): string => window.location.origin;

/** Whether an origin is this machine's own (a phone scanning the code cannot reach it). */
export function isLocalOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

/** A code to draw, or why there is none. */
export type QrResult = { ok: true; target: QrTarget } | { ok: false; message: string };

/** Why an item has no public page: a draft, or no address yet; undefined when it has one. */
function noPage(item: Item, drafts: Drafts | undefined): 'draft' | 'unaddressed' | undefined {
  if (drafts && publishState(drafts, item, Date.now()).state === 'draft') return 'draft';
  return typeof item.slug === 'string' && item.slug ? undefined : 'unaddressed';
}

/**
 * An item's code in a language: its public page (`path`, its kind's, from the slug) with `?src=qr`; refused with a
 * message for a draft or an item without an address yet (neither has a public page). A scheduled release has its page
 * ("Coming on …"): it has a code.
 */
export function itemQr(
  item: Item,
  options: { name: string; lang: Language; origin: string; path(lang: Language, slug: string): string; drafts: Drafts | undefined },
): QrResult {
  const { name, lang, drafts } = options;
  const missing = noPage(item, drafts);
  if (missing) return { ok: false, message: fill(say(missing === 'draft' ? W.qrDraft : W.qrNoPage), { name }) };
  const slug = item.slug as string;
  return { ok: true, target: { address: qrAddress(options.origin, options.path(lang, slug)), fileName: `qr-${slug}-${lang}` } };
}

/** Whether an item has a public page to make a code of (the row offers its QR code then). */
export const hasPublicPage = (item: Item, drafts: Drafts | undefined): boolean => !noPage(item, drafts);

/** The link page's code. */
export const linkPageQr = (origin: string): QrTarget => ({ address: qrAddress(origin, LINKS_PATH), fileName: 'qr-links' });
