/** Facts computed from the declarations, by the names the server and the admin use (re-exported by model.ts). */
import type { LinkKey } from '../constants';
import { storedNames, type FieldDecl, type Stored } from '../fields/declare';
import { KINDS, LISTS, settings } from './index';

/**
 * The most items a list holds (docs/decisions/0022-firebase-admin-safety.md). The public page shows every
 * item inline, and the Firebase reader gets a list in one page of 300: 200 keeps both small with room to spare.
 */
export type ListName = (typeof LISTS)[number]['name'];
export const LIST_LIMITS = Object.fromEntries(LISTS.map((list) => [list.name, list.max])) as { readonly [N in ListName]: number };

/** The refusal of an add to a full list, the same words on every backend. */
export const listFullMessage = (list: ListName): string => `${list}: at most ${LIST_LIMITS[list]} items; remove one first`;

type SettingsFields = typeof settings.fields;
/** Settings' texts, one per language: heroTitle_en, heroTitle_ro, bio1_en … */
export type TextField = {
  [K in keyof Stored<SettingsFields>]: Stored<SettingsFields>[K] extends string ? (K extends 'email' ? never : K) : never;
}[keyof Stored<SettingsFields>];
export const TEXT_FIELDS = Object.entries(settings.fields).flatMap(([name, field]) =>
  field.type === 'text' || field.type === 'longText' ? storedNames(name, field) : [],
) as TextField[];

/**
 * The public page names the links by LINK_KEYS (constants.ts, so that it need not load the declarations):
 * this fails to compile when the two lists differ.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const linkKeysAgree: Same<LinkKey, keyof typeof settings.fields.links.links> = true;

/** One place that shows an image: a singleton's field, or a field of one list item. */
export interface ImageUse {
  kind: string;
  /** The list item's id; absent for a singleton. */
  id?: string;
  field: string;
}

/** Each kind's current value (a list: its items), as the uses below read them. */
type KindValues = Partial<Record<string, Record<string, unknown> | { id: string; [key: string]: unknown }[] | undefined>>;

/** Where each value of the fields `pointing` chooses is used: by kind, item and field, from the declarations. */
function usesOf(values: KindValues, pointing: (field: FieldDecl) => boolean): Map<string, ImageUse[]> {
  const uses = new Map<string, ImageUse[]>();
  const add = (ref: unknown, use: ImageUse) => {
    if (typeof ref === 'string' && ref !== '') uses.set(ref, [...(uses.get(ref) ?? []), use]);
  };
  for (const kind of KINDS) {
    const value = values[kind.name];
    if (!value) continue;
    const fields = Object.entries(kind.fields as Record<string, FieldDecl>)
      .filter(([, f]) => pointing(f))
      .map(([name]) => name);
    if (!fields.length) continue;
    if (Array.isArray(value)) for (const item of value) for (const field of fields) add(item[field], { kind: kind.name, id: item.id, field });
    else for (const field of fields) add(value[field], { kind: kind.name, field });
  }
  return uses;
}

/**
 * Where each image is used, from the declarations' image fields: the server refuses to remove an image in use
 * and the admin shows where each one appears.
 */
export const imageUses = (values: KindValues): Map<string, ImageUse[]> => usesOf(values, (f) => f.type === 'image');

/**
 * Where each document is used, from the `itemRef` fields to the documents (the press kit's rider, stage plot and SVG
 * logo): the server refuses to remove a document in use and keeps an unused one private, and the admin shows where.
 */
export const documentUses = (values: KindValues): Map<string, ImageUse[]> => usesOf(values, (f) => f.type === 'itemRef' && f.list === 'documents');
