/**
 * The media library: every image the artist uploaded (or, on Firebase, gave by its address), with its alt
 * text per language (docs/decisions/0023-images.md). Other kinds point at an item with an `image` field.
 * On Scena's server an upload makes the item: `src`, `width`, `height` and `placeholder` come from the file
 * and only the alt texts and the name are the admin's to change.
 */
import { imageSource, list, placeholder, text, wholeNumber, type KindWords } from '../fields/declare';

/** The widest an original may be on either side (50 megapixels allows 50,000 × 1,000 at most). */
export const IMAGE_SIDE_MAX = 50_000;

export const media = list({
  name: 'media',
  item: 'image',
  max: 200,
  fields: {
    src: imageSource({}),
    width: wholeNumber({ min: 1, max: IMAGE_SIDE_MAX }),
    height: wholeNumber({ min: 1, max: IMAGE_SIDE_MAX }),
    placeholder: placeholder({}),
    name: text({ max: 200 }),
    alt: text({ max: 250, perLanguage: true }),
  },
});

export const mediaWords = {
  label: { en: 'Media', ro: 'Media' },
  fields: {
    src: {
      label: { en: 'Image address', ro: 'Adresa imaginii' },
      help: { en: 'An https:// link to a JPEG, PNG, WebP or AVIF file.', ro: 'Un link https:// către un fișier JPEG, PNG, WebP sau AVIF.' },
    },
    width: { label: { en: 'Width (pixels)', ro: 'Lățime (pixeli)' } },
    height: { label: { en: 'Height (pixels)', ro: 'Înălțime (pixeli)' } },
    placeholder: { label: { en: 'Preview', ro: 'Previzualizare' } },
    name: { label: { en: 'Name', ro: 'Nume' }, help: { en: 'For you only: visitors never see it.', ro: 'Doar pentru dumneavoastră: vizitatorii nu îl văd.' } },
    alt: {
      label: { en: 'Alt text', ro: 'Text alternativ' },
      help: {
        en: 'What the image shows, for people who cannot see it, in both languages. Until then the site names it after where it is used (“Cover of …”).',
        ro: 'Ce arată imaginea, pentru cei care nu o pot vedea, în ambele limbi. Până atunci, site-ul o numește după locul în care este folosită („Coperta …”).',
      },
    },
  },
} satisfies KindWords<typeof media>;
