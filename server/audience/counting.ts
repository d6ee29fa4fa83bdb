/**
 * What one event becomes before it is stored (docs/decisions/0026-audience-without-cookies.md): the
 * artist's day, the visitor's hash, the device class, the source. Pure functions, no database.
 */
import { createHash } from 'node:crypto';
import { QR_SOURCE, type DeviceClass } from '../../src/content/audience';

const DAY_MS = 86_400_000;

/**
 * The day `at` falls on in `timeZone`, as a day number (days since 1970-01-01 of that calendar date):
 * small to store, and consecutive days differ by one whatever the clock changes.
 */
export function dayNumber(at: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A day number as YYYY-MM-DD. */
export const dayDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The visitor of one day: a SHA-256 of the day's random salt, the client's address, its User-Agent and
 * the site, cut to 48 bits (an exact JavaScript number and SQLite integer; at 100,000 visitors a day two
 * of them share a value with a chance of about 2 in 100,000). Without the salt, which is deleted when
 * its day ends, the value cannot be tied back to an address: not even by whoever holds the database.
 */
export function visitorHash(salt: Uint8Array, address: string, userAgent: string, site: string): number {
  const digest = createHash('sha256').update(salt).update('\0').update(address).update('\0').update(userAgent).update('\0').update(site).digest();
  return digest.readUIntBE(0, 6);
}

/**
 * The device class from the User-Agent alone (no screen width, no client hints): tablets first (iPad,
 * Android without "Mobile", "Tablet"), then phones ("Mobi", iPhone, Android), else a desktop. An iPad
 * that asks for desktop sites says it is a Mac and counts as a desktop.
 */
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'phone';
  return 'desktop';
}

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const UTM = /^[a-z0-9][a-z0-9._ -]{0,63}$/;
/** A letter's links carry `src=letter-<id>` (server/fans/letter-render.ts): the visit is credited to that letter. */
const LETTER_SOURCE = /^letter-[0-9a-f]{12}$/;

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * The apps whose own browser opens a link tapped in a bio or a post, by the name their user agent carries: they send no
 * referrer, so without this a visit from the artist's Instagram bio counts as "no other site".
 */
const IN_APP: [RegExp, string][] = [
  [/\bInstagram\b/, 'instagram'],
  [/\bmusical_ly|\btrill_\d|\bBytedanceWebview\b|\bTikTok\b/i, 'tiktok'],
  [/\b(?:FBAN|FBAV|FB_IAB|FBIOS)\b/, 'facebook'],
];

/** The in-app browser a user agent names, or undefined. */
function inAppSource(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  return IN_APP.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/**
 * Where a page view came from: the `utm_source` of the page's address when it has a usable one
 * (lower-cased, at most 64 letters, digits, dots, dashes, underscores or spaces), or its `src` when that names a
 * letter to the fans (`letter-<id>`: a mail program sends no referrer, so this is how a letter's visits count) or a
 * QR code (`qr`), else the app whose own browser opened the page (Instagram, TikTok, Facebook: no referrer), else the
 * referring page's host without `www.`; undefined for a visit from no other site (no referrer, the site's own
 * hosts, anything but http(s)).
 */
export function sourceOf(pathWithQuery: string, referrer: string | undefined, ownHosts: string[], userAgent?: string): string | undefined {
  const query = pathWithQuery.indexOf('?');
  if (query >= 0) {
    const utm = new URLSearchParams(pathWithQuery.slice(query + 1)).get('utm_source')?.trim().toLowerCase();
    if (utm && UTM.test(utm)) return utm;
    const src = new URLSearchParams(pathWithQuery.slice(query + 1)).get('src')?.trim().toLowerCase();
    if (src && (LETTER_SOURCE.test(src) || src === QR_SOURCE)) return src;
  }
  const app = inAppSource(userAgent);
  if (app) return app;
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = bareHost(url.hostname);
  if (!HOST.test(host) || host.length > 253) return undefined;
  return ownHosts.some((own) => bareHost(own) === host) ? undefined : host;
}
