/**
 * The artist's own links on the link page (/links, issue 31; docs/decisions/0051-link-page.md): a label per language,
 * an https address (a `javascript:` or `data:` one is refused, as by every link field) and an icon from a small
 * built-in set, in the order the admin sets.
 */
import { choice, link, list, text, type KindWords } from '../fields/declare';

/** The icons the link page draws (src/site/links/icons.ts), the first one the plain "website" globe. */
export const LINK_ICONS = ['website', 'instagram', 'tiktok', 'youtube', 'spotify', 'apple-music', 'bandcamp', 'soundcloud', 'facebook'] as const;
export type LinkIcon = (typeof LINK_ICONS)[number];

export const links = list({
  name: 'links',
  item: 'ownLink',
  max: 30,
  fields: {
    label: text({ max: 60, perLanguage: true }),
    url: link({}),
    icon: choice({ options: LINK_ICONS }),
  },
});

export const linksWords = {
  label: { en: 'Link page', ro: 'Pagina de linkuri' },
  fields: {
    label: {
      label: { en: 'Label', ro: 'Etichetă' },
      help: { en: 'What the button says, such as “My merch”. At most 60 characters.', ro: 'Ce scrie pe buton, de exemplu „Merch”. Cel mult 60 de caractere.' },
    },
    url: {
      label: { en: 'Address (https)', ro: 'Adresa (https)' },
      help: { en: 'The whole address, starting with https://.', ro: 'Adresa întreagă, care începe cu https://.' },
    },
    icon: {
      label: { en: 'Icon', ro: 'Pictogramă' },
      options: {
        website: { en: 'Website', ro: 'Site' },
        instagram: { en: 'Instagram', ro: 'Instagram' },
        tiktok: { en: 'TikTok', ro: 'TikTok' },
        youtube: { en: 'YouTube', ro: 'YouTube' },
        spotify: { en: 'Spotify', ro: 'Spotify' },
        'apple-music': { en: 'Apple Music', ro: 'Apple Music' },
        bandcamp: { en: 'Bandcamp', ro: 'Bandcamp' },
        soundcloud: { en: 'SoundCloud', ro: 'SoundCloud' },
        facebook: { en: 'Facebook', ro: 'Facebook' },
      },
    },
  },
} satisfies KindWords<typeof links>;
