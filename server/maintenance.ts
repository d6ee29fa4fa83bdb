/** Backup, restore, export and import: used by the admin CLI (server/cli.ts) and the tests. */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CollaboratorInputSchema, ReleaseInputSchema, SettingsSchema, StatsSchema, type PublicContent } from '../src/content/model';
import { openDatabase, type Database } from './db/client';
import { contentRepo } from './db/content-repo';

export class MaintenanceError extends Error {
  override name = 'MaintenanceError';
}

function requireLocal(db: Database, what: string): string {
  if (!db.file) throw new MaintenanceError(`${what} works on a local SQLite file only; for a remote libsql database use export/import.`);
  return db.file;
}

export async function integrityCheck(db: Database): Promise<string> {
  const rs = await db.client.execute('PRAGMA integrity_check');
  return rs.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

/**
 * A consistent copy of the live database, safe while the server runs and writes:
 * VACUUM INTO reads inside one read transaction (a WAL snapshot) and writes a compact new file.
 */
export async function backup(db: Database, target: string): Promise<void> {
  requireLocal(db, 'backup');
  const file = resolve(target);
  if (existsSync(file)) throw new MaintenanceError(`${file} already exists: choose a new file name.`);
  await db.client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  const copy = await openDatabase(`file:${file}`);
  try {
    const check = await integrityCheck(copy);
    if (check !== 'ok') throw new MaintenanceError(`The backup failed its integrity check: ${check}`);
  } finally {
    copy.close();
  }
}

const RESTORED_TABLES = ['settings', 'stats', 'releases', 'collaborators', 'accounts'] as const;

/**
 * Replaces everything (content and accounts) with a backup's, in one transaction, so it is safe
 * while the server runs: readers see the old state or the new one. All sessions end.
 * The backup is first copied and brought to the current schema, and must pass integrity_check.
 */
export async function restore(db: Database, source: string): Promise<void> {
  requireLocal(db, 'restore');
  const file = resolve(source);
  if (!existsSync(file)) throw new MaintenanceError(`${file} does not exist.`);
  const staged = join(tmpdir(), `scena-restore-${process.pid}-${Date.now()}.db`);
  copyFileSync(file, staged);
  try {
    let copy: Database;
    try {
      copy = await openDatabase(`file:${staged}`);
    } catch (error) {
      throw new MaintenanceError(`${file} is not a Scena backup: ${(error as Error).message}`);
    }
    try {
      const check = await integrityCheck(copy);
      if (check !== 'ok') throw new MaintenanceError(`${file} failed its integrity check: ${check}`);
      await copy.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      copy.close();
    }
    await db.client.execute({ sql: 'ATTACH DATABASE ? AS backup', args: [staged] });
    try {
      await db.write([
        'DELETE FROM sessions',
        'DELETE FROM login_throttle',
        ...RESTORED_TABLES.map((t) => `DELETE FROM main.${t}`),
        ...RESTORED_TABLES.map((t) => `INSERT INTO main.${t} SELECT * FROM backup.${t}`),
        'UPDATE main.content_version SET version = max(version, (SELECT version FROM backup.content_version)) + 1',
      ]);
    } finally {
      await db.client.execute('DETACH DATABASE backup');
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${staged}${suffix}`, { force: true });
  }
}

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'must be an id (letters, digits, - and _)' });
export const ExportSchema = z.strictObject({
  format: z.literal('scena-content', { error: 'must be "scena-content"' }),
  version: z.literal(1, { error: 'must be 1' }),
  exportedAt: z.string().optional(),
  content: z.strictObject({
    settings: SettingsSchema.optional(),
    stats: StatsSchema.optional(),
    releases: z.array(ReleaseInputSchema.extend({ id: ID })),
    collaborators: z.array(CollaboratorInputSchema.extend({ id: ID })),
  }),
});
export type ContentExport = z.infer<typeof ExportSchema>;

export async function exportContent(db: Database): Promise<ContentExport> {
  const content = await contentRepo(db).snapshot();
  return { format: 'scena-content', version: 1, exportedAt: new Date().toISOString(), content: strip(content) };
}

const strip = (c: PublicContent) => ({
  ...(c.settings ? { settings: c.settings } : {}),
  ...(c.stats ? { stats: c.stats } : {}),
  releases: c.releases,
  collaborators: c.collaborators,
});

export async function exportToFile(db: Database, target: string): Promise<void> {
  writeFileSync(resolve(target), `${JSON.stringify(await exportContent(db), null, 2)}\n`);
}

/** Replaces all content with a file's, after validating every field as the API does. Accounts stay. */
export async function importFromFile(db: Database, source: string): Promise<PublicContent> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(source), 'utf8'));
  } catch (error) {
    throw new MaintenanceError(`${source} is not a JSON file: ${(error as Error).message}`);
  }
  const parsed = ExportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new MaintenanceError(`${source}: ${issue.path.join('.') || 'file'} ${issue.message}`);
  }
  const { content } = parsed.data;
  for (const list of ['releases', 'collaborators'] as const) {
    const ids = content[list].map((x) => x.id);
    if (new Set(ids).size !== ids.length) throw new MaintenanceError(`${source}: content.${list} has the same id twice`);
  }
  const full: PublicContent = { ...content };
  await contentRepo(db).replaceAll(full);
  return full;
}
