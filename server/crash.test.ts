/**
 * Durability: the server is killed with SIGKILL in the middle of a stream of writes, 20 times under `npm run chaos`
 * (3 in `npm test`: test/chaos.ts chaosRounds); after each restart every acknowledged write is there and PRAGMA integrity_check says ok.
 * Then a backup taken while writes go on is restored, and compared.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './auth/accounts';
import { openDatabase } from './db/client';
import { integrityCheck } from './maintenance';
import { ADMIN, tempDir } from './test/helpers';
import { runCli, signInOver, startServer, type ChildServer } from './test/child-server';
import { chaosRounds, chaosTimeout, killInTheMiddle } from './test/chaos';

const KILLS = chaosRounds(3, 20);
const tmp = tempDir('scena-crash-');
const dbFile = join(tmp.dir, 'scena.db');
const env = { DATABASE_URL: dbFile, DIST_DIR: join(tmp.dir, 'no-dist') };

beforeAll(async () => {
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  db.close();
});
afterAll(() => tmp.remove());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stream {
  acknowledged: string[];
  /** The highest monthlyListeners whose save was acknowledged (saves go in increasing order). */
  lastStats: number;
  stop(): Promise<void>;
}

/** Concurrent writers: releases with unique titles, and a sequence of increasing stats. */
function writeStream(server: ChildServer, cookie: string, tag: string, writers = 4, pauseMs = 0): Stream {
  let running = true;
  const acknowledged: string[] = [];
  const state = { lastStats: -1 };
  const headers = { 'content-type': 'application/json', cookie };
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let n = 0; running; n++) {
      const title = `${tag}-${w}-${n}`;
      try {
        const res = await fetch(`${server.url}/api/admin/releases`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ title, meta: 'crash', url: '', cover: '' }),
        });
        if (res.status === 201) acknowledged.push(title);
        // 503: shutting down; 409: the list is full (LIST_LIMITS). Neither is acknowledged.
        else if (res.status !== 503 && res.status !== 409) throw new Error(`unexpected ${res.status}`);
        if (pauseMs) await sleep(pauseMs);
      } catch (error) {
        if ((error as Error).message.startsWith('unexpected')) throw error;
        return; // the server is gone
      }
    }
  });
  const stats = (async () => {
    for (let n = Date.now() % 1_000_000; running; n++) {
      try {
        const res = await fetch(`${server.url}/api/admin/stats`, { method: 'PUT', headers, body: JSON.stringify({ monthlyListeners: n }) });
        if (res.ok) state.lastStats = n;
      } catch {
        return;
      }
    }
  })();
  return {
    acknowledged,
    get lastStats() {
      return state.lastStats;
    },
    async stop() {
      running = false;
      await Promise.all([...loops, stats]);
    },
  };
}

/** Removes every release (after a round checked them), so the next round's adds fit in the list's cap. */
async function clearReleases(url: string, cookie: string): Promise<void> {
  const { releases } = (await (await fetch(`${url}/api/releases`)).json()) as { releases: { id: string }[] };
  for (const { id } of releases) {
    const res = await fetch(`${url}/api/admin/releases/${id}`, { method: 'DELETE', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
    if (res.status !== 200) throw new Error(`clearing releases: ${res.status}`);
  }
}

async function titles(url: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/releases`);
  return new Set(((await res.json()) as { releases: { title: string }[] }).releases.map((r) => r.title));
}

describe('durability', () => {
  it(
    `keeps every acknowledged write across ${KILLS} SIGKILLs, with integrity_check ok`,
    async () => {
      let total = 0;
      let server = await startServer(env);
      const cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
      await killInTheMiddle<{ stream: Stream; lastStats: number; kill(signal?: NodeJS.Signals): Promise<void> }>({
        name: 'saves',
        kills: KILLS,
        // Killed once writes are flowing (at least six acknowledged, however busy the machine), at a random moment after.
        jitterMs: 250,
        async start(round) {
          const stream = writeStream(server, cookie, `r${round}`);
          const killServer = server.kill;
          const job = {
            stream,
            lastStats: -1,
            kill: async (signal?: NodeJS.Signals) => {
              job.lastStats = stream.lastStats;
              await killServer(signal);
            },
          };
          return job;
        },
        underWay: ({ stream }) => stream.acknowledged.length >= 6,
        async after({ stream, lastStats }, round) {
          await stream.stop();
          const acknowledged = [...stream.acknowledged];
          const db = await openDatabase(`file:${dbFile}`);
          expect(await integrityCheck(db)).toBe('ok');
          db.close();

          server = await startServer(env);
          const stored = await titles(server.url);
          const lost = acknowledged.filter((title) => !stored.has(title));
          expect(lost, `round ${round}`).toEqual([]);
          const stats = (await (await fetch(`${server.url}/api/stats`)).json()) as { stats: { monthlyListeners: number } | null };
          expect(stats.stats?.monthlyListeners ?? -1).toBeGreaterThanOrEqual(Math.max(lastStats, stream.lastStats));
          // Checked: counted, then removed, so the next round has room under the cap.
          total += acknowledged.length;
          await clearReleases(server.url, cookie);
          return { held: ['integrity_check ok', 'no acknowledged save lost', 'the newest stats kept'] };
        },
      });
      await server.kill('SIGTERM');
      expect(total).toBeGreaterThan(KILLS * 5);
    },
    chaosTimeout(KILLS),
  );

  it('backs up while writes go on, and restores that backup exactly', async () => {
    const backupFile = join(tmp.dir, 'backup.db');
    const server = await startServer(env);
    try {
      const cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
      // Paced (at most 25 adds a second): the list must not reach its cap (200) before the backup is taken,
      // or the live list and the backup would hold the same 200 titles and prove nothing.
      const stream = writeStream(server, cookie, 'b', 1, 40);
      await sleep(200);
      const before = [...stream.acknowledged];
      const backup = await runCli(['backup', backupFile], env);
      await sleep(200);
      await stream.stop();
      expect(backup.code, backup.out).toBe(0);
      expect(stream.acknowledged.length).toBeGreaterThan(before.length);

      const copy = await openDatabase(`file:${backupFile}`);
      expect(await integrityCheck(copy)).toBe('ok');
      const inBackup = (await copy.client.execute("SELECT id, data FROM list_items WHERE kind = 'releases' ORDER BY position, created_at, id")).rows.map(
        (r): Record<string, unknown> => ({ id: r.id, ...(JSON.parse(String(r.data)) as Record<string, unknown>) }),
      );
      copy.close();
      const backupTitles = new Set(inBackup.map((r) => String(r.title)));
      // A consistent snapshot: everything acknowledged before it started, nothing that was never sent.
      expect(before.filter((title) => !backupTitles.has(title))).toEqual([]);
      // (the server was not killed here, so every write it committed was acknowledged by the end)
      const acknowledged = new Set(stream.acknowledged);
      expect([...backupTitles].filter((title) => title.startsWith('b-') && !acknowledged.has(title))).toEqual([]);
      expect((await titles(server.url)).size).toBeGreaterThan(backupTitles.size);

      // Restore into the live database while the server runs.
      const restore = await runCli(['restore', backupFile], env);
      expect(restore.code, restore.out).toBe(0);
      const live = ((await (await fetch(`${server.url}/api/releases`)).json()) as { releases: Record<string, unknown>[] }).releases;
      expect(live).toEqual(inBackup);
      // Sessions end at a restore.
      const res = await fetch(`${server.url}/api/admin/stats`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: '{"monthlyListeners":1}',
      });
      expect(res.status).toBe(401);
      // The cached public content follows within a second.
      await sleep(1100);
      const content = (await (await fetch(`${server.url}/api/content`)).json()) as { releases: unknown[] };
      expect(content.releases).toEqual(inBackup);
    } finally {
      await server.kill('SIGTERM');
    }
  }, 60_000);
});
