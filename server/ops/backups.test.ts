/**
 * Backups by themselves: the hour of the artist's day on an injected clock (no sleeps), one backup per day whatever
 * the clock or the number of servers does, verification before pruning, the keeping rule, a full disk (a 1 MB tmpfs),
 * the configuration check, and the dashboard's answer.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { contentRepo } from '../db/content-repo';
import { mediaFiles } from '../media/files';
import { loadSample } from '../maintenance';
import { sampleImages } from '../sample-media';
import { addAccount, ADMIN, signIn, tempDir, testApp } from '../test/helpers';
import { BACKUP_FILE, backupScheduler, backupStatus, ensureOpsTable, LEASE_MS, listBackups, toKeep, verifyBackup, type SchedulerOptions } from './backups';
import type { BackupConfig } from './backup-config';

const ZONE = 'Europe/Bucharest';
/** 15 January 2026 at hh:mm in Bucharest (UTC+2 in winter). */
const at = (day: number, hh: number, mm = 0) => Date.UTC(2026, 0, day, hh - 2, mm);

const dirs: { remove(): void }[] = [];
const opened: Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});
afterAll(() => dirs.forEach((d) => d.remove()));

async function setup(options: { hour?: number; sample?: boolean } = {}) {
  const tmp = tempDir('scena-backups-');
  dirs.push(tmp);
  const dbFile = join(tmp.dir, 'data', 'scena.db');
  const mediaDir = join(tmp.dir, 'data', 'media');
  const db = await openDatabase(`file:${dbFile}`);
  opened.push(db);
  const files = mediaFiles(mediaDir);
  if (options.sample) {
    // The sample catalogue's words, and two of its images (the whole catalogue's 36 take 20 s to draw).
    await loadSample(db, false);
    const { portrait, covers } = await sampleImages(files, ['Cover']);
    for (const { id: _id, ...image } of [portrait, ...covers]) await contentRepo(db).add('media', image);
  }
  const config: BackupConfig = { dir: join(tmp.dir, 'data', 'backups'), hour: options.hour ?? 4 };
  const clock = { now: at(15, 3) };
  const scheduler = (db2 = db, holder?: string, more: Partial<SchedulerOptions> = {}) =>
    backupScheduler(db2, { config, mediaDir, now: () => clock.now, timeZone: ZONE, holder, ...more });
  return { tmp, dbFile, mediaDir, db, config, clock, scheduler };
}

describe('the scheduled backup', () => {
  it('is taken from the hour of the artist’s day, once a day, with its images, verified', async () => {
    const s = await setup({ sample: true });
    const scheduler = s.scheduler();
    expect(await scheduler.tick()).toBeUndefined();
    s.clock.now = at(15, 3, 59);
    expect(await scheduler.tick()).toBeUndefined();
    s.clock.now = at(15, 4, 0);
    const run = await scheduler.tick();
    expect(run?.error).toBeUndefined();
    expect(run).toMatchObject({ ok: true, slot: '2026-01-15', folder: 'scena-2026-01-15-0400' });
    const file = join(s.config.dir, run!.folder!, BACKUP_FILE);
    await verifyBackup(file);
    // Its images: a portrait and the covers, the same files as the media folder's.
    const images = readdirSync(`${file}.media`);
    expect(images.length).toBeGreaterThanOrEqual(6);
    expect(run!.mediaBytes).toBeGreaterThan(0);
    // 0700 folder, 0600 database: it holds the password hashes.
    expect(statSync(join(s.config.dir, run!.folder!)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Later the same day: nothing more.
    s.clock.now = at(15, 4, 1);
    expect(await scheduler.tick()).toBeUndefined();
    s.clock.now = at(15, 23, 59);
    expect(await scheduler.tick()).toBeUndefined();
    // The next day's, with the images linked to the previous backup's (one copy on disk).
    s.clock.now = at(16, 4, 0);
    const next = await scheduler.tick();
    expect(next).toMatchObject({ ok: true, folder: 'scena-2026-01-16-0400' });
    const name = images[0]!;
    expect(statSync(join(s.config.dir, next!.folder!, `${BACKUP_FILE}.media`, name)).ino).toBe(statSync(join(`${file}.media`, name)).ino);
    expect(listBackups(s.config.dir)).toEqual(['scena-2026-01-16-0400', 'scena-2026-01-15-0400']);
    expect((await backupStatus(s.db, s.config, s.clock.now)).state).toBe('ok');
  }, 30_000);

  it('takes one when the clock jumps over the hour, and none more when it jumps back', async () => {
    const s = await setup();
    const scheduler = s.scheduler();
    s.clock.now = at(15, 3, 58);
    expect(await scheduler.tick()).toBeUndefined();
    s.clock.now = at(15, 5, 30);
    expect(await scheduler.tick()).toMatchObject({ ok: true, slot: '2026-01-15' });
    s.clock.now = at(15, 3, 0);
    expect(await scheduler.tick()).toBeUndefined();
    s.clock.now = at(15, 4, 0);
    expect(await scheduler.tick()).toBeUndefined();
    expect(listBackups(s.config.dir)).toHaveLength(1);
  });

  it('two servers on one database take one backup', async () => {
    const s = await setup();
    const other = await openDatabase(`file:${s.dbFile}`);
    opened.push(other);
    s.clock.now = at(15, 4, 0);
    const runs = await Promise.all([s.scheduler(s.db, 'server-a').tick(), s.scheduler(other, 'server-b').tick()]);
    expect(runs.filter((r) => r?.ok)).toHaveLength(1);
    expect(runs.filter((r) => r === undefined)).toHaveLength(1);
    expect(listBackups(s.config.dir)).toHaveLength(1);
    // And the next minute neither takes another.
    s.clock.now = at(15, 4, 1);
    expect(await s.scheduler(other, 'server-b').tick()).toBeUndefined();
  });

  it('a server killed in the middle of the day’s backup holds the day for 5 minutes at most, then the restarted one takes it', async () => {
    const s = await setup();
    await ensureOpsTable(s.db);
    // What a killed server left: the day claimed at 04:00, never finished, no longer renewed.
    await s.db.client.execute({
      sql: 'INSERT INTO ops_backups (slot, holder, started_at, lease_until) VALUES (?, ?, ?, ?)',
      args: ['2026-01-15', 'killed', at(15, 4, 0), at(15, 4, 0) + LEASE_MS],
    });
    expect(LEASE_MS).toBe(5 * 60_000);
    s.clock.now = at(15, 4, 4);
    expect(await s.scheduler(s.db, 'restarted').tick()).toBeUndefined();
    s.clock.now = at(15, 4, 6);
    const run = await s.scheduler(s.db, 'restarted').tick();
    expect(run?.ok, run?.error).toBe(true);
    expect(listBackups(s.config.dir)).toHaveLength(1);
  });

  it('a server still taking the day’s backup renews its claim: a slow off-site copy is not taken over', async () => {
    const s = await setup();
    // restic that takes its time (the off-site copy of a large backup): a stand-in on PATH that sleeps, then succeeds.
    const bin = join(s.tmp.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'restic'), '#!/bin/sh\nsleep 1.5\n');
    chmodSync(join(bin, 'restic'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const config: BackupConfig = { ...s.config, restic: { repository: join(s.tmp.dir, 'repo'), passwordFile: join(s.tmp.dir, 'pw') } };
      const [a, b] = ['a', 'b'].map((holder) => s.scheduler(s.db, holder, { config, leaseMs: 200 }));
      const leaseUntil = async () => Number((await s.db.client.execute("SELECT lease_until FROM ops_backups WHERE holder = 'a'")).rows[0]?.lease_until ?? 0);
      s.clock.now = at(15, 4, 0);
      const first = a!.tick();
      // While a's copy runs its clock moves on past many leases; a keeps renewing (its lease now counts from 04:30),
      // so b finds the day held.
      await expect.poll(leaseUntil).toBeGreaterThan(0);
      s.clock.now = at(15, 4, 30);
      await expect.poll(leaseUntil).toBeGreaterThan(at(15, 4, 30));
      expect(await b!.tick()).toBeUndefined();
      expect((await first)?.ok).toBe(true);
      expect(listBackups(s.config.dir)).toHaveLength(1);
    } finally {
      process.env.PATH = path;
    }
  });

  it('is not pruned against until the new one is verified: a backup Scena refuses keeps the older ones', async () => {
    const s = await setup();
    const scheduler = s.scheduler();
    const old = [
      'scena-2025-11-01-0400',
      'scena-2025-12-01-0400',
      'scena-2026-01-01-0400',
      ...[8, 9, 10, 11, 12, 13, 14].map((d) => `scena-2026-01-${String(d).padStart(2, '0')}-0400`),
    ];
    for (const name of old) {
      mkdirSync(join(s.config.dir, name), { recursive: true });
      writeFileSync(join(s.config.dir, name, BACKUP_FILE), 'an older backup');
    }
    // A row the model refuses (written past the API): the copy fails verification.
    await s.db.client.execute(`INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('releases', 'bad', '{"title":5}', 0, 0)`);
    s.clock.now = at(15, 4, 0);
    const failed = await scheduler.tick();
    expect(failed).toMatchObject({ ok: false, pruned: [] });
    expect(failed!.error).toMatch(/refuses/);
    expect(listBackups(s.config.dir)).toHaveLength(old.length);
    expect(readdirSync(s.config.dir).filter((n) => n.startsWith('.partial'))).toEqual([]);
    const status = await backupStatus(s.db, s.config, s.clock.now);
    expect(status.state).toBe('failed');
    // Fixed: the next day's is taken, verified, and only then are the older ones pruned (7 daily, 4 weekly, 12 monthly).
    await s.db.client.execute(`DELETE FROM list_items WHERE id = 'bad'`);
    s.clock.now = at(16, 4, 0);
    const run = await scheduler.tick();
    expect(run).toMatchObject({ ok: true });
    expect(run!.pruned).toEqual(['scena-2026-01-08-0400']);
    expect(listBackups(s.config.dir)).toEqual([
      'scena-2026-01-16-0400',
      'scena-2026-01-14-0400',
      'scena-2026-01-13-0400',
      'scena-2026-01-12-0400',
      'scena-2026-01-11-0400',
      'scena-2026-01-10-0400',
      'scena-2026-01-09-0400',
      'scena-2026-01-01-0400',
      'scena-2025-12-01-0400',
      'scena-2025-11-01-0400',
    ]);
    expect((await backupStatus(s.db, s.config, s.clock.now)).state).toBe('ok');
  });

  it('a full disk: the partial backup is removed, the older ones stay, and the failure is recorded for the dashboard', async () => {
    const s = await setup();
    // A 1 MB tmpfs as BACKUP_DIR (root can mount one here; the test fails, not skips, where it cannot).
    mkdirSync(s.config.dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', s.config.dir]);
    try {
      mkdirSync(join(s.config.dir, 'scena-2026-01-14-0400'));
      writeFileSync(join(s.config.dir, 'scena-2026-01-14-0400', BACKUP_FILE), 'yesterday');
      // 2 MB more than the disk holds.
      await s.db.client.execute('CREATE TABLE padding (x BLOB)');
      await s.db.client.execute('INSERT INTO padding VALUES (randomblob(2000000))');
      s.clock.now = at(15, 4, 0);
      const run = await s.scheduler().tick();
      expect(run).toMatchObject({ ok: false });
      expect(run!.error).toMatch(/disk holding .* is full/);
      expect(readdirSync(s.config.dir)).toEqual(['scena-2026-01-14-0400']);
      const status = await backupStatus(s.db, s.config, s.clock.now);
      expect(status).toMatchObject({ state: 'failed' });
      expect(status.message).toMatch(/is full/);
      // Space again (the padding gone): the manual command takes one.
      await s.db.client.execute('DROP TABLE padding');
      await s.db.client.execute('VACUUM');
      expect(await s.scheduler().now()).toMatchObject({ ok: true });
      expect(listBackups(s.config.dir)).toHaveLength(2);
    } finally {
      execFileSync('umount', ['--lazy', s.config.dir]);
    }
  });
});

describe('the keeping rule', () => {
  it('keeps the newest of each of the last 7 days, 4 weeks and 12 months', () => {
    const names: string[] = [];
    for (let d = 0; d < 500; d++) {
      const day = new Date(Date.UTC(2026, 0, 1) - d * 86_400_000).toISOString().slice(0, 10);
      names.push(`scena-${day}-0400`);
    }
    const kept = [...toKeep(names)].sort().reverse();
    // 7 days (26 Dec–1 Jan); 4 ISO weeks (their newest: 1 Jan, 28, 21 and 14 Dec); 12 months (1 Jan, 31 Dec … 28 Feb 2025).
    expect(kept.slice(0, 7)).toEqual(names.slice(0, 7));
    expect(kept).toContain('scena-2025-12-21-0400');
    expect(kept).toContain('scena-2025-12-14-0400');
    expect(kept).not.toContain('scena-2025-12-07-0400');
    expect(kept).toContain('scena-2025-11-30-0400');
    expect(kept).toContain('scena-2025-02-28-0400');
    expect(kept).not.toContain('scena-2025-01-31-0400');
    // The newest day counts for its day, week and month: 7 days, 2 more weeks, 10 more months.
    expect(kept).toHaveLength(7 + 2 + 10);
  });
});

describe('BACKUP_DIR and BACKUP_HOUR', () => {
  it('refuses a backup folder inside the media folder, an unwritable one, and a wrong hour, saying what to do', () => {
    const tmp = tempDir('scena-backup-config-');
    dirs.push(tmp);
    const base = { DATABASE_URL: join(tmp.dir, 'scena.db') };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };
    expect(loadConfig(base).backup).toEqual({ dir: join(tmp.dir, 'backups'), hour: 4 });
    expect(problems({ BACKUP_DIR: join(tmp.dir, 'media', 'backups') })[0]).toMatch(/BACKUP_DIR .* is inside the media folder .*: choose a folder outside it/);
    writeFileSync(join(tmp.dir, 'a-file'), '');
    expect(problems({ BACKUP_DIR: join(tmp.dir, 'a-file', 'backups') })[0]).toMatch(/BACKUP_DIR .* cannot be used: .* is not a folder/);
    expect(problems({ BACKUP_HOUR: '24' })[0]).toMatch(/BACKUP_HOUR must be a whole hour from 0 to 23, or off/);
    expect(problems({ BACKUP_RESTIC_REPOSITORY: join(tmp.dir, 'restic') })[0]).toMatch(/needs BACKUP_RESTIC_PASSWORD_FILE/);
    expect(loadConfig({ ...base, BACKUP_HOUR: 'off' }).backup.hour).toBeUndefined();
    expect(existsSync(join(tmp.dir, 'backups'))).toBe(false);
  });
});

describe('GET /api/admin/backups', () => {
  it('tells the dashboard that a backup failed, and only the admin', async () => {
    const t = await testApp();
    try {
      await addAccount(t.app, ADMIN);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
      const cookie = await signIn(t.app);
      const none = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
      expect(none.json()).toMatchObject({ state: 'missing' });
      const config = t.app.services.config;
      await contentRepo(t.app.services.db).snapshot();
      // A backup folder that cannot be made: a file where it should be.
      writeFileSync(config.backup.dir, 'not a folder');
      const run = await backupScheduler(t.app.services.db, { config: config.backup, mediaDir: config.mediaDir }).now();
      expect(run.ok).toBe(false);
      const failed = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
      expect(failed.json()).toMatchObject({ state: 'failed', lastError: { message: expect.stringContaining('older backups were kept') } });
    } finally {
      await t.close();
    }
  });
});
