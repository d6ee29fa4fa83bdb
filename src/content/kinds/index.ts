/**
 * Every kind of content, declared once (docs/adding-content.md) (plain data).
 * Safe for the public page: plain data, no zod. What is computed from them lives in ./derived.ts, so that
 * the public page's bundle holds the declarations and nothing it does not use.
 */
import { audio, audioWords } from './audio';
import { bookings, bookingsWords } from './bookings';
import { collaborators, collaboratorsWords } from './collaborators';
import { credits, creditsWords } from './credits';
import { documents, documentsWords } from './documents';
import { links, linksWords } from './links';
import { media, mediaWords } from './media';
import { press, pressPhotos, pressPhotosWords, pressWords, quotes, quotesWords } from './press';
import { releases, releasesWords } from './releases';
import { samples, samplesWords } from './samples';
import { services, servicesWords } from './services';
import { settings, settingsWords } from './settings';
import { shows, showsWords } from './shows';
import { stats, statsWords } from './stats';
import { testimonials, testimonialsWords } from './testimonials';

export {
  audio,
  bookings,
  collaborators,
  credits,
  documents,
  links,
  media,
  press,
  pressPhotos,
  quotes,
  releases,
  samples,
  services,
  settings,
  shows,
  stats,
  testimonials,
};
/** The admin's labels and help, by kind (the public page never imports them). */
export const WORDS = {
  settings: settingsWords,
  stats: statsWords,
  releases: releasesWords,
  shows: showsWords,
  collaborators: collaboratorsWords,
  services: servicesWords,
  samples: samplesWords,
  credits: creditsWords,
  testimonials: testimonialsWords,
  links: linksWords,
  press: pressWords,
  pressPhotos: pressPhotosWords,
  quotes: quotesWords,
  media: mediaWords,
  audio: audioWords,
  documents: documentsWords,
  bookings: bookingsWords,
} as const;

/** In the order the admin and the exports show them. */
export const KINDS = [
  settings,
  stats,
  releases,
  shows,
  collaborators,
  services,
  samples,
  credits,
  testimonials,
  links,
  press,
  pressPhotos,
  quotes,
  media,
  audio,
  documents,
  bookings,
] as const;
type Kind = (typeof KINDS)[number];
/** The kinds of one value (settings, stats, the press kit) and the lists, as KINDS orders them. */
export const SINGLETONS = KINDS.filter((kind): kind is Extract<Kind, { shape: 'singleton' }> => kind.shape === 'singleton');
export const LISTS = KINDS.filter((kind): kind is Extract<Kind, { shape: 'list' }> => kind.shape === 'list');
