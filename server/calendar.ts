/**
 * The shows as iCalendar (RFC 5545), written with ical-generator: a show's "Add to calendar" file in the language of
 * its address (/en/shows/<slug>.ics, /ro/concerte/<slug>.ics) and the subscribable feed of every upcoming show
 * (/shows.ics). Server and build only, never in the public bundle (docs/decisions/0034-shows-on-the-site.md):
 * - times in UTC (DTSTART/DTEND …Z: exact on every calendar, no VTIMEZONE to get wrong); the venue's local time is
 *   said in words in the description;
 * - UID `<show id>@<site host>`: an id never changes, so a calendar updates its event rather than adding one;
 * - SEQUENCE given by the caller: grows with each change (the server: the show's newest history version; a build:
 *   the build's minute, as every build may carry changes);
 * - STATUS CANCELLED for a cancelled show, TENTATIVE for a postponed one, else CONFIRMED; URL the show's page;
 *   the ticket link in the description; lines folded at 75 octets and CRLF (the library's).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { siteConfig } from '../site.config';
import type { Language, Show } from '../src/content/model';
import { showEnd, showPath, showStart, showZone } from '../src/content/shows';
import { countryName, dateOnClock } from '../src/content/show-view';
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

/** The iCalendar text of `shows` (each with a start; the caller picks which). */
export function showsCalendar(shows: readonly Show[], options: CalendarOptions): string {
  const { lang, now } = options;
  const site = new URL(options.siteUrl ?? siteConfig.siteUrl);
  const artist = siteConfig.artist.name;
  const calendar = ical({
    prodId: { company: artist, product: 'Scena shows', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.feed && { name: word(lang, 'feed', { artist }), ttl: FEED_REFRESH_SECONDS, url: new URL('/shows.ics', site).href }),
  });
  for (const show of shows) {
    const start = showStart(show);
    if (start === undefined) continue;
    const zone = showZone(show);
    const local = dateOnClock(start, zone, lang, true);
    const url = new URL(showPath(lang, show.slug), site).href;
    const tickets = show.state === 'cancelled' ? '' : safeHttps(show.tickets, '');
    const state = stateText(show, lang);
    const description = [
      word(lang, 'local', { date: local.date, time: local.time, zone }),
      state,
      admissionText(show, lang),
      tickets && word(lang, 'tickets', { url: tickets }),
      word(lang, 'page', { url }),
      show[`description_${lang}`].trim(),
    ].filter(Boolean);
    calendar.createEvent({
      id: `${show.id}@${site.host}`,
      sequence: Math.max(0, Math.floor(options.sequence(show))),
      stamp: new Date(now),
      start: new Date(start),
      end: new Date(showEnd(show)!),
      summary: `${show.state === 'cancelled' ? word(lang, 'cancelled') : ''}${artist} · ${showWord(lang, show.kind)} · ${show.venue}, ${show.city}`,
      location: [show.venue, show.address, show.city, countryName(show.country, lang)].filter(Boolean).join(', '),
      description: description.join('\n\n'),
      url,
      status: show.state === 'cancelled' ? ICalEventStatus.CANCELLED : show.state === 'postponed' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** A build's SEQUENCE: whole minutes since 2026-01-01 at the build, so each build's is higher than the last one's. */
export const buildSequence = (now: number): number => Math.floor((now - Date.UTC(2026, 0, 1)) / 60_000);
