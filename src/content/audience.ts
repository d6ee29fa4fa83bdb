/**
 * Fan numbers (issue 16): what the public script sends and what the admin reads, shared by the server,
 * the server adapter and the dashboard. Zod-free plain data, safe for the public page's bundle.
 * How the numbers are made: docs/decisions/0026-audience-without-cookies.md.
 */

/**
 * A visit from a QR code the admin made (src/admin/qr): its address carries `?src=qr`, which the server's counting
 * credits to this source (server/audience/counting.ts sourceOf).
 */
export const QR_SOURCE = 'qr';

/** The ranges the dashboard offers, in days (today included). */
export const AUDIENCE_RANGES = [7, 30, 365] as const;
export type AudienceRange = (typeof AUDIENCE_RANGES)[number];

/**
 * What the public script reports (`t` of POST /api/event). Stored by index: new types go at the end. `sample-play` (a
 * sample started) and `sample-switch` (its Before / After switch used) name the sample's id in `a`. `show-ticket` (a
 * show's Tickets link followed) and `show-calendar` (a show's "Add to calendar" .ics link followed) name the show's id
 * in `a` (issue 23; docs/decisions/0033-shows-model.md): `track('show-ticket', { a: show.id })`, sent from the home
 * page's block, the list page (/en/shows/, /ro/concerte/) or the show's own page; counted only for a published show.
 */
export const AUDIENCE_EVENTS = [
  'view',
  'click',
  'play',
  'booking',
  'newsletter-loaded',
  'newsletter-failed',
  'sample-play',
  'sample-switch',
  'show-ticket',
  'show-calendar',
] as const;
export type AudienceEventType = (typeof AUDIENCE_EVENTS)[number];

/** The device classes, read from the User-Agent. */
export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICES)[number];

/**
 * One event as the public script sends it (POST /api/event, a JSON text sent by `navigator.sendBeacon`).
 * `p` is the page's own path (with its query, which may carry `utm_source`), `r` `document.referrer`.
 */
export interface AudienceEvent {
  t: AudienceEventType;
  p: string;
  r?: string;
  l?: 'en' | 'ro';
  /** Screen width: accepted, not used (the device class comes from the User-Agent). */
  w?: number;
  /** A platform key (src/content/platforms.ts) or a social link key (LINK_KEYS): clicks and plays. */
  k?: string;
  /** The release's slug, when the click, play or view belongs to a release. */
  s?: string;
  /** The sample's id, for `sample-play` and `sample-switch`; the show's id, for `show-ticket` and `show-calendar`. */
  a?: string;
}

/** The admin's numbers over a range of days (GET /api/admin/audience?days=7|30|365). */
export interface AudienceReport {
  range: AudienceRange;
  /** The artist's time zone the days are counted in (siteConfig.artist.timeZone). */
  timeZone: string;
  /** Every day of the range, oldest first, zeros included; the last one is today (so far). */
  days: { date: string; visitors: number; views: number }[];
  /** Visitors: the sum of each day's unique visitors (a visitor is not recognised from one day to the next). */
  totals: { visitors: number; views: number };
  /** The 10 most viewed. */
  pages: { path: string; lang: string; views: number; visitors: number }[];
  /** The 10 that brought the most visitors: a referring site's host (`www.` dropped) or a `utm_source`; visits from no other site are not listed. */
  referrers: { source: string; visitors: number }[];
  /** Clicks on outbound links, by platform key, most clicked first (every platform clicked). */
  platforms: { platform: string; clicks: number }[];
  /** Each release with any number: its page views, outbound clicks and player starts, most viewed first. */
  releases: { slug: string; views: number; clicks: number; plays: number }[];
  devices: { device: DeviceClass; visitors: number }[];
  /** Each sample played: its plays and its Before / After switches, most played first (the id names it in the admin). */
  samples?: { sample: string; plays: number; switches: number }[];
  /** Each published or past show with a ticket click or a calendar download: its id, most clicked first (the admin names it). */
  shows?: { show: string; tickets: number; calendars: number }[];
  events: { booking: number; newsletterLoaded: number; newsletterFailed: number; plays: number };
}
