/**
 * What the site holds before the admin has written anything (the spec's static content, now ordinary content
 * the admin edits): the two albums as releases and the latest vlog. Scena's server writes it into a new
 * database once, at its first start; a build without a backend (`none`) shows it; on Firebase the page shows
 * its releases while the collection is empty (docs/decisions/0024-release-cycle.md). Plain data, every field
 * written out, so the public page's bundle takes it without the declarations.
 */
import type { PublicContent, Release, Service, Settings } from './model';

const release = (r: Pick<Release, 'id' | 'title' | 'slug' | 'date' | 'links' | 'description_en' | 'description_ro'>): Release => ({
  status: 'published',
  kind: 'album',
  cover: '',
  tracks: 9,
  meta: '',
  url: '',
  fansLetter: 'no',
  ...r,
});

export const SEED_RELEASES: Release[] = [
  release({
    id: 'seed-lumini-de-oras',
    title: 'Lumini de oraș',
    slug: 'lumini-de-oras',
    date: '2024-11-08T00:00',
    links: { spotify: 'https://open.spotify.com/album/5kVZa4lFUmAQlBogl1fkd6' },
    description_en: 'Nine tracks from the city at night: warm synthesizers, rain on the Someș and the last tram home.',
    description_ro: 'Nouă piese din orașul de noapte: sintetizatoare calde, ploaie pe Someș și ultimul tramvai spre casă.',
  }),
  release({
    id: 'seed-nocturn',
    title: 'Nocturn',
    slug: 'nocturn',
    date: '2023-10-13T00:00',
    links: { spotify: 'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3' },
    description_en: 'The first album: nine tracks made between midnight and dawn in a Cluj attic studio.',
    description_ro: 'Primul album: nouă piese făcute între miezul nopții și zori, într-un studio de la mansardă din Cluj.',
  }),
];

const service = (s: Pick<Service, 'id' | 'title_en' | 'title_ro' | 'description_en' | 'description_ro' | 'booking'>): Service => ({
  priceFrom: 0,
  currency: 'EUR',
  priceNote_en: '',
  priceNote_ro: '',
  daysFrom: 0,
  daysTo: 0,
  included_en: '',
  included_ro: '',
  ...s,
});

/**
 * The spec's four services, in its order, with the words the page had before services were content (no price, no
 * turnaround: those are the admin's to give). A list with none shows these (a Services section is never empty).
 */
export const SEED_SERVICES: Service[] = [
  service({
    id: 'seed-beats',
    title_en: 'Custom beats',
    title_ro: 'Beaturi personalizate',
    description_en: 'Original instrumentals built around your voice, your story and your deadline.',
    description_ro: 'Instrumentale originale construite în jurul vocii tale, al poveștii tale și al termenului tău.',
    booking: 'beat',
  }),
  service({
    id: 'seed-mixing',
    title_en: 'Mixing',
    title_ro: 'Mixaj',
    description_en: 'Clear vocals, punchy drums and space for every element, ready for any speaker.',
    description_ro: 'Voce clară, tobe puternice și loc pentru fiecare element, gata pentru orice boxă.',
    booking: 'mixing',
  }),
  service({
    id: 'seed-mastering',
    title_en: 'Mastering',
    title_ro: 'Masterizare',
    description_en: 'Loud, balanced masters that translate to streaming, radio and the club.',
    description_ro: 'Mastere puternice și echilibrate, care sună bine pe streaming, la radio și în club.',
    booking: 'mastering',
  }),
  service({
    id: 'seed-collabs',
    title_en: 'Collabs',
    title_ro: 'Colaborări',
    description_en: 'Features, co-writes and joint releases with artists who want to try something new.',
    description_ro: 'Featuring-uri, piese scrise împreună și lansări comune cu artiști care vor să încerce ceva nou.',
    booking: 'collab',
  }),
];

export const SEED_SETTINGS: Settings = { vlog: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

/** The first-start content: what the server seeds and a build without a backend shows. */
export const SEED_CONTENT: PublicContent = {
  settings: SEED_SETTINGS,
  releases: SEED_RELEASES,
  shows: [],
  collaborators: [],
  services: SEED_SERVICES,
  samples: [],
  credits: [],
  testimonials: [],
  links: [],
};
