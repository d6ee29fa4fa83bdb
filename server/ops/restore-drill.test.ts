/**
 * The restore drill: a server takes its scheduled backup by itself; a fresh install restores the latest one with
 * `npm run admin -- restore … --with-accounts`, starts, is ready, and serves the same content to the same admin.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts';
import { openDatabase } from '../db/client';
import { contentRepo } from '../db/content-repo';
import { loadSample } from '../maintenance';
import { runCli, signInOver, startServer, type ChildServer } from '../test/child-server';
import { ADMIN, fakeDist, tempDir } from '../test/helpers';
import { BACKUP_FILE, listBackups } from './backups';

const tmp = tempDir('scena-drill-');
const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill('SIGTERM');
  tmp.remove();
});

/** Waits for a condition by looking again every 50 ms (no fixed sleep), up to `ms`. */
async function until(condition: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the restore drill', () => {
  it('restores the latest scheduled backup into a fresh install, which starts ready with the same content and admin', async () => {
    const dist = fakeDist(tmp.dir);
    const oldDb = join(tmp.dir, 'old', 'scena.db');
    const db = await openDatabase(`file:${oldDb}`);
    await loadSample(db, false);
    await createAccount(db, ADMIN.email, ADMIN.password);
    const releases = (await contentRepo(db).snapshot()).releases.length;
    db.close();

    // BACKUP_HOUR=0: the day's backup is due from midnight, so the server takes it as it starts.
    const backups = join(tmp.dir, 'old', 'backups');
    const old = await startServer({ DATABASE_URL: oldDb, DIST_DIR: dist, BACKUP_HOUR: '0' });
    servers.push(old);
    await until(() => listBackups(backups).length === 1, 15_000, 'the scheduled backup');
    await old.kill('SIGTERM');
    const latest = join(backups, listBackups(backups)[0]!, BACKUP_FILE);

    const freshDb = join(tmp.dir, 'fresh', 'scena.db');
    const restored = await runCli(['restore', latest, '--with-accounts'], { DATABASE_URL: freshDb, BACKUP_HOUR: 'off' });
    expect(restored.out).toContain(`Restored ${releases} releases`);
    expect(restored.code).toBe(0);
    expect(existsSync(join(tmp.dir, 'fresh', 'media'))).toBe(true);

    const fresh = await startServer({ DATABASE_URL: freshDb, DIST_DIR: dist });
    servers.push(fresh);
    expect((await fetch(`${fresh.url}/readyz`)).status).toBe(200);
    const content = (await (await fetch(`${fresh.url}/api/content`)).json()) as { releases: unknown[] };
    expect(content.releases).toHaveLength(releases);
    const cookie = await signInOver(fresh.url, ADMIN.email, ADMIN.password);
    const session = await fetch(`${fresh.url}/api/session`, { headers: { cookie } });
    expect(await session.json()).toEqual({ user: { email: ADMIN.email, isAdmin: true } });
  }, 60_000);
});
