/** Migration 6: the Services section's four services become content in a database already in use, and only there. */
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { contentRepo } from './db/content-repo';
import { MIGRATIONS } from './db/migrations';
import { seedFirstStart } from './maintenance';
import { SEED_SERVICES } from '../src/content/seed';
import { tempDir } from './test/helpers';

const tmp = tempDir('scena-services-');
afterAll(() => tmp.remove());

/** A database as Scena left it at schema 5 (before services were content), with `sql` run after. */
async function atSchema5(name: string, sql: string[] = []): Promise<string> {
  const file = join(tmp.dir, `${name}.db`);
  const client = createClient({ url: `file:${file}` });
  await client.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  for (const m of MIGRATIONS.filter((x) => x.version <= 5)) {
    await client.batch(
      [...m.sql, { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [m.version, m.name, 0] }],
      'write',
    );
  }
  if (sql.length) await client.batch(sql, 'write');
  client.close();
  return file;
}

describe('services as content (migration 6)', () => {
  it('gives a database in use the four services it showed, in order, each with its first version', async () => {
    const file = await atSchema5('in-use', [
      `INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('releases', 'r1', json_object('title', 'Mine'), 0, 1)`,
      `INSERT INTO history (kind, item, version, at, action, value, changed) VALUES ('releases', 'r1', 1, '2026-01-01T00:00:00.000Z', 'create', json_object('title', 'Mine'), '[]')`,
    ]);
    const db = await openDatabase(`file:${file}`);
    try {
      const repo = contentRepo(db);
      expect(await repo.list('services')).toEqual(SEED_SERVICES);
      for (const s of SEED_SERVICES) expect((await repo.history('services', s.id)).map((h) => [h.version, h.action])).toEqual([[1, 'create']]);
      // Nothing else is seeded over the admin's content.
      expect((await repo.list('releases')).map((r) => r.title)).toEqual(['Mine']);
      expect(await seedFirstStart(db)).toBe(false);
      // Removed by the admin, a service stays removed at the next start.
      await repo.remove('services', 'seed-collabs');
    } finally {
      db.close();
    }
    const again = await openDatabase(`file:${file}`);
    try {
      expect((await contentRepo(again).list('services')).map((s) => s.id)).toEqual(['seed-beats', 'seed-mixing', 'seed-mastering']);
    } finally {
      again.close();
    }
  });

  it('writes nothing into an empty database: the first start seeds the services once, with everything else', async () => {
    const file = await atSchema5('empty');
    const db = await openDatabase(`file:${file}`);
    try {
      const repo = contentRepo(db);
      expect(await repo.list('services')).toEqual([]);
      expect(await seedFirstStart(db)).toBe(true);
      expect(await repo.list('services')).toEqual(SEED_SERVICES);
      expect((await repo.list('releases')).map((r) => r.id)).toEqual(['seed-lumini-de-oras', 'seed-nocturn']);
    } finally {
      db.close();
    }
  });
});
