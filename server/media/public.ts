/**
 * What the public sees of the content: the public items only (a draft release is the admin's: ListKind.publicWhen),
 * and of the media library only the images that content points at (a portrait, a share image, a cover), found
 * through the declarations' image fields. An image uploaded but not used yet, or used only by a draft or a removed
 * release, stays private: its address is never published.
 */
import { isPublicItem, isPublicKind } from '../../src/content/fields/declare';
import { imageUses } from '../../src/content/kinds/derived';
import { LISTS } from '../../src/content/kinds';
import type { MediaItem, PublicContent } from '../../src/content/model';

type Values = Parameters<typeof imageUses>[0];

/** The snapshot as the public page and GET /api/content have it: `media` holds the images in use, and is absent when none is. */
export function publicContent(all: PublicContent): PublicContent {
  const visible = withoutInboxes(all) as unknown as Record<string, unknown>;
  for (const list of LISTS) {
    const items = visible[list.name];
    if (Array.isArray(items)) visible[list.name] = items.filter((item: Record<string, unknown>) => isPublicItem(list, item));
  }
  const { media = [], ...rest } = visible as unknown as PublicContent;
  const used = imageUses(visible as unknown as Values);
  const shown: MediaItem[] = media.filter((item) => used.has(item.id));
  return shown.length ? { ...rest, media: shown } : rest;
}

/** What the signed-in admin previews: every item (drafts too), with the images any of them uses; never an inbox (bookings). */
export function adminContent(everything: PublicContent): PublicContent {
  const all = withoutInboxes(everything);
  const used = imageUses(all as unknown as Values);
  return { ...all, media: (all.media ?? []).filter((item) => used.has(item.id)) };
}

/** The content without the lists no page shows (an inbox: ListKind.inbox), whose names are never in a page. */
function withoutInboxes(all: PublicContent): PublicContent {
  const out = { ...all } as unknown as Record<string, unknown>;
  for (const list of LISTS) if (!isPublicKind(list)) delete out[list.name];
  return out as unknown as PublicContent;
}
