/**
 * Updating Scena (docs/operating.md, Updating): `npm run admin -- update-check` says whether the database needs a
 * migration; the server, before it migrates an older database at start, takes a backup of it as it is
 * (`BACKUP_DIR/scena-before-update-v<N>-<date>/scena.db`, integrity-checked, on its own connection, kept until removed by hand: the keeping
 * rule of the daily backups does not touch it). If that backup fails, the server does not start and the database is
 * left as it was.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Config } from '../config';
import { localPath, type Database } from '../db/client';
import { MIGRATIONS, SCHEMA_VERSION } from '../db/migrations';
import { BACKUP_FILE } from './backups';

export interface UpdateCheck {
  /** The database's schema version now (0: a new database, or none yet). */
  current: number;
  target: number;
  pending: { version: number; name: string }[];
  state: 'new' | 'current' | 'migrate' | 'newer' | 'remote';
  message: string;
}

/**
 * The schema version of a database file, read without changing it (no migration), for the command line only: its
 * connection is not closed until the process ends, so the server never opens one beside its own.
 */
export async function fileSchemaVersion(file: string): Promise<number> {
  if (!existsSync(file) || statSync(file).size === 0) return 0;
  const client = createClient({ url: `file:${file}`, intMode: 'number' });
  try {
    const table = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
    if (!table.rows.length) return 0;
    return Number((await client.execute('SELECT coalesce(max(version), 0) AS v FROM schema_migrations')).rows[0]!.v);
  } finally {
    client.close();
  }
}

export async function updateCheck(config: Config): Promise<UpdateCheck> {
  const file = localPath(config.databaseUrl);
  const base = { target: SCHEMA_VERSION };
  if (!file) {
    return {
      ...base,
      current: 0,
      pending: [],
      state: 'remote',
      message: 'The database is a remote libsql server: the next start migrates it. Export it first: npm run admin -- export <file.json>.',
    };
  }
  const current = await fileSchemaVersion(file);
  const pending = MIGRATIONS.filter((m) => m.version > current).map(({ version, name }) => ({ version, name }));
  if (current === 0) return { ...base, current, pending, state: 'new', message: 'No database yet: the first start makes one at the current schema.' };
  if (current > SCHEMA_VERSION) {
    return {
      ...base,
      current,
      pending: [],
      state: 'newer',
      message: `The database (schema version ${current}) was made by a newer Scena than this one (${SCHEMA_VERSION}): update Scena's files again; do not start this one.`,
    };
  }
  if (current === SCHEMA_VERSION)
    return { ...base, current, pending, state: 'current', message: `The database is at schema version ${current}, this Scena's: nothing to migrate.` };
  return {
    ...base,
    current,
    pending,
    state: 'migrate',
    message: `The database is at schema version ${current}; this Scena's is ${SCHEMA_VERSION}. At its next start the server first takes a backup of it as it is (into ${join(config.backup.dir, `scena-before-update-v${current}-…`)}), then migrates it: ${pending.map((m) => `${m.version} (${m.name})`).join('; ')}.`,
  };
}

export class MigrationBackupError extends Error {
  override name = 'MigrationBackupError';
}

/**
 * Before the server migrates an older local database: a copy of it as it is, on the server's own connection (a second
 * connection to the live database in the same process is never opened: closing it could drop the other's journal),
 * checked through ATTACH. Returns the folder. Throws (and the server does not start) when the copy cannot be made.
 */
export async function backupBeforeMigration(db: Database, config: Config, from: number, now = Date.now()): Promise<string> {
  const name = `scena-before-update-v${from}-${new Date(now).toISOString().slice(0, 10)}-${randomUUID().slice(0, 6)}`;
  const partial = join(config.backup.dir, `.partial-${name}`);
  try {
    mkdirSync(partial, { recursive: true, mode: 0o700 });
    const target = join(partial, BACKUP_FILE);
    // VACUUM INTO keeps an existing empty file's mode: the copy holds the password hashes.
    closeSync(openSync(target, 'wx', 0o600));
    await db.client.execute({ sql: 'VACUUM INTO ?', args: [target] });
    await db.client.execute({ sql: 'ATTACH DATABASE ? AS before_update', args: [target] });
    try {
      const check = (await db.client.execute('PRAGMA before_update.integrity_check')).rows.map((r) => String(Object.values(r)[0])).join('\n');
      if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${check}`);
      // As every backup: the day's audience salt stays on the server (docs/decisions/0026-audience-without-cookies.md).
      const salt = await db.client.execute("SELECT 1 FROM before_update.sqlite_master WHERE type = 'table' AND name = 'audience_salt'");
      if (salt.rows.length) await db.client.execute('DELETE FROM before_update.audience_salt');
    } finally {
      await db.client.execute('DETACH DATABASE before_update');
    }
    const folder = join(config.backup.dir, name);
    renameSync(partial, folder);
    return folder;
  } catch (error) {
    try {
      rmSync(partial, { recursive: true, force: true });
    } catch {
      // Nothing was made (the folder could not be).
    }
    throw new MigrationBackupError(
      `The database needs a migration (schema version ${from} to ${SCHEMA_VERSION}), and the backup before it failed: ${(error as Error).message}. Nothing was changed; fix this (BACKUP_DIR, free space) and start again.`,
    );
  }
}
