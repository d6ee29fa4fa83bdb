/**
 * Firestore documents to the model, from the declarations, without zod: both Firebase adapters use it, and
 * the public page's reader is one of them. Only the declared keys with the declared types get through:
 * whatever else a document holds never reaches the page.
 */
import {
  emptyValue,
  isRequired,
  storedFields,
  type FieldDecl,
  type FieldType,
  type Kind,
  type ListKind,
  type SingletonKind,
  type ValueOfKind,
} from './declare';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** One entry per field kind: a stored value as the model's, or undefined when it has the wrong type. */
const DECODE: { [T in FieldType]: (field: FieldDecl & { type: T }, raw: unknown) => unknown } = {
  text: (_, v) => str(v),
  longText: (_, v) => str(v),
  link: (_, v) => str(v),
  email: (_, v) => str(v),
  wholeNumber: (_, v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined),
  decimal: (_, v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined),
  fileSource: (_, v) => str(v),
  waveform: (_, v) => str(v),
  // Only the declared options, each once: whatever else the array holds is dropped.
  choices: (field, v) => (Array.isArray(v) ? [...new Set(v.filter((o): o is string => typeof o === 'string' && field.options.includes(o)))] : undefined),
  image: (_, v) => str(v),
  imageSource: (_, v) => str(v),
  placeholder: (_, v) => str(v),
  choice: (field, v) => (typeof v === 'string' && field.options.includes(v) ? v : undefined),
  dateTime: (_, v) => str(v),
  timeZone: (_, v) => str(v),
  country: (_, v) => str(v),
  slug: (_, v) => str(v),
  itemRef: (_, v) => str(v),
  day: (_, v) => str(v),
  // A Firestore Timestamp (the SDK's; anything with toMillis), or the REST API's timestampValue string.
  instant: (_, v) => {
    if (typeof v === 'string') return v;
    const millis = v && typeof (v as { toMillis?: unknown }).toMillis === 'function' ? (v as { toMillis(): number }).toMillis() : undefined;
    return millis === undefined ? undefined : new Date(millis).toISOString();
  },
  links(field, v) {
    if (!v || typeof v !== 'object') return undefined;
    const raw = v as Record<string, unknown>;
    const links: Record<string, string> = {};
    for (const key of Object.keys(field.links)) if (str(raw[key]) !== undefined) links[key] = str(raw[key])!;
    return links;
  },
};
const decode = (field: FieldDecl, raw: unknown) => (DECODE[field.type] as (f: FieldDecl, v: unknown) => unknown)(field, raw);

/**
 * A singleton's document as the model: the fields it holds with the right type. A replaced singleton
 * (stats) missing a field is no value at all (undefined), as if never saved.
 */
export function singletonFromFirestore<K extends SingletonKind>(kind: K, data: Record<string, unknown>): ValueOfKind<K> | undefined {
  const value: Record<string, unknown> = {};
  for (const { key, field } of storedFields(kind)) {
    const v = decode(field, data[key]);
    if (v !== undefined) value[key] = v;
    else if (isRequired(kind)) return undefined;
  }
  return value as ValueOfKind<K>;
}

/** A list item's document as the model, each field present (its empty value when missing or mistyped). */
export function itemFromFirestore<K extends ListKind>(kind: K, id: string, data: Record<string, unknown>): ValueOfKind<K> & { id: string } {
  const item: Record<string, unknown> = { id };
  for (const { key, field } of storedFields(kind)) item[key] = decode(field, data[key]) ?? emptyValue(field);
  return item as ValueOfKind<K> & { id: string };
}

/** The admin's order of a list item (the `order` field): missing, it sorts last. */
export const orderOf = (data: Record<string, unknown>): number => (typeof data.order === 'number' ? data.order : Number.MAX_SAFE_INTEGER);

export type { Kind };
