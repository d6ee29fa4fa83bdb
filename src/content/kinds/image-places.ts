/**
 * Where each image (and each document: documentPlaces) is used, in words the admin reads ("Settings › Portrait", "Releases › “Nocturn” › Cover"):
 * the server's refusal to remove an image in use and the admin's "Used in" say it the same way, from the
 * declarations and their words. Admin and server only (the public page never imports the words).
 */
import type { Language } from '../constants';
import type { FieldWords, Kind, Words } from '../fields/declare';
import { documentUses, imageUses, type ImageUse } from './derived';
import { KINDS, WORDS } from './index';

type KindWordsOf = { label: Words; fields: Record<string, FieldWords | undefined> };

/** For each image id, every place that shows it; an item is named by its first text (a title, a name). */
export function imagePlaces(values: Record<string, unknown>, lang: Language, untitled: Words): Map<string, string[]> {
  return placesOf(imageUses(values as Parameters<typeof imageUses>[0]), values, lang, untitled);
}

/** For each document id, every place that points at it ("Press kit › Technical rider (PDF)"). */
export function documentPlaces(values: Record<string, unknown>, lang: Language, untitled: Words): Map<string, string[]> {
  return placesOf(documentUses(values as Parameters<typeof documentUses>[0]), values, lang, untitled);
}

function placesOf(found: Map<string, ImageUse[]>, values: Record<string, unknown>, lang: Language, untitled: Words): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const [id, uses] of found) {
    places.set(
      id,
      uses.map((use) => {
        const kind = KINDS.find((k) => k.name === use.kind) as Kind | undefined;
        const words = (WORDS as unknown as Record<string, KindWordsOf | undefined>)[use.kind];
        const kindLabel = words?.label[lang] ?? use.kind;
        const fieldLabel = words?.fields[use.field]?.label[lang] ?? use.field;
        if (use.id === undefined) return `${kindLabel} › ${fieldLabel}`;
        const item = ((values[use.kind] as { id: string; [key: string]: unknown }[] | undefined) ?? []).find((i) => i.id === use.id);
        const first = kind && Object.entries(kind.fields).find(([, f]) => f.type === 'text');
        const title = first && item ? String(item[first[0]] ?? '').trim() : '';
        return `${kindLabel} › ${title ? `“${title}”` : untitled[lang]} › ${fieldLabel}`;
      }),
    );
  }
  return places;
}
