/**
 * The shows as iCalendar (RFC 5545), written here (ical-generator, tried first, folds lines with a TextEncoder per
 * character: 500 shows took 600 ms, the budget is 50; docs/decisions/0034): a show's "Add to calendar" file in the language of
 * its address (/en/shows/<slug>.ics, /ro/concerte/<slug>.ics) and the subscribable feed of every upcoming show
 * (/shows.ics). Server and build only, never in the public bundle (docs/decisions/0034-shows-on-the-site.md):
 * - times in UTC (DTSTART/DTEND …Z: exact on every calendar, no VTIMEZONE to get wrong); the venue's local time is
 *   said in words in the description;
 * - UID `<show id>@<site host>`: an id never changes, so a calendar updates its event rather than adding one;
 * - SEQUENCE given by the caller: grows with each change (the server: the show's newest history version; a build:
 *   the build's minute, as every build may carry changes);
 * - STATUS CANCELLED for a cancelled show, TENTATIVE for a postponed one, else CONFIRMED; URL the show's page;
 *   the ticket link in the description; text escaped, lines folded at 75 octets (never inside a character), CRLF.
 */
import { siteConfig } from '../site.config';
import type { Language, Show } from '../src/content/model';
import { SHOW_HOURS, showPath, showStart, showZone, wallInstant } from '../src/content/shows';
import { countryName, dateOnClock, showCity } from '../src/content/show-view';
import { safeHttps } from '../src/lib/safe-url';
import { admissionText, showWord, stateText } from '../src/site/shows/show-words';

const WORDS = {
  en: { feed: '{artist}: shows', tickets: 'Tickets: {url}', page: 'More: {url}', local: 'Local time: {date}, {time} ({zone})', cancelled: 'Cancelled: ' },
  ro: {
    feed: '{artist}: concerte',
    tickets: 'Bilete: {url}',
    page: 'Detalii: {url}',
    local: 'Ora locală: {date}, ora {time} ({zone})',
    cancelled: 'Anulat: ',
  },
} as const;
const word = (lang: Language, key: keyof (typeof WORDS)['en'], vars: Record<string, string> = {}) =>
  WORDS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** How often a subscribed calendar app should read the feed again. */
export const FEED_REFRESH_SECONDS = 6 * 3600;

export interface CalendarOptions {
  lang: Language;
  /** Each show's SEQUENCE (0 when unknown). */
  sequence: (show: Show) => number;
  /** DTSTAMP: when this calendar was made. */
  now: number;
  siteUrl?: string;
  /** A feed to subscribe to (its name and refresh interval) rather than one show's file. */
  feed?: boolean;
}

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets (RFC 5545 3.1): continuation lines start with a space; no character is split. */
export function fold(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let from = 0;
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    // A surrogate pair is one 4-octet character: counted at its first half, never split.
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xdc00 ? 4 : code >= 0xdc00 && code < 0xe000 ? 0 : 3;
    if (size > 0 && octets + size > (parts.length ? 74 : 75)) {
      parts.push(line.slice(from, i));
      from = i;
      octets = 0;
    }
    octets += size;
  }
  parts.push(line.slice(from));
  return parts.join('\r\n ');
}

/** An instant as an iCalendar UTC date-time (`20300704T200000Z`). */
const utc = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The iCalendar text of `shows` (each with a start; the caller picks which). */
export function showsCalendar(shows: readonly Show[], options: CalendarOptions): string {
  const { lang, now } = options;
  const site = new URL(options.siteUrl ?? siteConfig.siteUrl);
  const artist = siteConfig.artist.name;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${text(artist)}//Scena shows//${lang.toUpperCase()}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.feed) {
    const name = text(word(lang, 'feed', { artist }));
    const hours = FEED_REFRESH_SECONDS / 3600;
    lines.push(
      `NAME:${name}`,
      `X-WR-CALNAME:${name}`,
      `REFRESH-INTERVAL;VALUE=DURATION:PT${hours}H`,
      `X-PUBLISHED-TTL:PT${hours}H`,
      `SOURCE;VALUE=URI:${new URL('/shows.ics', site).href}`,
    );
  }
  const stamp = utc(now);
  for (const show of shows) {
    const start = showStart(show);
    if (start === undefined) continue;
    const zone = showZone(show);
    const local = dateOnClock(start, zone, lang, true);
    const url = new URL(showPath(lang, show.slug), site).href;
    const tickets = show.state === 'cancelled' ? '' : safeHttps(show.tickets, '');
    const description = [
      word(lang, 'local', { date: local.date, time: local.time, zone }),
      stateText(show, lang),
      admissionText(show, lang),
      tickets && word(lang, 'tickets', { url: tickets }),
      word(lang, 'page', { url }),
      show[`description_${lang}`].trim(),
    ].filter(Boolean);
    const summary = `${show.state === 'cancelled' ? word(lang, 'cancelled') : ''}${artist} · ${showWord(lang, show.kind)} · ${show.venue}, ${showCity(show, lang)}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${show.id}@${site.host}`,
      `SEQUENCE:${Math.max(0, Math.floor(options.sequence(show)))}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(wallInstant(show.end, zone) ?? start + SHOW_HOURS * 3600_000)}`,
      `SUMMARY:${text(summary)}`,
      `LOCATION:${text([show.venue, show.address, show.city, countryName(show.country, lang)].filter(Boolean).join(', '))}`,
      `DESCRIPTION:${text(description.join('\n\n'))}`,
      `URL;VALUE=URI:${url}`,
      `STATUS:${show.state === 'cancelled' ? 'CANCELLED' : show.state === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A build's SEQUENCE: whole minutes since 2026-01-01 at the build, so each build's is higher than the last one's. */
export const buildSequence = (now: number): number => Math.floor((now - Date.UTC(2026, 0, 1)) / 60_000);
