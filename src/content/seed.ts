/**
 * What the site holds before the admin has written anything (the spec's static content, now ordinary content
 * the admin edits): the two albums as releases and the latest vlog. Scena's server writes it into a new
 * database once, at its first start; a build without a backend (`none`) shows it; on Firebase the page shows
 * its releases while the collection is empty (docs/decisions/0024-release-cycle.md). Plain data, every field
 * written out, so the public page's bundle takes it without the declarations.
 */
import type { PublicContent, Release, Settings } from './model';

const release = (r: Pick<Release, 'id' | 'title' | 'slug' | 'date' | 'links' | 'description_en' | 'description_ro'>): Release => ({
  status: 'published',
  kind: 'album',
  cover: '',
  tracks: 9,
  meta: '',
  url: '',
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

export const SEED_SETTINGS: Settings = { vlog: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

/** The first-start content: what the server seeds and a build without a backend shows. */
export const SEED_CONTENT: PublicContent = { settings: SEED_SETTINGS, releases: SEED_RELEASES, collaborators: [] };
