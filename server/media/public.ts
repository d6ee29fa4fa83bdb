/**
 * What the public sees of the media library: only the images some content points at (a portrait, a share
 * image, a cover), found through the declarations' image fields. An image uploaded but not used yet, or
 * used only by a removed release, stays private: its address is never published.
 */
import { imageUses } from '../../src/content/kinds/derived';
import type { MediaItem, PublicContent } from '../../src/content/model';

type Values = Parameters<typeof imageUses>[0];

/** The snapshot as the public page and GET /api/content have it: `media` holds the images in use, and is absent when none is. */
export function publicContent(all: PublicContent): PublicContent {
  const { media = [], ...rest } = all;
  const used = imageUses(all as unknown as Values);
  const shown: MediaItem[] = media.filter((item) => used.has(item.id));
  return shown.length ? { ...rest, media: shown } : rest;
}
