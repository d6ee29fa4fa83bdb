/** The site's texts and contact: one document, saved by merge (a save names only what changed). */
import { email, image, linkGroup, longText, singleton, text, type KindWords } from '../fields/declare';

export const settings = singleton({
  name: 'settings',
  save: 'merge',
  fields: {
    heroTitle: text({ max: 120, perLanguage: true }),
    bio1: longText({ max: 2000, perLanguage: true }),
    bio2: longText({ max: 2000, perLanguage: true }),
    bio3: longText({ max: 2000, perLanguage: true }),
    email: email({}),
    links: linkGroup({ links: { spotify: {}, artistconnect: {}, youtube: {}, instagram: {}, tiktok: {}, twitter: {} } }),
    portrait: image({}),
    shareImage: image({}),
  },
});

export const settingsWords = {
  label: { en: 'Settings', ro: 'Setări' },
  fields: {
    heroTitle: {
      label: { en: 'Hero title', ro: 'Titlul principal' },
      help: { en: 'The large line at the top of the page.', ro: 'Rândul mare din partea de sus a paginii.' },
    },
    bio1: { label: { en: 'Bio, first paragraph', ro: 'Biografie, primul paragraf' } },
    bio2: { label: { en: 'Bio, second paragraph', ro: 'Biografie, al doilea paragraf' } },
    bio3: { label: { en: 'Bio, third paragraph', ro: 'Biografie, al treilea paragraf' } },
    email: {
      label: { en: 'Contact e-mail', ro: 'E-mail de contact' },
      help: { en: 'An address, or mailto: and an address; no ?subject= or ?cc= part.', ro: 'O adresă, sau mailto: și o adresă; fără ?subject= sau ?cc=.' },
    },
    links: {
      label: { en: 'Links', ro: 'Linkuri' },
      help: { en: 'https:// links only; leave one empty to hide it.', ro: 'Doar linkuri https://; lăsați unul gol pentru a-l ascunde.' },
      links: {
        spotify: { label: { en: 'Spotify', ro: 'Spotify' } },
        artistconnect: { label: { en: 'Spotify for Artists', ro: 'Spotify for Artists' } },
        youtube: { label: { en: 'YouTube', ro: 'YouTube' } },
        instagram: { label: { en: 'Instagram', ro: 'Instagram' } },
        tiktok: { label: { en: 'TikTok', ro: 'TikTok' } },
        twitter: { label: { en: 'X (Twitter)', ro: 'X (Twitter)' } },
      },
    },
    portrait: {
      label: { en: 'Portrait', ro: 'Portret' },
      help: { en: 'The photo beside the bio, chosen from Media.', ro: 'Fotografia de lângă biografie, aleasă din Imagini.' },
    },
    shareImage: {
      label: { en: 'Image for sharing', ro: 'Imagine pentru distribuire' },
      help: {
        en: 'Shown when the site is shared on social networks; the portrait when empty.',
        ro: 'Apare când site-ul este distribuit pe rețelele sociale; dacă lipsește, se folosește portretul.',
      },
    },
  },
} satisfies KindWords<typeof settings>;
