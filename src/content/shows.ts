/**
 * When and where a show is, from the content alone (public-safe, zod-free, no library): its instants on the venue's
 * own clock, upcoming or past at a moment, the order the pages list them in, the next moment one becomes past (the
 * server's page cache and the page's clock change then, as for a scheduled release), its addresses, and its date and
 * time as a visitor reads them, in their language but AT THE VENUE'S LOCAL TIME (docs/decisions/0034-shows-on-the-site.md).
 */
import { siteConfig } from '../../site.config';
import type { Language } from './constants';
import { SHOW_DEFAULT_HOURS } from './kinds/shows';
import type { PublicContent, Show } from './model';
import { zonedInstant } from './zoned-time';

/** The shows' pages, in each language. */
export const SHOW_SECTION: Record<Language, string> = { en: 'shows', ro: 'concerte' };
export const showListPath = (lang: Language): string => `/${lang}/${SHOW_SECTION[lang]}/`;
export const showPath = (lang: Language, slug: string): string => `/${lang}/${SHOW_SECTION[lang]}/${slug}/`;
/** "Add to calendar": one show's .ics, in the address's language. */
export const showIcsPath = (lang: Language, slug: string): string => `/${lang}/${SHOW_SECTION[lang]}/${slug}.ics`;
/** The subscribable feed of every upcoming show (English words: one address for everyone). */
export const SHOWS_FEED_PATH = '/shows.ics';

/** The language and, for a show's page, the slug of a shows address (`/en/shows/`, `/ro/concerte/<slug>/`); else undefined. */
export function parseShowPath(path: string): { lang: Language; slug?: string } | undefined {
  const m = /^\/(en|ro)\/([a-z]+)\/(?:([^/]+)\/)?$/.exec(path);
  if (!m) return undefined;
  const lang = m[1] as Language;
  return m[2] === SHOW_SECTION[lang] ? { lang, slug: m[3] } : undefined;
}

/** The venue's clock: its own IANA zone, or the artist's when it has none. */
export const showZone = (show: Pick<Show, 'timeZone'>): string => show.timeZone || siteConfig.artist.timeZone;

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
  return start === undefined ? undefined : start + SHOW_DEFAULT_HOURS * 3600_000;
}

export const isShowPublished = (show: Pick<Show, 'status'>): boolean => show.status === 'published';

/** Upcoming at `now`: published, and not yet ended on its own clock (a show under way is still upcoming). */
export function isUpcoming(show: Show, now: number): boolean {
  const end = showEnd(show);
  return isShowPublished(show) && end !== undefined && end > now;
}

/** The published shows not yet ended at `now`, the soonest first. */
export function upcomingShows(content: Pick<PublicContent, 'shows'>, now: number): Show[] {
  return (content.shows ?? []).filter((s) => isUpcoming(s, now)).sort((a, b) => showStart(a)! - showStart(b)! || a.id.localeCompare(b.id));
}

/** The published shows already ended at `now`, the newest first. */
export function pastShows(content: Pick<PublicContent, 'shows'>, now: number): Show[] {
  return (content.shows ?? [])
    .filter((s) => isShowPublished(s) && showStart(s) !== undefined && !isUpcoming(s, now))
    .sort((a, b) => showStart(b)! - showStart(a)! || a.id.localeCompare(b.id));
}

/** The published show at a slug (past or upcoming), else undefined. */
export function showBySlug(content: Pick<PublicContent, 'shows'>, slug: string): Show | undefined {
  return (content.shows ?? []).find((s) => s.slug === slug && isShowPublished(s) && showStart(s) !== undefined);
}

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

/** `zone`'s UTC offset at instant `t` as `+hh:mm` (`+00:00` for UTC: JSON-LD wants an explicit offset). */
export function utcOffset(t: number, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(t))
    .find((p) => p.type === 'timeZoneName');
  const m = /([+-])(\d{1,2})(?::(\d{2}))?/.exec(part?.value ?? '');
  return m ? `${m[1]}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}` : '+00:00';
}

/** An instant as ISO 8601 on `zone`'s clock with its offset (`2026-07-04T21:00:00+01:00`): JSON-LD's startDate. */
export function isoOnClock(t: number, zone: string): string {
  const offset = utcOffset(t, zone);
  const sign = offset.startsWith('-') ? -1 : 1;
  const ms = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  return `${new Date(t + ms).toISOString().slice(0, 19)}${offset}`;
}

const LOCALE: Record<Language, string> = { en: 'en-GB', ro: 'ro-RO' };
const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Language, zone: string, kind: 'date' | 'short' | 'time'): Intl.DateTimeFormat {
  const key = `${lang} ${zone} ${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      LOCALE[lang],
      kind === 'time'
        ? { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : kind === 'short'
          ? { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
          : { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    );
    formats.set(key, f);
  }
  return f;
}

/** A moment's date (`Sat 4 Jul 2026`, `sâm. 4 iul. 2026`; `long`: words in full) and time (`21:00`) on the venue's clock. */
export function dateOnClock(t: number, zone: string, lang: Language, long = false): { date: string; time: string } {
  return { date: format(lang, zone, long ? 'date' : 'short').format(t), time: format(lang, zone, 'time').format(t) };
}

/** A country's name in a language from its ISO 3166 code ("PT": Portugal, Portugalia); the code itself when unknown. */
export function countryName(code: string, lang: Language): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([LOCALE[lang]], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where a show is, as a line: "Control Club, Bucharest" plus the country when it is not the artist's (Romania). */
export function showPlace(show: Pick<Show, 'venue' | 'city' | 'country'>, lang: Language, withCountry = false): string {
  const country = show.country && (withCountry || show.country !== 'RO') ? countryName(show.country, lang) : '';
  return [show.venue, show.city, country].filter(Boolean).join(', ');
}
