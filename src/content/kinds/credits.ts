/**
 * The records the artist worked on for others ("Selected credits" under Services, newest year first, with
 * `MusicRecording` JSON-LD): who, what, his roles, the year, a link to it on one of the releases' platforms, a cover.
 */
import { choices, image, link, list, text, wholeNumber, type KindWords } from '../fields/declare';
import { PLATFORMS } from '../platforms';

export const CREDIT_ROLES = ['produced', 'mixed', 'mastered', 'co-wrote', 'featured', 'recorded'] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** A credit links to the record on any platform a release may link to. */
export const CREDIT_HOSTS = Object.values(PLATFORMS).flatMap((p) => p.hosts);

export const credits = list({
  name: 'credits',
  item: 'credit',
  max: 200,
  fields: {
    artist: text({ max: 120 }),
    title: text({ max: 200 }),
    roles: choices({ options: CREDIT_ROLES }),
    year: wholeNumber({ min: 1950, max: 2100 }),
    link: link({ hosts: CREDIT_HOSTS }),
    cover: image({}),
  },
});

export const creditsWords = {
  // Apart from Collaborators („Colaboratori”) and the Collabs service („Colaborări”): his work on others' records.
  label: { en: 'Credits', ro: 'Lucrări' },
  fields: {
    artist: { label: { en: 'Artist', ro: 'Artist' } },
    title: { label: { en: 'Title', ro: 'Titlu' } },
    roles: {
      label: { en: 'Your roles', ro: 'Rolurile dumneavoastră' },
      options: {
        produced: { en: 'Produced', ro: 'Producție' },
        mixed: { en: 'Mixed', ro: 'Mixaj' },
        mastered: { en: 'Mastered', ro: 'Masterizare' },
        'co-wrote': { en: 'Co-wrote', ro: 'Co-compozitor' },
        featured: { en: 'Featured', ro: 'Invitat' },
        recorded: { en: 'Recorded', ro: 'Înregistrare' },
      },
    },
    year: { label: { en: 'Year', ro: 'Anul' } },
    link: {
      label: { en: 'Link', ro: 'Link' },
      help: {
        en: 'Where to hear it: Spotify, Apple Music, YouTube, Deezer, TIDAL, Amazon Music, SoundCloud, Bandcamp or Beatport.',
        ro: 'Unde se poate asculta: Spotify, Apple Music, YouTube, Deezer, TIDAL, Amazon Music, SoundCloud, Bandcamp sau Beatport.',
      },
    },
    cover: {
      label: { en: 'Cover', ro: 'Copertă' },
      help: { en: 'From Media, or uploaded here.', ro: 'Din Media sau încărcată aici.' },
    },
  },
} satisfies KindWords<typeof credits>;
