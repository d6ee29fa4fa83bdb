/** The discography, in the admin's order. */
import { image, link, list, text, type KindWords } from '../fields/declare';

export const releases = list({
  name: 'releases',
  item: 'release',
  max: 200,
  fields: {
    title: text({ max: 200 }),
    meta: text({ max: 300 }),
    url: link({}),
    cover: image({}),
  },
});

export const releasesWords = {
  label: { en: 'Releases', ro: 'Lansări' },
  fields: {
    title: { label: { en: 'Title', ro: 'Titlu' } },
    meta: { label: { en: 'Details (album, year, songs)', ro: 'Detalii (album, an, piese)' } },
    url: {
      label: { en: 'Link', ro: 'Link' },
      help: { en: 'An https:// link to listen to it; may be empty.', ro: 'Un link https:// unde poate fi ascultată; poate lipsi.' },
    },
    cover: {
      label: { en: 'Cover', ro: 'Copertă' },
      help: { en: 'Chosen from Media; the tile shows a colour until one is chosen.', ro: 'Aleasă din Imagini; până atunci, pătratul rămâne colorat.' },
    },
  },
} satisfies KindWords<typeof releases>;
