/**
 * Every kind of content, declared once (docs/adding-content.md) (plain data).
 * Safe for the public page: plain data, no zod. What is computed from them lives in ./derived.ts, so that
 * the public page's bundle holds the declarations and nothing it does not use.
 */
import { bookings, bookingsWords } from './bookings';
import { collaborators, collaboratorsWords } from './collaborators';
import { media, mediaWords } from './media';
import { releases, releasesWords } from './releases';
import { settings, settingsWords } from './settings';
import { stats, statsWords } from './stats';

export { bookings, collaborators, media, releases, settings, stats };
/** The admin's labels and help, by kind (the public page never imports them). */
export const WORDS = {
  settings: settingsWords,
  stats: statsWords,
  releases: releasesWords,
  collaborators: collaboratorsWords,
  media: mediaWords,
  bookings: bookingsWords,
} as const;

/** In the order the admin and the exports show them. */
export const KINDS = [settings, stats, releases, collaborators, media, bookings] as const;
export const SINGLETONS = [settings, stats] as const;
export const LISTS = [releases, collaborators, media, bookings] as const;
