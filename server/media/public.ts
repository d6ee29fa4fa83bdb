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
  const { media = [], audio = [], ...rest } = visible as unknown as PublicContent;
  const used = imageUses(visible as unknown as Values);
  const shown: MediaItem[] = media.filter((item) => used.has(item.id));
  const heard = audio.filter((item) => audioShown(rest).has(item.id));
  return { ...rest, ...(shown.length ? { media: shown } : {}), ...(heard.length ? { audio: heard } : {}) } as PublicContent;
}

/**
 * The recordings the page plays: those the shown lists' items name (a sample's audio and before). A singleton's
 * reference is not one the page plays (settings' producerTag is mixed into the previews, never served itself).
 */
function audioShown(content: Omit<PublicContent, 'media' | 'audio'>): Set<string> {
  const used = new Set<string>();
  for (const list of LISTS) {
    const items = (content as Record<string, unknown>)[list.name];
    if (!Array.isArray(items)) continue;
    const refs = Object.entries(list.fields).filter(([, f]) => f.type === 'itemRef' && f.list === 'audio');
    for (const item of items as Record<string, unknown>[]) for (const [name] of refs) if (typeof item[name] === 'string' && item[name]) used.add(item[name]);
  }
  return used;
}

/** What the signed-in admin previews: every item (drafts too), with the images any of them uses; never an inbox (bookings). */
export function adminContent(everything: PublicContent): PublicContent {
  const all = withoutInboxes(everything);
  const used = imageUses(all as unknown as Values);
  const heard = audioShown(all);
  return { ...all, media: (all.media ?? []).filter((item) => used.has(item.id)), audio: (all.audio ?? []).filter((item) => heard.has(item.id)) };
}

/** The content without the lists no page shows (an inbox: ListKind.inbox), whose names are never in a page. */
function withoutInboxes(all: PublicContent): PublicContent {
  const out = { ...all } as unknown as Record<string, unknown>;
  for (const list of LISTS) if (!isPublicKind(list)) delete out[list.name];
  return out as unknown as PublicContent;
}
