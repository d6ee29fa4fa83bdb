/**
 * What the parts that show shows use (the block, the list page, a show's page, the server's head and calendars): which
 * shows, in what order, their calendar addresses, and how a date and time read, in the visitor's language but AT THE
 * VENUE'S LOCAL TIME, with the UTC offset for JSON-LD and country names by Intl.DisplayNames. Apart from ./shows.ts,
 * which the page's entry carries for the page's clock, so the entry does not grow (docs/decisions/0034-shows-on-the-site.md).
 */
import type { Language } from './constants';
import type { PublicContent, Show } from './model';
import { abroad, isShowPublished, SHOW_SECTION, showEnd, showStart } from './shows';

/** "Add to calendar": one show's .ics, in the address's language. */
export const showIcsPath = (lang: Language, slug: string): string => `/${lang}/${SHOW_SECTION[lang]}/${slug}.ics`;
/** The subscribable feed of every upcoming show (English words: one address for everyone). */

export const SHOWS_FEED_PATH = '/shows.ics';
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

const regionNames: Partial<Record<Language, Intl.DisplayNames>> = {};

/** A country's name in a language from its ISO 3166 code ("PT": Portugal, Portugalia); the code itself when unknown. */
export function countryName(code: string, lang: Language): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    const names = (regionNames[lang] ??= new Intl.DisplayNames([LOCALE[lang]], { type: 'region', fallback: 'code' }));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A show's city in a language: its name there when the admin gave one ("Bucharest", „Viena”), else its own ("Cluj-Napoca").
 * The address and the JSON-LD keep the own name (`show.city`), as the post and maps know it.
 */
export function showCity(show: Pick<Show, 'city'> & Partial<Pick<Show, 'cityName_en' | 'cityName_ro'>>, lang: Language): string {
  return (lang === 'ro' ? show.cityName_ro : show.cityName_en) || show.city;
}

/** Where a show is, as a line: "Control Club, Bucharest" plus the country when it is not the artist's (abroad). */
export function showPlace(show: Pick<Show, 'venue' | 'city' | 'country'> & Partial<Show>, lang: Language, withCountry = false): string {
  const country = show.country && (withCountry || abroad(show)) ? countryName(show.country, lang) : '';
  return [show.venue, showCity(show, lang), country].filter(Boolean).join(', ');
}
