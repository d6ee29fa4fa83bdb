/**
 * The database locked by another program (an `sqlite3` shell holding a write transaction): a write waits for it up to
 * BUSY_TIMEOUT_MS (5 s) and succeeds once the lock goes; a lock held longer gets a clear 503 with Retry-After
 * (database-busy), never a 500 (what it got before), and nothing half-written; the same request then succeeds (the
 * connection opened again: before, every later write failed until a restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS } from './db/client';
import { integrityCheck } from './maintenance';
import { JSON_HEADERS, signedInApp, type SignedInApp } from './test/helpers';
import { holdWriteLock } from './test/sqlite-lock';

let t: SignedInApp;
beforeAll(async () => {
  t = await signedInApp();
});
afterAll(async () => {
  await t.close();
});

const saveStats = (monthlyListeners: number) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/stats', headers: { ...JSON_HEADERS, cookie: t.cookie }, payload: { monthlyListeners } });
const storedStats = async () => (await t.app.inject({ method: 'GET', url: '/api/stats' })).json<{ stats: { monthlyListeners: number } | null }>().stats;

describe('the database locked by another program', () => {
  it('for 3 s: a save waits for the lock and succeeds', async () => {
    expect(BUSY_TIMEOUT_MS).toBeGreaterThan(3_000);
    const read = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(read.statusCode).toBe(200);
    // The shell lets go by itself after 3 s (the fault's length, not a wait in the test).
    const lock = await holdWriteLock(t.dbFile, 3);
    const started = Date.now();
    const saved = await saveStats(1234);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    await lock.release();
    expect((await storedStats())?.monthlyListeners).toBe(1234);
  }, 20_000);

  it('for longer than a request waits: 503 database-busy with Retry-After (it was a 500), nothing written, then the same save works', async () => {
    const { client } = t.app.services.db;
    // The wait cut to 100 ms so that the test need not outlast the real 5 s.
    await client.execute('PRAGMA busy_timeout=100');
    const lock = await holdWriteLock(t.dbFile);
    try {
      const refused = await saveStats(5678);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'database-busy' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(t.logs.join('\n')).toContain('database locked by another program');
    } finally {
      await lock.release();
      await client.execute(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
    }
    expect((await storedStats())?.monthlyListeners).toBe(1234);
    // libsql left the refused statement in progress on its connection: without opening it again (db/client.ts
    // reopenedAfterBusy) every later write failed ("cannot commit transaction - SQL statements in progress").
    const again = await saveStats(5678);
    expect(again.statusCode, again.body).toBe(200);
    expect((await storedStats())?.monthlyListeners).toBe(5678);
    expect(await integrityCheck(t.app.services.db)).toBe('ok');
  }, 20_000);
});
