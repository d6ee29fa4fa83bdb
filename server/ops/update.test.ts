/**
 * Updating: from each earlier schema version, on a real older database holding a release, update-check says what
 * will happen, the start takes the backup before migrating, and the migrated server is ready with the release; a
 * backup that cannot be made leaves the database as it was. One child server checks the wiring of `npm start`.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { MIGRATIONS, SCHEMA_VERSION } from '../db/migrations';
import { runCli, startServer } from '../test/child-server';
import { fakeDist, tempDir } from '../test/helpers';
import { BACKUP_FILE } from './backups';
import { fileSchemaVersion, MigrationBackupError, updateCheck } from './update';

const tmp = tempDir('scena-update-');
afterAll(() => tmp.remove());
const dist = fakeDist(tmp.dir);

/** A database as Scena left it at `version`, with one release written when it was at version 1. */
async function atVersion(version: number, name: string): Promise<string> {
  const file = join(tmp.dir, name, 'scena.db');
  mkdirSync(join(tmp.dir, name), { recursive: true });
  const client = createClient({ url: `file:${file}` });
  await client.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  for (const m of MIGRATIONS.filter((x) => x.version <= version)) {
    await client.batch(
      [...m.sql, { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [m.version, m.name, 0] }],
      'write',
    );
    if (m.version === 1) {
      await client.execute(
        `INSERT INTO releases (id, title, meta, url, position, created_at) VALUES ('r1', 'Ecou', 'Single · 2024', 'https://open.spotify.com/album/x', 0, 1)`,
      );
    }
  }
  client.close();
  return file;
}

describe('updating from an older database', () => {
  const versions = MIGRATIONS.map((m) => m.version).filter((v) => v < SCHEMA_VERSION);
  it.each(versions)('from schema version %i: update-check says so, the start backs it up first, then migrates and is ready', async (version) => {
    const file = await atVersion(version, `v${version}`);
    const config = loadConfig({ DATABASE_URL: file, DIST_DIR: dist, LOG_LEVEL: 'silent' });
    const check = await updateCheck(config);
    expect(check).toMatchObject({ state: 'migrate', current: version, target: SCHEMA_VERSION });
    expect(check.pending.map((m) => m.version)).toEqual(MIGRATIONS.filter((m) => m.version > version).map((m) => m.version));
    expect(check.message).toContain('first takes a backup');
    const app = await buildApp(config);
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(((await app.inject({ method: 'GET', url: '/api/content' })).json() as { releases: { title: string }[] }).releases.map((r) => r.title)).toContain(
        'Ecou',
      );
    } finally {
      await app.close();
    }
    // The copy taken before, as the database was.
    const saved = readdirSync(config.backup.dir).filter((n) => n.startsWith(`scena-before-update-v${version}-`));
    expect(saved).toHaveLength(1);
    expect(await fileSchemaVersion(join(config.backup.dir, saved[0]!, BACKUP_FILE))).toBe(version);
    expect(statSync(join(config.backup.dir, saved[0]!, BACKUP_FILE)).mode & 0o777).toBe(0o600);
    expect((await updateCheck(config)).state).toBe('current');
    // A start at the current schema takes no copy.
    await (await buildApp(config)).close();
    expect(readdirSync(config.backup.dir).filter((n) => n.startsWith('scena-before-update'))).toHaveLength(1);
  });

  it('a backup that cannot be made stops the start, and the database stays as it was', async () => {
    const file = await atVersion(SCHEMA_VERSION - 1, 'blocked');
    const backups = join(tmp.dir, 'blocked', 'backups');
    const config = loadConfig({ DATABASE_URL: file, DIST_DIR: dist });
    // Became unusable after the configuration was checked (the start's own check refuses it sooner).
    writeFileSync(backups, 'a file where the folder should be');
    await expect(buildApp(config)).rejects.toThrow(MigrationBackupError);
    await expect(buildApp(config)).rejects.toThrow(/the backup before it failed: .*Nothing was changed/);
    expect(await fileSchemaVersion(file)).toBe(SCHEMA_VERSION - 1);
  });

  it('npm start and npm run admin -- update-check, as an operator runs them', async () => {
    const file = await atVersion(SCHEMA_VERSION - 1, 'operator');
    const env = { DATABASE_URL: file, DIST_DIR: dist };
    const check = await runCli(['update-check'], env);
    expect(check.code).toBe(0);
    expect(check.out).toContain(`The database is at schema version ${SCHEMA_VERSION - 1}; this Scena's is ${SCHEMA_VERSION}.`);
    const server = await startServer(env);
    try {
      expect(server.startOutput).toMatch(/The database needed a migration from schema version \d: backed it up first to .*scena-before-update-v/);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.kill('SIGTERM');
    }
    expect(existsSync(join(tmp.dir, 'operator', 'backups'))).toBe(true);
    expect((await runCli(['update-check'], env)).out).toContain('nothing to migrate');
  }, 30_000);
});
