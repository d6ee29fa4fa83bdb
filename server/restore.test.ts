/**
 * restore checks what it restores before anything changes: SQLite and integrity, the schema version,
 * every row against the model; it keeps today's accounts unless asked, and works on a private copy.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createClient, type InStatement } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, findAccount, resetPassword } from './auth/accounts';
import { verifyPassword } from './auth/password';
import { sessionStore } from './auth/sessions';
import { openDatabase, type Database } from './db/client';
import { contentRepo } from './db/content-repo';
import { SCHEMA_VERSION } from './db/migrations';
import { backup, restore } from './maintenance';
import { ADMIN, OTHER, tempDir } from './test/helpers';
import { runCliSplit } from './test/run-cli';
import { fullItem } from '../src/content/fields/declare';
import { releases } from '../src/content/kinds';
import { EMPTY_CONTENT } from '../src/content/page-data';

const tmp = tempDir('scena-restore-test-');
afterAll(() => tmp.remove());
let n = 0;
const path = (name: string) => join(tmp.dir, `${name}-${++n}.db`);

/** A live database with one release and the admin's account, and a backup of it. */
async function liveWithBackup(): Promise<{ db: Database; file: string; backupFile: string; releases: () => Promise<string[]> }> {
  const file = path('live');
  const db = await openDatabase(`file:${file}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  const repo = contentRepo(db);
  await repo.add('releases', { title: 'In the backup', meta: '2024', url: 'https://open.spotify.com/album/1', cover: '' });
  const backupFile = path('backup');
  await backup(db, backupFile);
  await repo.replaceAll({ ...EMPTY_CONTENT, releases: [fullItem(releases, { id: 'kept', title: 'Live', meta: '', url: '', cover: '' })] });
  return { db, file, backupFile, releases: async () => (await repo.list('releases')).map((r) => String(r.title)) };
}

/** Edits a backup file as another program (or an attacker) could, without Scena's checks. */
async function edit(file: string, statements: InStatement[]) {
  const client = createClient({ url: `file:${file}` });
  try {
    for (const statement of statements) await client.execute(statement);
  } finally {
    client.close();
  }
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('restore', () => {
  it('refuses a backup made by a newer Scena, saying so, and changes nothing', async () => {
    const { db, backupFile, releases } = await liveWithBackup();
    try {
      await edit(backupFile, [
        { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [SCHEMA_VERSION + 1, 'from the future', Date.now()] },
      ]);
      await expect(restore(db, backupFile)).rejects.toThrow(
        `was made by a newer Scena (schema version ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION}): update Scena, then restore it. Nothing was restored.`,
      );
      expect(await releases()).toEqual(['Live']);
    } finally {
      db.close();
    }
  });

  it('brings an older backup to this schema on its private copy, leaving the file untouched', async () => {
    const { db, releases } = await liveWithBackup();
    const old = path('schema-0');
    // A Scena database from before the first migration: only the migrations table, empty.
    await edit(old, ['CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)']);
    const before = sha(old);
    try {
      const done = await restore(db, old);
      expect(done).toMatchObject({ migratedFrom: 0, releases: 0, collaborators: 0, accounts: 'kept' });
      expect(await releases()).toEqual([]);
      expect(sha(old)).toBe(before);
      expect(existsSync(`${old}-wal`)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('refuses rows the model refuses, naming the table, the row id and the field, and changes nothing', async () => {
    const { db, backupFile, releases } = await liveWithBackup();
    try {
      await edit(backupFile, [
        "UPDATE list_items SET data = json_set(data, '$.url', 'javascript:alert(1)') WHERE kind = 'releases'",
        `INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('releases', '../admin', '{"title":"Path","meta":"","url":""}', 9, 0)`,
        `INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('collaborators', 'c1', json_object('name', 'Irina' || char(7), 'role', 'Voice'), 0, 0)`,
        `INSERT INTO singletons (kind, data) VALUES ('settings', '{"heroTitle_en":"Hi","links":{"spotify":"http://open.spotify.com/a"},"onload":"x"}')`,
        `INSERT INTO singletons (kind, data) VALUES ('stats', '{"monthlyListeners":2000000000}')`,
        `INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('videos', 'v1', '{}', 0, 0)`,
        `UPDATE history SET value = json_set(value, '$.title', 'x' || char(0x202E)) WHERE kind = 'releases'`,
      ]);
      const releaseId = String(
        await (async () => {
          const c = createClient({ url: `file:${backupFile}` });
          try {
            return (await c.execute("SELECT id FROM releases WHERE title = 'In the backup'")).rows[0]!.id;
          } finally {
            c.close();
          }
        })(),
      );
      let message = '';
      await restore(db, backupFile).catch((error: Error) => (message = error.message));
      expect(message).toContain('holds data this Scena refuses; nothing was restored');
      for (const line of [
        `table releases, row id "${releaseId}", field url must be an https:// link`,
        'table releases, row id "../admin", field id must be an id (letters, digits, - and _)',
        'table collaborators, row id "c1", field name must not contain control characters',
        'table settings, row id "main", field links.spotify must be an https:// link',
        'table settings, row id "main", field onload is not a field of the model',
        'table stats, row id "main", field monthlyListeners must be at most 1000000000',
        'table list_items, row kind "videos" is not a list',
        `table history, releases item "${releaseId}" version 1, field title must not contain invisible or direction-changing characters (zero-width or bidirectional controls)`,
      ]) {
        expect(message).toContain(line);
      }
      expect(await releases()).toEqual(['Live']);
    } finally {
      db.close();
    }
  });

  it("keeps today's accounts (and ends every session) unless told to take the backup's", async () => {
    const { db, backupFile } = await liveWithBackup();
    try {
      // Since the backup: the admin's password changed, another account was made, the admin signed in.
      await resetPassword(db, ADMIN.email, 'amber-meadow-5521');
      await createAccount(db, OTHER.email, OTHER.password);
      const sessions = sessionStore(db, { idleMs: 60_000, maxMs: 3_600_000 });
      const token = await sessions.create((await findAccount(db, ADMIN.email))!.id);

      const kept = await restore(db, backupFile);
      expect(kept).toMatchObject({ accounts: 'kept', accountCount: 2, sessionsEnded: 1, releases: 1 });
      expect(await verifyPassword((await findAccount(db, ADMIN.email))!.passwordHash, 'amber-meadow-5521')).toBe(true);
      expect(await findAccount(db, OTHER.email)).toBeDefined();
      expect(await sessions.find(token)).toBeUndefined();

      // The backup's accounts are checked only when they are to be taken.
      await edit(backupFile, ["INSERT INTO accounts (email, password_hash, created_at, updated_at) VALUES ('not an address', 'plain', 0, 0)"]);
      await expect(restore(db, backupFile)).resolves.toMatchObject({ accounts: 'kept' });
      await expect(restore(db, backupFile, { withAccounts: true })).rejects.toThrow(/table accounts, row id "2", field email must be an e-mail address/);
      await edit(backupFile, ["DELETE FROM accounts WHERE email = 'not an address'"]);

      const taken = await restore(db, backupFile, { withAccounts: true });
      expect(taken).toMatchObject({ accounts: 'restored', accountCount: 1 });
      expect(await verifyPassword((await findAccount(db, ADMIN.email))!.passwordHash, ADMIN.password)).toBe(true);
      expect(await findAccount(db, OTHER.email)).toBeUndefined();
    } finally {
      db.close();
    }
  }, 30_000);

  it('copies the backup into a private temporary folder (0700, file 0600, unpredictable name) and removes it', async () => {
    const { db, backupFile } = await liveWithBackup();
    try {
      // An operator's copy of a backup, readable by everyone: the staged copy must not inherit that.
      chmodSync(backupFile, 0o644);
      const seen: { folder: string; mode: number; files: [string, number][] }[] = [];
      await restore(db, backupFile, {
        // Looked at while the restore runs (a CLI's few milliseconds could not be caught by polling on a busy machine).
        onStaged: (path) => {
          const folder = dirname(path);
          seen.push({
            folder,
            mode: statSync(folder).mode & 0o777,
            files: readdirSync(folder).map((f) => [f, statSync(join(folder, f)).mode & 0o777]),
          });
        },
      });
      expect(seen).toHaveLength(1);
      const [{ folder, mode, files }] = seen as [(typeof seen)[number]];
      expect(dirname(folder)).toBe(tmpdir());
      expect(basename(folder)).toMatch(/^scena-restore-[A-Za-z0-9]{6}$/);
      expect(mode).toBe(0o700);
      expect(files.map(([name]) => name)).toContain('backup.db');
      for (const [name, fileMode] of files) expect(fileMode, name).toBe(0o600);
      expect(existsSync(folder), 'the staged copy is removed').toBe(false);
    } finally {
      db.close();
    }
  }, 30_000);

  it('stages the copy in the TMPDIR the command is given, and leaves nothing there', async () => {
    const { db, file, backupFile } = await liveWithBackup();
    db.close();
    const tmpRoot = join(tmp.dir, 'tmp');
    mkdirSync(tmpRoot);
    const run = await runCliSplit(['restore', backupFile], { DATABASE_URL: file, TMPDIR: tmpRoot });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readdirSync(tmpRoot).filter((name) => name.startsWith('scena'))).toEqual([]);
  }, 30_000);

  it('takes --with-accounts on the command line, names it in the usage, and refuses unknown options', async () => {
    const { db, file, backupFile } = await liveWithBackup();
    await createAccount(db, OTHER.email, OTHER.password);
    db.close();
    const env = { DATABASE_URL: file };
    const usage = await runCliSplit([], env);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('restore <file> --with-accounts');
    const wrong = await runCliSplit(['backup', path('x'), '--with-accounts'], env);
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('Unknown option --with-accounts for "backup"');
    const kept = await runCliSplit(['restore', backupFile], env);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('The 2 current accounts were kept');
    const taken = await runCliSplit(['restore', backupFile, '--with-accounts'], env);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toContain("The backup's 1 account replaced the current ones.");
  }, 60_000);
});
