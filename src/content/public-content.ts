import type { BackendKind, ContentReader } from './backend';
import { buildFirebaseConfig } from './backends/firebase-config';
import { cachedRead, type CachedRead } from './cache';
import type { MediaItem, PublicContent } from './model';

import { BACKEND_META, CONTENT_SCRIPT_ID, EMPTY_CONTENT } from './page-data';

/** The whole public snapshot, read through the backend once per session. */
export function publicContentCache(reader: Promise<ContentReader>): CachedRead<PublicContent> {
  return cachedRead<PublicContent>(async () => {
    const backend = await reader;
    const content = await backend.content().catch(() => EMPTY_CONTENT);
    return withReferencedLibraries({ ...EMPTY_CONTENT, ...content });
  }, EMPTY_CONTENT);
}

/**
 * The snapshot with only the library items (images, recordings) some content points at (a portrait, a share image, a
 * cover, a sample's audio), whatever the field: a reference holds an item's id, and ids (UUIDs, Firestore's 20 random
 * characters) never occur as other values. The public page needs no declarations to know which fields hold them.
 */
export function withReferencedLibraries(content: PublicContent): PublicContent {
  const used = new Set<unknown>();
  const collect = (value: object | undefined) => Object.values(value ?? {}).forEach((v) => typeof v === 'string' && used.add(v));
  for (const [name, value] of Object.entries(content)) {
    if (name === 'media' || name === 'audio' || name === 'documents') continue;
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') collect(value);
  }
  const media = (content.media ?? []).filter((item) => used.has(item.id));
  const audio = (content.audio ?? []).filter((item) => used.has(item.id));
  const documents = (content.documents ?? []).filter((item) => used.has(item.id));
  const { media: _m, audio: _a, documents: _d, ...rest } = content;
  return {
    ...rest,
    ...(media.length ? { media } : {}),
    ...(audio.length ? { audio } : {}),
    ...(documents.length ? { documents } : {}),
  } as PublicContent;
}

/** The media items some content points at (withReferencedLibraries' images). */
export function referencedMedia(content: Omit<PublicContent, 'media'>, media: MediaItem[]): MediaItem[] {
  return withReferencedLibraries({ ...content, media } as PublicContent).media ?? [];
}

/** The backend named by the page (server) or by the build's Firebase settings (firebase); none otherwise. */
export function detectBackend(doc: Pick<Document, 'querySelector'> | undefined): BackendKind {
  const named = doc?.querySelector(`meta[name="${BACKEND_META}"]`)?.getAttribute('content');
  if (named === 'server') return 'server';
  if (__FIREBASE_SETTINGS_GIVEN__ && buildFirebaseConfig()?.ok) return 'firebase';
  return 'none';
}

/** Content delivered inside the page by the server, if any. */
export function embeddedContent(doc: Pick<Document, 'getElementById'> | undefined): PublicContent | undefined {
  const text = doc?.getElementById(CONTENT_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as PublicContent;
    return { ...EMPTY_CONTENT, ...parsed };
  } catch {
    return undefined;
  }
}

/** Monthly listeners as shown on the public page: hidden below the threshold. */
export function visibleListeners(monthlyListeners: number | undefined, threshold: number): number | undefined {
  return typeof monthlyListeners === 'number' && monthlyListeners >= threshold ? monthlyListeners : undefined;
}
