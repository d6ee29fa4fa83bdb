/**
 * The content store: settings/main, stats/main, releases and collaborators.
 * Inputs here are already validated (routes parse them with the shared zod schemas);
 * every write also bumps content_version in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { InStatement, Row } from '@libsql/client';
import { LIST_LIMITS, listFullMessage, type Collaborator, type CollaboratorInput, type PublicContent, type Release, type ReleaseInput, type Settings, type Stats } from '../../src/content/model';
import type { Database } from './client';

export type ListName = 'releases' | 'collaborators';

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
export class OrderError extends Error {
  override name = 'OrderError';
}
/** An add to a list that already holds LIST_LIMITS[list] items. */
export class ListFullError extends Error {
  override name = 'ListFullError';
  constructor(readonly list: ListName) {
    super(listFullMessage(list));
  }
}

const BUMP: InStatement = 'UPDATE content_version SET version = version + 1 WHERE id = 1';

export interface ContentRepo {
  version(): Promise<number>;
  getSettings(): Promise<Settings | undefined>;
  getStats(): Promise<Stats | undefined>;
  listReleases(): Promise<Release[]>;
  listCollaborators(): Promise<Collaborator[]>;
  snapshot(): Promise<PublicContent>;
  /** Deep merge, as Firestore's set with merge: fields sent replace, fields not sent stay. */
  mergeSettings(settings: Settings): Promise<void>;
  saveStats(stats: Stats): Promise<void>;
  addRelease(input: ReleaseInput): Promise<Release>;
  updateRelease(id: string, input: ReleaseInput): Promise<void>;
  addCollaborator(input: CollaboratorInput): Promise<Collaborator>;
  updateCollaborator(id: string, input: CollaboratorInput): Promise<void>;
  remove(list: ListName, id: string): Promise<void>;
  /** ids must name every item of the list exactly once. */
  reorder(list: ListName, ids: string[]): Promise<void>;
  /** Replaces all content at once (import, restore). */
  replaceAll(content: PublicContent): Promise<void>;
}

const release = (r: Row): Release => ({ id: String(r.id), title: String(r.title), meta: String(r.meta), url: String(r.url) });
const collaborator = (r: Row): Collaborator => ({ id: String(r.id), name: String(r.name), role: String(r.role) });

/** Serialises read-then-write sequences inside this process. */
function mutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function contentRepo(db: Database): ContentRepo {
  const c = db.client;
  const exclusive = mutex();

  const listReleases = async () =>
    (await c.execute('SELECT id, title, meta, url FROM releases ORDER BY position, created_at, id')).rows.map(release);
  const listCollaborators = async () =>
    (await c.execute('SELECT id, name, role FROM collaborators ORDER BY position, created_at, id')).rows.map(collaborator);
  const getSettings = async () => {
    const row = (await c.execute("SELECT data FROM settings WHERE id = 'main'")).rows[0];
    return row ? (JSON.parse(String(row.data)) as Settings) : undefined;
  };
  const getStats = async () => {
    const row = (await c.execute("SELECT monthly_listeners FROM stats WHERE id = 'main'")).rows[0];
    return row ? { monthlyListeners: Number(row.monthly_listeners) } : undefined;
  };

  const insertRelease = (r: Release, position: number, at: number): InStatement => ({
    sql: 'INSERT INTO releases (id, title, meta, url, position, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [r.id, r.title, r.meta, r.url, position, at],
  });
  const insertCollaborator = (r: Collaborator, position: number, at: number): InStatement => ({
    sql: 'INSERT INTO collaborators (id, name, role, position, created_at) VALUES (?, ?, ?, ?, ?)',
    args: [r.id, r.name, r.role, position, at],
  });
  const nextPosition = (list: ListName): string => `(SELECT coalesce(max(position), -1) + 1 FROM ${list})`;
  const hasRoom = (list: ListName): string => `(SELECT count(*) FROM ${list}) < ${LIST_LIMITS[list]}`;

  /**
   * The count and the insert are one statement inside one write transaction (BEGIN IMMEDIATE), so
   * concurrent adds, from this process or another, cannot both see room for the last item. The version
   * moves only when the row went in: a refused add changes nothing.
   */
  async function addCapped(list: ListName, id: string, insert: InStatement): Promise<void> {
    const [inserted] = await c.batch(
      [insert, { sql: `UPDATE content_version SET version = version + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM ${list} WHERE id = ?)`, args: [id] }],
      'write',
    );
    if (!inserted || inserted.rowsAffected === 0) throw new ListFullError(list);
  }

  return {
    async version() {
      return Number((await c.execute('SELECT version FROM content_version WHERE id = 1')).rows[0]!.version);
    },
    getSettings,
    getStats,
    listReleases,
    listCollaborators,
    async snapshot() {
      const [settings, stats, releases, collaborators] = [await getSettings(), await getStats(), await listReleases(), await listCollaborators()];
      return { settings, stats, releases, collaborators };
    },
    async mergeSettings(settings) {
      // json_patch is RFC 7396 merge: nested objects (links) merge key by key, as Firestore's merge does.
      await db.write([
        {
          sql: `INSERT INTO settings (id, data) VALUES ('main', json(?1))
                ON CONFLICT (id) DO UPDATE SET data = json_patch(data, json(?1))`,
          args: [JSON.stringify(settings)],
        },
        BUMP,
      ]);
    },
    async saveStats(stats) {
      await db.write([
        {
          sql: `INSERT INTO stats (id, monthly_listeners) VALUES ('main', ?1)
                ON CONFLICT (id) DO UPDATE SET monthly_listeners = ?1`,
          args: [stats.monthlyListeners],
        },
        BUMP,
      ]);
    },
    async addRelease(input) {
      const item: Release = { id: randomUUID(), title: input.title, meta: input.meta, url: input.url };
      await addCapped('releases', item.id, {
        sql: `INSERT INTO releases (id, title, meta, url, position, created_at)
              SELECT ?, ?, ?, ?, ${nextPosition('releases')}, ? WHERE ${hasRoom('releases')}`,
        args: [item.id, item.title, item.meta, item.url, Date.now()],
      });
      return item;
    },
    async updateRelease(id, input) {
      await exclusive(async () => {
        const rs = await c.execute({ sql: 'SELECT 1 FROM releases WHERE id = ?', args: [id] });
        if (!rs.rows.length) throw new NotFoundError('No release has this id');
        await db.write([
          { sql: 'UPDATE releases SET title = ?, meta = ?, url = ? WHERE id = ?', args: [input.title, input.meta, input.url, id] },
          BUMP,
        ]);
      });
    },
    async addCollaborator(input) {
      const item: Collaborator = { id: randomUUID(), name: input.name, role: input.role };
      await addCapped('collaborators', item.id, {
        sql: `INSERT INTO collaborators (id, name, role, position, created_at)
              SELECT ?, ?, ?, ${nextPosition('collaborators')}, ? WHERE ${hasRoom('collaborators')}`,
        args: [item.id, item.name, item.role, Date.now()],
      });
      return item;
    },
    async updateCollaborator(id, input) {
      await exclusive(async () => {
        const rs = await c.execute({ sql: 'SELECT 1 FROM collaborators WHERE id = ?', args: [id] });
        if (!rs.rows.length) throw new NotFoundError('No collaborator has this id');
        await db.write([{ sql: 'UPDATE collaborators SET name = ?, role = ? WHERE id = ?', args: [input.name, input.role, id] }, BUMP]);
      });
    },
    async remove(list, id) {
      await exclusive(async () => {
        const rs = await c.execute({ sql: `SELECT 1 FROM ${list} WHERE id = ?`, args: [id] });
        if (!rs.rows.length) throw new NotFoundError(`No ${list === 'releases' ? 'release' : 'collaborator'} has this id`);
        await db.write([{ sql: `DELETE FROM ${list} WHERE id = ?`, args: [id] }, BUMP]);
      });
    },
    async reorder(list, ids) {
      await exclusive(async () => {
        const current = (await c.execute(`SELECT id FROM ${list}`)).rows.map((r) => String(r.id));
        const wanted = new Set(ids);
        if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
          throw new OrderError(`ids must list every item of ${list} exactly once`);
        }
        await db.write([
          ...ids.map((id, position): InStatement => ({ sql: `UPDATE ${list} SET position = ? WHERE id = ?`, args: [position, id] })),
          BUMP,
        ]);
      });
    },
    async replaceAll(content) {
      const at = Date.now();
      await exclusive(() =>
        db.write([
          'DELETE FROM settings',
          'DELETE FROM stats',
          'DELETE FROM releases',
          'DELETE FROM collaborators',
          ...(content.settings ? [{ sql: "INSERT INTO settings (id, data) VALUES ('main', json(?))", args: [JSON.stringify(content.settings)] }] : []),
          ...(content.stats
            ? [{ sql: "INSERT INTO stats (id, monthly_listeners) VALUES ('main', ?)", args: [content.stats.monthlyListeners] }]
            : []),
          ...content.releases.map((r, i) => insertRelease(r, i, at)),
          ...content.collaborators.map((r, i) => insertCollaborator(r, i, at)),
          BUMP,
        ]),
      );
    },
  };
}
