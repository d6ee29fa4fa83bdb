/**
 * What a picture in use says when the artist has not described it yet (decision 0049): the public page shows it all
 * the same, described from the item that uses it ("Cover of Zori de zi", „Coperta „Zori de zi””), in the page's
 * language. The admin offers the same words as the description it asks for, so what he accepts is what was shown.
 * Shared by the public page, its head (Open Graph) and the admin: no words module of either side.
 */
import { siteConfig } from '../../site.config';
import type { Language } from './constants';
import type { MediaItem } from './model';

type Worded = Readonly<Record<Language, string>>;

/** The words of a described default, by what the picture is; {title} is the item's name. */
export const DEFAULT_ALT_WORDS = {
  cover: { en: 'Cover of {title}', ro: 'Coperta „{title}”' },
  poster: { en: 'Poster of the show at {title}', ro: 'Afișul concertului de la {title}' },
  portrait: { en: 'Portrait of {title}', ro: 'Portret: {title}' },
  photo: { en: 'Photo of {title}', ro: 'Fotografie: {title}' },
  /** Without a name to give ("Cover", when the release has no title yet). */
  coverAlone: { en: 'Cover', ro: 'Copertă' },
  posterAlone: { en: 'Show poster', ro: 'Afișul concertului' },
  photoAlone: { en: 'Photo', ro: 'Fotografie' },
} as const satisfies Record<string, Worded>;

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The described default of a picture in one of the declarations' image fields: `kind` and `field` name the place
 * (releases' cover, settings' portrait), `item` is the release, show, credit or testimonial (settings: none needed).
 */
export function defaultAlt(kind: string, field: string, item: Record<string, unknown> | undefined, lang: Language): string {
  const named = (words: Worded, alone: Worded, title: string) => (title ? words[lang].replace('{title}', title) : alone[lang]);
  const W = DEFAULT_ALT_WORDS;
  if (kind === 'settings') return named(W.portrait, W.photoAlone, siteConfig.artist.name);
  if (kind === 'shows') {
    const city = str(item?.[`cityName_${lang}`]) || str(item?.city);
    return named(W.poster, W.posterAlone, [str(item?.venue), city].filter(Boolean).join(', '));
  }
  if (kind === 'testimonials') return named(W.photo, W.photoAlone, str(item?.name));
  // A release's or a credit's cover, and any image field declared later: named by the item's title.
  return named(W.cover, W.coverAlone, str(item?.title));
}

/** The alt text a picture is shown with: its own description in the language, else the described default. */
export function altOf(image: Record<string, unknown> | undefined, lang: Language, fallback: string): string {
  return str(image?.[`alt_${lang}`]) || fallback;
}

/** The library item an image field points at (`id`), with the alt text it is shown with; undefined when there is none. */
export function shownImage(
  media: MediaItem[] | undefined,
  id: string | undefined,
  lang: Language,
  fallback: string,
): { image: MediaItem; alt: string } | undefined {
  if (!id) return undefined;
  const image = media?.find((item) => item.id === id);
  return image ? { image, alt: altOf(image, lang, fallback) } : undefined;
}
