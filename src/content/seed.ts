/**
 * What the site holds before the admin has written anything (the spec's static content, now ordinary content
 * the admin edits): the two albums as releases, the latest vlog and the collaborators shown until the admin
 * lists their own. Scena's server writes it into a new database once, at its first start; a build without a
 * backend (`none`) shows it; on Firebase the page shows it while the collection is empty
 * (docs/decisions/0024-release-cycle.md). Public-safe plain data.
 */
import { fullItem } from './fields/declare';
import { releases } from './kinds';
import type { Collaborator, PublicContent, Release, Settings } from './model';

export const SEED_RELEASES: Release[] = [
  fullItem(releases, {
    id: 'seed-lumini-de-oras',
    title: 'Lumini de oraș',
    slug: 'lumini-de-oras',
    kind: 'album',
    status: 'published',
    date: '2024-11-08T00:00',
    tracks: 9,
    links: { spotify: 'https://open.spotify.com/album/5kVZa4lFUmAQlBogl1fkd6' },
    description_en: 'Nine tracks from the city at night: warm synthesizers, rain on the Someș and the last tram home.',
    description_ro: 'Nouă piese din orașul de noapte: sintetizatoare calde, ploaie pe Someș și ultimul tramvai spre casă.',
  }),
  fullItem(releases, {
    id: 'seed-nocturn',
    title: 'Nocturn',
    slug: 'nocturn',
    kind: 'album',
    status: 'published',
    date: '2023-10-13T00:00',
    tracks: 9,
    links: { spotify: 'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3' },
    description_en: 'The first album: nine tracks made between midnight and dawn in a Cluj attic studio.',
    description_ro: 'Primul album: nouă piese făcute între miezul nopții și zori, într-un studio de la mansardă din Cluj.',
  }),
];

export const SEED_SETTINGS: Settings = { vlog: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

/** Shown in the "Worked with" block until the admin adds collaborators (never written to a backend). */
export const DEFAULT_COLLABORATORS: Collaborator[] = [
  { id: 'c1', name: 'Irina Dobre', role: 'artist' },
  { id: 'c2', name: 'Matei Pop', role: 'audioEngineer' },
];

/** The first-start content: what the server seeds and a build without a backend shows. */
export const SEED_CONTENT: PublicContent = { settings: SEED_SETTINGS, releases: SEED_RELEASES, collaborators: [] };
