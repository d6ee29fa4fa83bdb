/**
 * The content store, generic over the declarations (src/content/kinds): a singleton is one JSON
 * document (table singletons), a list item one JSON row with its position (table list_items), and
 * every admin write keeps a version in table history, in the same transaction as the change
 * (docs/decisions/0019-history-and-undo.md). Nothing here is written per kind: a new kind is a new
 * declaration. Inputs are already validated (the routes parse them with the declarations' zod
 * schemas); every write also bumps content_version in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { InStatement, Row } from '@libsql/client';
import { HISTORY_LIMIT, type HistoryEntry, type RemovedItem } from '../../src/content/backend';
import { settleImportedSlugs, settleSlugs, slugFields, SlugTakenError } from '../../src/content/fields/slugs';
import { isPublicKind, withMissingFields, type Kind, type ListKind, type SingletonKind } from '../../src/content/fields/declare';
import { KINDS, media } from '../../src/content/kinds';
import type { PublicContent } from '../../src/content/model';
import type { Database } from './client';

type Value = Record<string, unknown>;
export type Item = Value & { id: string };

export class NotFoundError extends Error {
  override name = 'NotFoundError';
  constructor(
    message: string,
    /** The field of the request that named what was not found. */
    readonly field = 'id',
  ) {
    super(message);
  }
}
export class OrderError extends Error {
  override name = 'OrderError';
}
/** An add (or a restore) to a list that already holds its declared most items. */
export class ListFullError extends Error {
  override name = 'ListFullError';
  constructor(
    readonly list: string,
    max: number,
  ) {
    // The same words as listFullMessage (src/content/kinds/derived.ts), for any list.
    super(`${list}: at most ${max} items; remove one first`);
  }
}

/** An image field naming an id the media library does not hold (never stored: a page would show nothing there). */
/** Thrown by a write whose slug another item has (errors.ts answers 409 slug-taken). */
export { SlugTakenError };

export class MissingImageError extends Error {
  override name = 'MissingImageError';
  constructor(readonly field: string) {
    super(`${field}: no image in the media library has this id (a deleted image can be restored in Media first)`);
  }
}

/** A restore of a version that holds no value (the version a remove wrote). */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** One stored version, as exported and imported (HistoryEntry with where it belongs). */
export interface HistoryRow extends HistoryEntry {
  kind: string;
  /** The list item's id, or 'main' for a singleton. */
  item: string;
}

const BUMP: InStatement = 'UPDATE content_version SET version = version + 1 WHERE id = 1';
/** The bump of a write to a kind: none for a kind no page shows (an inbox), whose writes must not drop the page cache. */
const bumpFor = (kind: Kind): InStatement[] => (isPublicKind(kind) ? [BUMP] : []);
const MAIN = 'main';

export interface ContentRepo {
  version(): Promise<number>;
  /** A singleton's value, or undefined when it was never saved. */
  read(kind: string): Promise<Value | undefined>;
  /** A list's items in their saved order. */
  list(kind: string): Promise<Item[]>;
  snapshot(): Promise<PublicContent>;
  /**
   * Saves a singleton as its declaration says: merge (a deep merge, as Firestore's set with merge: fields
   * sent replace, fields not sent stay) or replace. Gives the whole stored value.
   */
  save(kind: string, value: Value): Promise<Value>;
  /** Adds at the end of the list; gives the item as stored (an empty slug made from its title). */
  add(kind: string, input: Value): Promise<Item>;
  /** Gives the value as stored (an empty slug made from its title). */
  update(kind: string, id: string, input: Value): Promise<Value>;
  /** `check` runs first, in the same exclusive section as the removal, on the content as it is then (an image in use is refused). */
  remove(kind: string, id: string, check?: (content: PublicContent) => void): Promise<void>;
  /** ids must name every item of the list exactly once. Not versioned: history is per item. */
  reorder(kind: string, ids: string[]): Promise<void>;
  /** The kept versions of a singleton (id undefined) or list item, newest first. */
  history(kind: string, id?: string): Promise<HistoryEntry[]>;
  /** Makes a kept version current again, as a new version; a removed item comes back at the end. */
  restoreVersion(kind: string, id: string | undefined, version: number): Promise<void>;
  /** A list's removed items that can be restored, most recently removed first. */
  removedItems(kind: string): Promise<RemovedItem[]>;
  /** Every kept version of everything (export). */
  allHistory(): Promise<HistoryRow[]>;
  /**
   * Replaces all content at once (import, restore), with its history when given; an item or singleton
   * without any version gets its first one ('create'), so each has one to go back to.
   */
  replaceAll(content: PublicContent, history?: HistoryRow[]): Promise<void>;
}

const BY_NAME = new Map<string, Kind>(KINDS.map((k) => [k.name, k]));

function kindOf(name: string): Kind {
  const kind = BY_NAME.get(name);
  if (!kind) throw new NotFoundError(`No kind of content is named "${name}"`, 'kind');
  return kind;
}
function singletonOf(name: string): SingletonKind {
  const kind = kindOf(name);
  if (kind.shape !== 'singleton') throw new NotFoundError(`${name} is a list: name one of its items`, 'kind');
  return kind;
}
function listOf(name: string): ListKind {
  const kind = kindOf(name);
  if (kind.shape !== 'list') throw new NotFoundError(`${name} is not a list`, 'kind');
  return kind;
}

const isObject = (v: unknown): v is Value => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7396 merge, as SQLite's json_patch does it in the write (nested objects merge key by key). */
function mergePatch(target: Value, patch: Value): Value {
  const out: Value = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = isObject(value) && isObject(out[key]) ? mergePatch(out[key], value) : value;
  }
  return out;
}

/** The fields that differ between two values, a nested one by its path ("links.spotify"). */
export function changedFields(before: Value | null | undefined, after: Value | null | undefined, prefix = ''): string[] {
  const a = before ?? {};
  const b = after ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => {
    const x = a[key];
    const y = b[key];
    if (isObject(x) || isObject(y)) {
      return changedFields(isObject(x) ? x : {}, isObject(y) ? y : {}, `${prefix}${key}.`);
    }
    return JSON.stringify(x) === JSON.stringify(y) ? [] : [`${prefix}${key}`];
  });
}

const parse = (text: unknown): Value => JSON.parse(String(text)) as Value;
/** A stored list item (or a version of one) as the model has it today: a field added since reads empty. */
const parseItem = (kind: string, text: unknown): Value => {
  const k = BY_NAME.get(kind);
  return k ? withMissingFields(k, parse(text)) : parse(text);
};
const entry = (r: Row, kind: string): HistoryEntry => ({
  version: Number(r.version),
  at: String(r.at),
  action: String(r.action) as HistoryEntry['action'],
  value: r.value === null ? null : parseItem(kind, r.value),
  changed: JSON.parse(String(r.changed)) as string[],
});

/** Serialises read-then-write sequences inside this process. */
function mutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * The statements that keep a version: the next number, the value as the table holds it after the
 * change (read in the same transaction), and the pruning of versions beyond HISTORY_LIMIT. `when`
 * guards the insert: a refused write (a full list) writes no version.
 */
export function versionStatements(
  kind: string,
  item: string,
  action: HistoryEntry['action'],
  changed: string[],
  valueSql: string,
  valueArgs: (string | number)[],
): InStatement[] {
  return [
    {
      sql: `INSERT INTO history (kind, item, version, at, action, value, changed)
            SELECT ?1, ?2, (SELECT coalesce(max(version), 0) + 1 FROM history WHERE kind = ?1 AND item = ?2), ?3, ?4, v.value, json(?5)
            FROM (${valueSql}) AS v`,
      args: [kind, item, new Date().toISOString(), action, JSON.stringify(changed), ...valueArgs],
    },
    {
      sql: `DELETE FROM history WHERE kind = ?1 AND item = ?2
            AND version <= (SELECT max(version) FROM history WHERE kind = ?1 AND item = ?2) - ${HISTORY_LIMIT}`,
      args: [kind, item],
    },
  ];
}
// The value after the change, as the table holds it (no row: no version is written).
const SINGLETON_VALUE = 'SELECT data AS value FROM singletons WHERE kind = ?6';
export const ITEM_VALUE = 'SELECT data AS value FROM list_items WHERE kind = ?6 AND id = ?7';
const NO_VALUE = 'SELECT NULL AS value';

/** Each kind's image fields (a media item's id), from the declarations. */
const IMAGE_FIELDS: Record<string, string[]> = Object.fromEntries(
  KINDS.map((kind) => [kind.name, Object.entries(kind.fields).flatMap(([name, field]) => (field.type === 'image' ? [name] : []))]),
);

export function contentRepo(db: Database): ContentRepo {
  const c = db.client;
  const exclusive = mutex();

  /**
   * Every image a write names is in the library. Runs inside the exclusive section, as does a removal's
   * in-use check: an image cannot be removed between this check and the write, nor named between that check and the removal.
   */
  const checkImages = async (kind: string, value: Value): Promise<void> => {
    for (const field of IMAGE_FIELDS[kind] ?? []) {
      const ref = value[field];
      if (typeof ref !== 'string' || ref === '') continue;
      const found = await c.execute({ sql: 'SELECT 1 FROM list_items WHERE kind = ? AND id = ?', args: [media.name, ref] });
      if (found.rows.length === 0) throw new MissingImageError(field);
    }
  };

  /** The value with its slugs settled (src/content/fields/slugs.ts), inside the exclusive section: a write cannot land between the check and this one. */
  const withSlugs = async (kind: ListKind, id: string, value: Value): Promise<Value> =>
    slugFields(kind).length === 0 ? value : settleSlugs(kind, id, value, await list(kind.name));

  const read = async (kind: string): Promise<Value | undefined> => {
    const row = (await c.execute({ sql: 'SELECT data FROM singletons WHERE kind = ?', args: [singletonOf(kind).name] })).rows[0];
    return row ? parse(row.data) : undefined;
  };
  const list = async (kind: string): Promise<Item[]> =>
    (await c.execute({ sql: 'SELECT id, data FROM list_items WHERE kind = ? ORDER BY position, created_at, id', args: [listOf(kind).name] })).rows.map((r) => ({
      id: String(r.id),
      ...parseItem(kind, r.data),
    }));
  const readItem = async (kind: string, id: string): Promise<Value | undefined> => {
    const row = (await c.execute({ sql: 'SELECT data FROM list_items WHERE kind = ? AND id = ?', args: [kind, id] })).rows[0];
    return row ? parseItem(kind, row.data) : undefined;
  };
  const itemMissing = (kind: ListKind) => new NotFoundError(`No ${kind.item} has this id`);

  /**
   * Inserts an item at the end of its list if the list has room: the count, the insert, its version
   * and the bump are one write transaction (BEGIN IMMEDIATE), so concurrent adds, from this process or
   * another, cannot both see room for the last item, and a refused add changes nothing.
   */
  async function insertCapped(kind: ListKind, id: string, value: Value, action: 'create' | 'restore', changed: string[]): Promise<void> {
    const [inserted] = await c.batch(
      [
        {
          sql: `INSERT INTO list_items (kind, id, data, position, created_at)
                SELECT ?1, ?2, json(?3), (SELECT coalesce(max(position), -1) + 1 FROM list_items WHERE kind = ?1), ?4
                WHERE (SELECT count(*) FROM list_items WHERE kind = ?1) < ?5`,
          args: [kind.name, id, JSON.stringify(value), Date.now(), kind.max],
        },
        ...versionStatements(kind.name, id, action, changed, ITEM_VALUE, [kind.name, id]),
        ...(isPublicKind(kind)
          ? [
              {
                sql: 'UPDATE content_version SET version = version + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM list_items WHERE kind = ? AND id = ?)',
                args: [kind.name, id],
              },
            ]
          : []),
      ],
      'write',
    );
    if (!inserted || inserted.rowsAffected === 0) throw new ListFullError(kind.name, kind.max);
  }

  async function writeSingleton(kind: SingletonKind, value: Value, how: 'merge' | 'replace', action: 'create' | 'update' | 'restore'): Promise<Value> {
    return exclusive(async () => {
      await checkImages(kind.name, value);
      const before = await read(kind.name);
      const after = how === 'merge' ? mergePatch(before ?? {}, value) : value;
      const write: InStatement =
        how === 'merge'
          ? // json_patch is RFC 7396 merge: nested objects (links) merge key by key, as Firestore's merge does.
            {
              sql: 'INSERT INTO singletons (kind, data) VALUES (?1, json(?2)) ON CONFLICT (kind) DO UPDATE SET data = json_patch(data, json(?2))',
              args: [kind.name, JSON.stringify(value)],
            }
          : {
              sql: 'INSERT INTO singletons (kind, data) VALUES (?1, json(?2)) ON CONFLICT (kind) DO UPDATE SET data = json(?2)',
              args: [kind.name, JSON.stringify(value)],
            };
      const act = action === 'update' && !before ? 'create' : action;
      await db.write([write, ...versionStatements(kind.name, MAIN, act, changedFields(before, after), SINGLETON_VALUE, [kind.name]), BUMP]);
      return (await read(kind.name)) ?? {};
    });
  }

  async function updateItem(kind: ListKind, id: string, given: Value, action: 'update' | 'restore'): Promise<Value> {
    const before = await readItem(kind.name, id);
    if (!before) throw itemMissing(kind);
    await checkImages(kind.name, given);
    const input = await withSlugs(kind, id, given);
    await db.write([
      { sql: 'UPDATE list_items SET data = json(?) WHERE kind = ? AND id = ?', args: [JSON.stringify(input), kind.name, id] },
      ...versionStatements(kind.name, id, action, changedFields(before, input), ITEM_VALUE, [kind.name, id]),
      ...bumpFor(kind),
    ]);
    return input;
  }

  const history = async (kind: string, id?: string): Promise<HistoryEntry[]> => {
    const k = id === undefined ? singletonOf(kind) : listOf(kind);
    const rs = await c.execute({
      sql: 'SELECT version, at, action, value, changed FROM history WHERE kind = ? AND item = ? ORDER BY version DESC',
      args: [k.name, id ?? MAIN],
    });
    // An id that never had a version has an empty history, as on Firebase (the shared contract).
    return rs.rows.map((r) => entry(r, k.name));
  };

  /** Every kind's current value, by name. */
  async function snapshot(): Promise<PublicContent> {
    const content: Record<string, unknown> = {};
    for (const kind of KINDS) {
      if (kind.shape === 'list') content[kind.name] = await list(kind.name);
      else content[kind.name] = await read(kind.name);
    }
    return content as unknown as PublicContent;
  }

  return {
    async version() {
      return Number((await c.execute('SELECT version FROM content_version WHERE id = 1')).rows[0]!.version);
    },
    read,
    list,
    snapshot,
    save(kind, value) {
      const k = singletonOf(kind);
      return writeSingleton(k, value, k.save, 'update');
    },
    async add(kind, input) {
      const k = listOf(kind);
      const id = randomUUID();
      const stored = await exclusive(async () => {
        await checkImages(k.name, input);
        const value = await withSlugs(k, id, input);
        await insertCapped(k, id, value, 'create', changedFields(undefined, value));
        return value;
      });
      return { id, ...stored };
    },
    async update(kind, id, input) {
      const k = listOf(kind);
      return exclusive(() => updateItem(k, id, input, 'update'));
    },
    async remove(kind, id, check) {
      const k = listOf(kind);
      await exclusive(async () => {
        check?.(await snapshot());
        const before = await readItem(k.name, id);
        if (!before) throw itemMissing(k);
        await db.write([
          ...versionStatements(k.name, id, 'remove', changedFields(before, undefined), NO_VALUE, []),
          { sql: 'DELETE FROM list_items WHERE kind = ? AND id = ?', args: [k.name, id] },
          ...bumpFor(k),
        ]);
      });
    },
    async reorder(kind, ids) {
      const k = listOf(kind);
      await exclusive(async () => {
        const current = (await c.execute({ sql: 'SELECT id FROM list_items WHERE kind = ?', args: [k.name] })).rows.map((r) => String(r.id));
        const wanted = new Set(ids);
        if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
          throw new OrderError(`ids must list every item of ${k.name} exactly once`);
        }
        await db.write([
          ...ids.map((id, position): InStatement => ({ sql: 'UPDATE list_items SET position = ? WHERE kind = ? AND id = ?', args: [position, k.name, id] })),
          ...bumpFor(k),
        ]);
      });
    },
    history,
    async restoreVersion(kind, id, version) {
      const k = id === undefined ? singletonOf(kind) : listOf(kind);
      const item = id ?? MAIN;
      const row = (await c.execute({ sql: 'SELECT value FROM history WHERE kind = ? AND item = ? AND version = ?', args: [k.name, item, version] })).rows[0];
      if (!row) {
        const kept = (await c.execute({ sql: 'SELECT 1 FROM history WHERE kind = ? AND item = ? LIMIT 1', args: [k.name, item] })).rows.length > 0;
        if (!kept && k.shape === 'list') throw itemMissing(k);
        throw new NotFoundError(`${k.name}${id === undefined ? '' : ` item ${id}`} has no version ${version} (the last ${HISTORY_LIMIT} are kept)`, 'version');
      }
      if (row.value === null) throw new RestoreError(`version ${version} is the removal of the item: restore the version before it`);
      const value = parseItem(k.name, row.value);
      if (k.shape === 'singleton') {
        await writeSingleton(k, value, 'replace', 'restore');
        return;
      }
      await exclusive(async () => {
        const before = await readItem(k.name, item);
        if (before) await updateItem(k, item, value, 'restore');
        else {
          await checkImages(k.name, value);
          const settled = await withSlugs(k, item, value);
          await insertCapped(k, item, settled, 'restore', changedFields(undefined, settled));
        }
      });
    },
    async removedItems(kind) {
      const k = listOf(kind);
      // The items whose newest version is their removal, with the version before it (the item as it was).
      const rs = await c.execute({
        sql: `SELECT h.item, h.at, p.version, p.value FROM history h
              JOIN history p ON p.kind = h.kind AND p.item = h.item AND p.version = h.version - 1
              WHERE h.kind = ?1 AND h.action = 'remove'
                AND h.version = (SELECT max(version) FROM history WHERE kind = h.kind AND item = h.item)
                AND NOT EXISTS (SELECT 1 FROM list_items WHERE kind = h.kind AND id = h.item)
                AND p.value IS NOT NULL
              ORDER BY h.at DESC, h.rowid DESC`,
        args: [k.name],
      });
      return rs.rows.map((r) => ({ id: String(r.item), at: String(r.at), value: parseItem(k.name, r.value), version: Number(r.version) }));
    },
    async allHistory() {
      const rs = await c.execute('SELECT kind, item, version, at, action, value, changed FROM history ORDER BY kind, item, version');
      return rs.rows.map((r) => ({ kind: String(r.kind), item: String(r.item), ...entry(r, String(r.kind)) }));
    },
    async replaceAll(content, versions) {
      const at = Date.now();
      const now = new Date(at).toISOString();
      const all = content as unknown as Record<string, unknown>;
      // An inbox the content does not hold (an export from before it existed) keeps its requests and their history.
      const kept: string[] = KINDS.filter((kind) => !isPublicKind(kind) && all[kind.name] === undefined).map((kind) => kind.name);
      const notKept = `kind NOT IN (${kept.map(() => '?').join(', ')})`;
      const statements: InStatement[] = [
        'DELETE FROM singletons',
        { sql: `DELETE FROM list_items WHERE ${notKept}`, args: kept },
        { sql: `DELETE FROM history WHERE ${notKept}`, args: kept },
      ];
      for (const kind of KINDS) {
        const value = all[kind.name];
        if (kept.includes(kind.name)) continue;
        if (kind.shape === 'singleton') {
          if (value) statements.push({ sql: 'INSERT INTO singletons (kind, data) VALUES (?, json(?))', args: [kind.name, JSON.stringify(value)] });
        } else {
          settleImportedSlugs(kind, (value as Item[] | undefined) ?? []).forEach(({ id, ...data }, position) => {
            statements.push({
              sql: 'INSERT INTO list_items (kind, id, data, position, created_at) VALUES (?, ?, json(?), ?, ?)',
              args: [kind.name, id, JSON.stringify(data), position, at],
            });
          });
        }
      }
      for (const h of (versions ?? []).filter((v) => !kept.includes(v.kind))) {
        statements.push({
          sql: 'INSERT INTO history (kind, item, version, at, action, value, changed) VALUES (?, ?, ?, ?, ?, ?, json(?))',
          args: [h.kind, h.item, h.version, h.at, h.action, h.value === null ? null : JSON.stringify(h.value), JSON.stringify(h.changed)],
        });
      }
      statements.push(
        {
          sql: `INSERT INTO history (kind, item, version, at, action, value, changed)
                SELECT kind, 'main', 1, ?, 'create', data, (SELECT json_group_array(key) FROM json_each(data)) FROM singletons s
                WHERE NOT EXISTS (SELECT 1 FROM history WHERE kind = s.kind AND item = 'main')`,
          args: [now],
        },
        {
          sql: `INSERT INTO history (kind, item, version, at, action, value, changed)
                SELECT kind, id, 1, ?, 'create', data, (SELECT json_group_array(key) FROM json_each(data)) FROM list_items l
                WHERE NOT EXISTS (SELECT 1 FROM history WHERE kind = l.kind AND item = l.id)`,
          args: [now],
        },
        BUMP,
      );
      await exclusive(() => db.write(statements));
    },
  };
}
