/**
 * When and where a show is, from the content alone (public-safe, zod-free, no library): its instants on the venue's
 * own clock, upcoming or past at a moment, the order the pages list them in, the next moment one becomes past (the
 * server's page cache and the page's clock change then, as for a scheduled release) and its addresses. How its date
 * and time read is ./show-format.ts's, which only the parts that show shows load (docs/decisions/0034-shows-on-the-site.md).
 */
import { siteConfig } from '../../site.config';
import type { Language } from './constants';
import type { PublicContent, Show } from './model';
import { zonedInstant } from './zoned-time';

/**
 * A show without an end lasts this long: the declaration's SHOW_DEFAULT_HOURS (kinds/shows.ts; a test holds them
 * equal), not imported from there, as the declaration would come into the public page's entry with it.
 */
export const SHOW_HOURS = 4;

/** The shows' pages, in each language. */
export const SHOW_SECTION: Record<Language, string> = { en: 'shows', ro: 'concerte' };
export const showListPath = (lang: Language): string => `/${lang}/${SHOW_SECTION[lang]}/`;
export const showPath = (lang: Language, slug: string): string => `/${lang}/${SHOW_SECTION[lang]}/${slug}/`;

/** The language and, for a show's page, the slug of a shows address (`/en/shows/`, `/ro/concerte/<slug>/`); else undefined. */
export function parseShowPath(path: string): { lang: Language; slug?: string } | undefined {
  const m = /^\/(en|ro)\/([a-z]+)\/(?:([^/]+)\/)?$/.exec(path);
  if (!m) return undefined;
  const lang = m[1] as Language;
  return m[2] === SHOW_SECTION[lang] ? { lang, slug: m[3] } : undefined;
}

/** The venue's clock: its own IANA zone, or the artist's when it has none. */
export const showZone = (show: Pick<Show, 'timeZone'>): string => show.timeZone || siteConfig.artist.timeZone;

/** Whether a show is outside the artist's own country (site.config.ts): its places then name the country. */
export const abroad = (show: Pick<Show, 'country'>): boolean => Boolean(show.country) && show.country !== siteConfig.artist.country;

/** `YYYY-MM-DDTHH:mm` with its UTC offset: how a time in the hour the clocks repeat says which of the two it is. */
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})([+-])(\d{2}):(\d{2})$/;

/**
 * The instant (ms since 1970) of a stored wall time on `zone`'s clock: `YYYY-MM-DDTHH:mm` (a repeated hour is its first
 * time), or with its offset (`…+03:00` / `…+02:00`: that one of the two). Undefined for '' or a time that is not one.
 */
export function wallInstant(local: string, zone: string): number | undefined {
  if (!local) return undefined;
  const m = WITH_OFFSET.exec(local);
  if (!m) return zonedInstant(local, zone);
  const wall = zonedInstant(m[1]!, 'UTC');
  if (wall === undefined) return undefined;
  const offset = (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4])) * 60_000;
  return wall - offset;
}

/** When a show starts; undefined when its start is not a time (never stored so: validation refuses it). */
export const showStart = (show: Pick<Show, 'start' | 'timeZone'>): number | undefined => wallInstant(show.start, showZone(show));

/** When a show ends: its end, else its start plus SHOW_DEFAULT_HOURS. */
export function showEnd(show: Pick<Show, 'start' | 'end' | 'timeZone'>): number | undefined {
  const end = wallInstant(show.end, showZone(show));
  if (end !== undefined) return end;
  const start = showStart(show);
  return start === undefined ? undefined : start + SHOW_HOURS * 3600_000;
}

export const isShowPublished = (show: Pick<Show, 'status'>): boolean => show.status === 'published';

/** The next moment after `now` at which a show becomes past (the soonest end of an upcoming one); undefined when none. */
export function nextShowChangeAt(content: Pick<PublicContent, 'shows'>, now: number): number | undefined {
  let next: number | undefined;
  for (const show of content.shows ?? []) {
    if (!isShowPublished(show)) continue;
    const end = showEnd(show);
    if (end !== undefined && end > now && (next === undefined || end < next)) next = end;
  }
  return next;
}
