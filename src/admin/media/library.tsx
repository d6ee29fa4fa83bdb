/**
 * The media library as the rest of the admin sees it: the items a page's loader read (for the image
 * picker), their thumbnails, where each is used and which alt texts are still missing.
 */
import { createContext, useContext } from 'react';
import { useLoaderData } from 'react-router';
import type { ContentAdmin } from '../../content/backend';
import type { Kind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { imagePlaces } from '../../content/kinds/image-places';
import { isLocalMedia, variantUrl, variantWidths } from '../../content/media';
import { LANGUAGES, type Language, type MediaItem } from '../../content/model';
import { LANGUAGE_NAMES, say } from '../kinds/form-model';
import { adminLanguage } from '../language';
import { MEDIA_WORDS } from './words';

/** The library, for the image picker: undefined where the page did not read it. */
export const MediaLibrary = createContext<MediaItem[] | undefined>(undefined);
export const useMediaLibrary = () => useContext(MediaLibrary);

/** The kinds that point at images (settings, releases …), from the declarations. */
export const hasImageField = (kind: Kind): boolean => Object.values(kind.fields).some((field) => field.type === 'image');
export const KINDS_WITH_IMAGES = KINDS.filter(hasImageField);

/** The whole library, for a page whose form has an image field; empty when it cannot be read (the picker then offers None only). */
export const readLibrary = (backend: ContentAdmin): Promise<MediaItem[]> => backend.list('media').catch(() => []);

/** The current value of each of `kinds` (a singleton's value, a list's items), by kind name: where a library's items are used. */
export async function readOwners(backend: ContentAdmin, kinds: readonly Kind[]): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    kinds.map(async (kind) => [kind.name, kind.shape === 'singleton' ? await backend.read(kind.name as never) : await backend.list(kind.name as never)]),
  );
  return Object.fromEntries(entries);
}

/** The kinds whose `itemRef` fields point at a library (audio, documents), from the declarations. */
export const kindsPointingAt = (list: 'audio' | 'documents') =>
  KINDS.filter((kind) => Object.values(kind.fields).some((f) => f.type === 'itemRef' && f.list === list));

/** The current value of every kind that points at images, by kind name, to say where each image is used. */
export const readImageOwners = (backend: ContentAdmin): Promise<Record<string, unknown>> => readOwners(backend, KINDS_WITH_IMAGES);

/** Where each image is used, in words: "Settings › Portrait", "Releases › “Blue” › Cover". */
export const usesInWords = (owners: Record<string, unknown>): Map<string, string[]> => imagePlaces(owners, adminLanguage(), MEDIA_WORDS.untitled);

/** The languages whose alt text is empty: the public page describes the image by where it is used (decision 0049). */
export const missingAlt = (item: MediaItem): Language[] => LANGUAGES.filter((lang) => String(item[`alt_${lang}`] ?? '').trim() === '');

/** Languages named inside a sentence: "English and Romanian", „engleză și română” (Romanian writes them in lower case). */
export const languagesInWords = (languages: readonly Language[]): string =>
  languages.map((lang) => (adminLanguage() === 'ro' ? LANGUAGE_NAMES[lang].toLocaleLowerCase('ro') : LANGUAGE_NAMES[lang])).join(say(MEDIA_WORDS.and));

/** "No description in English and Romanian yet: the site names it after where it is used." (unused: the first half). */
export function missingAltNote(item: MediaItem, used = true): string | undefined {
  const missing = missingAlt(item);
  if (missing.length === 0) return undefined;
  return say(used ? MEDIA_WORDS.notShown : MEDIA_WORDS.notDescribedYet).replace('{languages}', languagesInWords(missing));
}

/** A picture in use that still lacks a description, with the languages it lacks and where it is used. */
export interface UndescribedPicture {
  item: MediaItem;
  missing: Language[];
  /** "Releases › “Zori de zi” › Cover", in the admin's language. */
  places: string[];
}

/**
 * The pictures in use without a description in some language, for the dashboard's checklist: `media` from
 * readLibrary, `owners` from readImageOwners. A picture nobody uses is left out (the site does not show it).
 */
export function picturesWithoutDescription(media: readonly MediaItem[], owners: Record<string, unknown>): UndescribedPicture[] {
  const uses = usesInWords(owners);
  return media.flatMap((item) => {
    const places = uses.get(item.id) ?? [];
    const missing = missingAlt(item);
    return places.length > 0 && missing.length > 0 ? [{ item, missing, places }] : [];
  });
}

export const imageName = (item: MediaItem): string => item.name.trim() || say(MEDIA_WORDS.untitledImage);

/** The smallest file of an image, for thumbnails: an upload's narrowest WebP variant, or the address itself. */
export const thumbnailUrl = (item: MediaItem): string => (isLocalMedia(item.src) ? variantUrl(item.src, variantWidths(item.width)[0]!, 'webp') : item.src);

/** A thumbnail; decorative beside the image's name, which says what it is to the admin. */
export function Thumb({ item }: { item: MediaItem }) {
  return <img className="thumb" src={thumbnailUrl(item)} width={item.width} height={item.height} alt="" loading="lazy" decoding="async" />;
}

/** Gives a page's form the library its loader read (`media` beside the page's own data). */
export function WithLibrary({ children }: { children: React.ReactNode }) {
  const data = useLoaderData() as { media?: MediaItem[] };
  return <MediaLibrary.Provider value={data.media}>{children}</MediaLibrary.Provider>;
}
