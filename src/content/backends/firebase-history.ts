/**
 * History on Firestore (docs/decisions/0020-history-on-firebase.md), the part without the SDK:
 * where versions live, what a version records, and how a saved value becomes the value after the write.
 *   history/{kind}~{id or main}                 the head: the last version number, and whether the item is removed
 *   history/{kind}~{id or main}/versions/{n}    version n: when, which action, the whole value after it, what changed
 * The rules (firebase/firestore.rules) let only the admin read and write there, and refuse a content write
 * that does not come with its next version in the same batch.
 */
import type { ContentKindName, ContentListName, HistoryEntry } from '../backend';
import { storedFields, type Kind } from '../fields/declare';
import { itemFromFirestore, singletonFromFirestore } from '../fields/firestore';
import { KINDS } from '../kinds';

export const HISTORY = 'history';
export const VERSIONS = 'versions';
/** The document id of a singleton (settings/main) and the head name's tail for it. */
export const MAIN = 'main';

/** What the head of one singleton's or list item's history holds. */
export interface HistoryHead {
  kind: ContentKindName;
  /** The list item's id, or 'main' for a singleton. */
  item: string;
  /** The last version written. */
  version: number;
  /** True while the item's last version is its removal: removedItems lists it. */
  removed: boolean;
  /** When the last version was written (a Firestore timestamp). */
  at: unknown;
}

export const headId = (kind: ContentKindName, item: string) => `${kind}~${item}`;

export function kindNamed(name: string): Kind | undefined {
  return KINDS.find((k) => k.name === name);
}

export const isListName = (name: string): name is ContentListName => kindNamed(name)?.shape === 'list';

/**
 * A stored document as the value a version records: the declared fields only (the list's `order` is
 * the admin's arrangement, not part of an item's value); undefined when there is none.
 */
export function valueOf(kind: Kind, data: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!data) return undefined;
  if (kind.shape === 'singleton') return singletonFromFirestore(kind, data) as Record<string, unknown> | undefined;
  const { id: _id, ...item } = itemFromFirestore(kind, '', data) as Record<string, unknown>;
  return item;
}

/** A singleton after a save: a merged one keeps the fields the save leaves out, links one by one. */
export function afterSave(kind: Kind, current: Record<string, unknown> | undefined, input: Record<string, unknown>): Record<string, unknown> {
  if (kind.shape !== 'singleton' || kind.save === 'replace' || !current) return { ...input };
  const merged: Record<string, unknown> = { ...current, ...input };
  for (const [name, field] of Object.entries(kind.fields)) {
    if (field.type === 'links' && (current[name] || input[name])) {
      merged[name] = { ...(current[name] as object | undefined), ...(input[name] as object | undefined) };
    }
  }
  return merged;
}

/** A value's fields as dotted names ("links.spotify") and their values, for comparing two versions. */
function flat(value: Record<string, unknown> | null | undefined, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, v] of Object.entries(value ?? {})) {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, w] of flat(v as Record<string, unknown>, `${prefix}${key}.`)) out.set(k, w);
    else out.set(`${prefix}${key}`, v);
  }
  return out;
}

/** The fields that differ between two values (a field present in only one differs), in the declaration's order. */
export function changedFields(kind: Kind, before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): string[] {
  const a = flat(before);
  const b = flat(after);
  const names = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k) || a.has(k) !== b.has(k));
  const order = storedFields(kind).map((s) => s.key);
  const rank = (name: string) => {
    const i = order.indexOf(name.split('.')[0]!);
    return i === -1 ? order.length : i;
  };
  return names.sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
}

/** A Firestore timestamp (or a date) as ISO 8601, UTC. */
export function isoOf(at: unknown): string {
  if (at && typeof at === 'object' && 'toDate' in at && typeof at.toDate === 'function') return (at.toDate() as Date).toISOString();
  if (at instanceof Date) return at.toISOString();
  return new Date(0).toISOString();
}

/** A Firestore timestamp's seconds and nanoseconds, for ordering finer than ISO's milliseconds. */
export function instantOf(at: unknown): { seconds: number; nanoseconds: number } {
  if (at && typeof at === 'object' && 'seconds' in at && 'nanoseconds' in at) return { seconds: Number(at.seconds), nanoseconds: Number(at.nanoseconds) };
  return { seconds: 0, nanoseconds: 0 };
}

/** A version document as the interface's entry. */
export function entryOf(data: Record<string, unknown>): HistoryEntry {
  return {
    version: Number(data.version),
    at: isoOf(data.at),
    action: data.action as HistoryEntry['action'],
    value: data.value && typeof data.value === 'object' ? (data.value as Record<string, unknown>) : null,
    changed: Array.isArray(data.changed) ? data.changed.filter((c): c is string => typeof c === 'string') : [],
  };
}
