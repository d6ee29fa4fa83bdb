/**
 * Settling a list item's slugs before a write, the same on every backend (docs/decisions/0024-release-cycle.md):
 * sent empty, a slug is the item's own when it has one, else made from its `from` field and numbered when taken;
 * one that another item of the list has is refused. Scena's server runs it inside its exclusive section (so two
 * writes cannot both take one address); the Firebase admin adapter runs it on the list it has just read.
 */
import { slugify } from './checks';
import type { Kind, SlugDecl } from './declare';

/** A slug field naming an address another item of the list already has (two pages cannot share one). */
export class SlugTakenError extends Error {
  override name = 'SlugTakenError';
  constructor(
    readonly field: string,
    readonly slug: string,
  ) {
    super(`${field}: "${slug}" is already the address of another item; choose another`);
  }
}

/** A kind's slug fields with their declarations. */
export const slugFields = (kind: Kind): [string, SlugDecl][] => Object.entries(kind.fields).filter((e): e is [string, SlugDecl] => e[1].type === 'slug');

/** A new address from `base`, numbered -2, -3 … past those taken. */
export function freeSlug(base: string, taken: ReadonlySet<unknown>): string {
  let made = base;
  for (let n = 2; taken.has(made); n++) made = `${base}-${n}`;
  return made;
}

/** The fields a slug is made from, in order. */
export const slugSources = (decl: SlugDecl): readonly string[] => (typeof decl.from === 'string' ? [decl.from] : decl.from);

/**
 * What a slug is made from, before slugify: its fields' values joined with '-' ('' ones left out), of a date and
 * time only the day ("2026-12-31T22:00" gives "2026-12-31").
 */
export function slugBase(kind: Kind, decl: SlugDecl, value: Record<string, unknown>): string {
  return slugSources(decl)
    .map((name) => {
      const v = String(value[name] ?? '');
      const type = kind.fields[name]?.type;
      return type === 'dateTime' || type === 'day' ? v.slice(0, 10) : v;
    })
    .filter((v) => v.trim() !== '')
    .join('-');
}

/** What a slug is made from when its `from` field has no letter or digit: the item's name (`release`). */
const fallback = (kind: Kind) => (kind.shape === 'list' ? kind.item : kind.name);

/**
 * The value with its slugs settled, for the item `id` (undefined for a new one) among `items` (the list as it is).
 * Throws SlugTakenError when the value names another item's slug.
 */
export function settleSlugs<V extends Record<string, unknown>>(kind: Kind, id: string | undefined, value: V, items: readonly Record<string, unknown>[]): V {
  const fields = slugFields(kind);
  if (fields.length === 0) return value;
  const self = id === undefined ? undefined : items.find((item) => item.id === id);
  const others = items.filter((item) => item !== self);
  const settled: Record<string, unknown> = { ...value };
  for (const [field, decl] of fields) {
    const taken = new Set(others.map((item) => item[field]).filter((s) => typeof s === 'string' && s !== ''));
    // An update that sends no slug keeps the item's own: its address never changes unless the admin changes it.
    const own = typeof self?.[field] === 'string' ? (self[field] as string) : '';
    const given = typeof settled[field] === 'string' && settled[field] !== '' ? (settled[field] as string) : own;
    if (given !== '') {
      if (taken.has(given)) throw new SlugTakenError(field, given);
      settled[field] = given;
    } else settled[field] = freeSlug(slugify(slugBase(kind, decl, settled), decl.max - 4) || fallback(kind), taken);
  }
  return settled as V;
}

/**
 * Imported items (a file from before addresses, or edited by hand) with every slug set and unique: an empty one is
 * made from its `from` field, a repeated one numbered; the first item keeps an address it shares.
 */
export function settleImportedSlugs<I extends Record<string, unknown>>(kind: Kind, items: readonly I[]): I[] {
  const fields = slugFields(kind);
  if (fields.length === 0) return [...items];
  const taken = new Map(fields.map(([field]) => [field, new Set<unknown>()]));
  return items.map((item) => {
    const settled: Record<string, unknown> = { ...item };
    for (const [field, decl] of fields) {
      const seen = taken.get(field)!;
      const given = typeof item[field] === 'string' ? (item[field] as string) : '';
      settled[field] = given !== '' && !seen.has(given) ? given : freeSlug(given || slugify(slugBase(kind, decl, item), decl.max - 4) || fallback(kind), seen);
      seen.add(settled[field]);
    }
    return settled as I;
  });
}
