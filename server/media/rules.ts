/**
 * The media library's rules on the generic list routes (routes/content.ts): an uploaded image's file facts
 * are the server's (an update changes its name and alt texts only), an uploaded address is never typed in,
 * and an image in use is not removed (the answer says where it is used, in the admin's words).
 */
import { imageUses, type ImageUse } from '../../src/content/kinds/derived';
import { KINDS, WORDS } from '../../src/content/kinds';
import { isLocalMedia } from '../../src/content/media';
import type { PublicContent } from '../../src/content/model';
import { HttpError } from '../errors';

/** What the server made from the file: kept as they were by every update. */
const FILE_FIELDS = ['src', 'width', 'height', 'placeholder'] as const;

type Value = Record<string, unknown>;
type AnyWords = { label: { en: string }; fields: Record<string, { label: { en: string } }> };

/** A JSON add may give an https:// address (Firebase's way, also accepted here); an upload's address comes only with its file. */
export function checkMediaAdd(input: Value): void {
  if (typeof input.src === 'string' && isLocalMedia(input.src)) {
    throw new HttpError(400, 'src: an uploaded image is added by uploading its file (POST a multipart form with the file)', 'invalid', 'src');
  }
}

/** An update keeps an upload's src, width, height and placeholder, and never makes an address look like an upload. */
export function checkMediaUpdate(current: Value, input: Value): void {
  const uploaded = typeof current.src === 'string' && isLocalMedia(current.src);
  if (uploaded) {
    const changed = FILE_FIELDS.find((f) => input[f] !== current[f]);
    if (changed) throw new HttpError(400, `${changed} of an uploaded image cannot change: only its name and alt texts can`, 'invalid', changed);
  } else checkMediaAdd(input);
}

const wordsOf = (kind: string) => (WORDS as unknown as Record<string, AnyWords>)[kind];

/** One place, as the admin reads it: "Settings › Portrait", "Releases › “Nocturn” › Cover". */
function placeInWords(use: ImageUse, content: Record<string, unknown>): string {
  const words = wordsOf(use.kind);
  const kindLabel = words?.label.en ?? use.kind;
  const fieldLabel = words?.fields[use.field]?.label.en ?? use.field;
  if (use.id === undefined) return `${kindLabel} › ${fieldLabel}`;
  const items = (content[use.kind] as (Value & { id: string })[] | undefined) ?? [];
  const item = items.find((i) => i.id === use.id);
  const kind = KINDS.find((k) => k.name === use.kind);
  // The item's first text (a release's title, a collaborator's name) names it.
  const first = kind && Object.entries(kind.fields).find(([, f]) => f.type === 'text');
  const title = first && item ? String(item[first[0]] ?? '') : '';
  return `${kindLabel} › ${title ? `“${title}”` : 'an item'} › ${fieldLabel}`;
}

/** Refuses the removal of an image that some content shows (409 in-use), naming every place. */
export function checkMediaRemove(content: PublicContent, id: string): void {
  const all = content as unknown as Record<string, unknown>;
  const uses = imageUses(all as Parameters<typeof imageUses>[0]).get(id);
  if (!uses?.length) return;
  const places = uses.map((use) => placeInWords(use, all));
  throw new HttpError(409, `This image is used in: ${places.join('; ')}. Choose another image there first.`, 'in-use', 'id');
}

/** The checks a list's generic routes run before a write, by the list's name (only media has any). */
export interface ListRules {
  add?(input: Value): void;
  update?(current: Value, input: Value): void;
  remove?(content: PublicContent, id: string): void;
}
export const LIST_RULES: Record<string, ListRules> = {
  media: { add: checkMediaAdd, update: checkMediaUpdate, remove: checkMediaRemove },
};
