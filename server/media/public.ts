/**
 * What the public sees of the content: the public items only (a draft release is the admin's: ListKind.publicWhen),
 * and of the media library only the images that content points at (a portrait, a share image, a cover), found
 * through the declarations' image fields. An image uploaded but not used yet, or used only by a draft or a removed
 * release, stays private: its address is never published. The same for audio, whose beats are heard as previews only.
 */
import { isHomeKind, isPublicItem, isPublicKind } from '../../src/content/fields/declare';
import { documentUses, imageUses } from '../../src/content/kinds/derived';
import { KINDS, LISTS } from '../../src/content/kinds';
import type { AudioItem, DocumentItem, MediaItem, PublicContent } from '../../src/content/model';
import { beatPreviews, previewId, previewItem, type PreviewState } from './audio/previews';

type Values = Parameters<typeof imageUses>[0];

/** A beat preview's state by its key (server/media/audio/library.ts); without one, every preview is "processing". */
export type PreviewStates = (key: string) => PreviewState;
const NO_PREVIEWS: PreviewStates = () => ({ status: 'processing' });

/**
 * The snapshot as the public page and GET /api/content have it: `media` holds the images in use, and is absent when none
 * is; `audio` the recordings the shown samples play. A beat (docs/decisions/0027) is never there itself: its sample names
 * its preview instead (`<audio id>-preview`, the preview's address and facts), and has no "before". An audio item's
 * name and problem are the admin's: empty here.
 */
export function publicContent(all: PublicContent, previews: PreviewStates = NO_PREVIEWS): PublicContent {
  const visible = withoutInboxes(all) as unknown as Record<string, unknown>;
  for (const list of LISTS) {
    const items = visible[list.name];
    if (Array.isArray(items)) visible[list.name] = items.filter((item: Record<string, unknown>) => isPublicItem(list, item));
  }
  const { media = [], audio = [], documents = [], ...shownLists } = visible as unknown as PublicContent;
  // The previews are worked out from every audio item (the producer tag is one the page never plays itself).
  const beats = new Map(beatPreviews({ ...shownLists, audio }).map((p) => [p.audio.id, p]));
  const rest = {
    ...shownLists,
    samples: (shownLists.samples ?? []).map((sample) =>
      sample.kind === 'beat' && beats.has(sample.audio) ? { ...sample, audio: previewId(sample.audio), before: '' } : sample,
    ),
  };
  const used = imageUses(visible as unknown as Values);
  const shown: MediaItem[] = media.filter((item) => used.has(item.id));
  const played = audioShown(rest);
  const heard: AudioItem[] = [
    ...audio.filter((item) => played.has(item.id)).map((item) => ({ ...item, name: '', problem: '' })),
    ...[...beats.values()].filter((p) => played.has(previewId(p.audio.id))).map((p) => previewItem(p, previews(p.key))),
  ];
  const pointed = documentsUsed(rest);
  const offered: DocumentItem[] = documents.filter((item) => pointed.has(item.id));
  return {
    ...rest,
    ...(shown.length ? { media: shown } : {}),
    ...(heard.length ? { audio: heard } : {}),
    ...(offered.length ? { documents: offered } : {}),
  } as PublicContent;
}

/**
 * The documents some content points at (the press kit's rider, stage plot, logo): an `itemRef` to 'documents' of any
 * kind. A document uploaded but not chosen stays private, as an unused image does.
 */
function documentsUsed(content: Omit<PublicContent, 'media' | 'audio' | 'documents'>): Set<string> {
  return new Set(documentUses(content as unknown as Values).keys());
}

/**
 * What the home page (and a release's page) carries and GET /api/content answers: the public content without the kinds
 * that have a page of their own (the press kit: OwnPage in src/content/fields/declare.ts), so the home page never grows
 * with a long bio, press photos or quotes.
 */
export function homeContent(content: PublicContent): PublicContent {
  const out = { ...content } as Record<string, unknown>;
  for (const kind of KINDS) if (!isHomeKind(kind)) delete out[kind.name];
  // The images only the press kit uses (its photos, the PNG logo) are not the home page's either.
  const used = imageUses(out as unknown as Values);
  const media = (content.media ?? []).filter((item) => used.has(item.id));
  delete out.media;
  return { ...out, ...(media.length ? { media } : {}) } as unknown as PublicContent;
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
