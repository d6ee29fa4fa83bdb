/**
 * The off-site copy with Debian's restic, against a local repository: the scheduled backup reaches it, comes back
 * from it into a fresh database with its images, and a repository that refuses (a wrong password) is reported with
 * the local backup kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { contentRepo } from '../db/content-repo';
import { mediaFiles } from '../media/files';
import { loadSample, restore } from '../maintenance';
import { sampleImages } from '../sample-media';
import { tempDir } from '../test/helpers';
import { BACKUP_FILE, backupScheduler, backupStatus, listBackups } from './backups';
import type { BackupConfig } from './backup-config';

const RESTIC = '/usr/bin/restic';
const tmp = tempDir('scena-restic-');
afterAll(() => tmp.remove());
const at = (day: number) => Date.UTC(2026, 0, day, 2, 0);

describe('the off-site copy with restic', () => {
  it('sends the verified backup, restores from it, and reports a repository that refuses while keeping the local one', async () => {
    if (!existsSync(RESTIC)) throw new Error(`${RESTIC} is missing: install Debian's restic (npm test does: scripts/test.mjs)`);
    const repository = join(tmp.dir, 'repository');
    const passwordFile = join(tmp.dir, 'restic-password');
    writeFileSync(passwordFile, 'a long restic passphrase\n', { mode: 0o600 });
    execFileSync(RESTIC, ['init', '--quiet', '--repo', repository, '--password-file', passwordFile], { stdio: 'pipe' });

    const mediaDir = join(tmp.dir, 'data', 'media');
    const db = await openDatabase(`file:${join(tmp.dir, 'data', 'scena.db')}`);
    try {
      await loadSample(db, false);
      const { portrait } = await sampleImages(mediaFiles(mediaDir), []);
      const { id: _id, ...image } = portrait;
      await contentRepo(db).add('media', image);
      const config: BackupConfig = { dir: join(tmp.dir, 'data', 'backups'), hour: 4, restic: { repository, passwordFile } };
      const clock = { now: at(15) };
      const scheduler = (c: BackupConfig) => backupScheduler(db, { config: c, mediaDir, now: () => clock.now, timeZone: 'Europe/Bucharest' });

      const run = await scheduler(config).tick();
      expect(run).toMatchObject({ ok: true, restic: { ok: true } });
      const snapshots = JSON.parse(
        execFileSync(RESTIC, ['snapshots', '--json', '--no-cache', '--repo', repository, '--password-file', passwordFile], { encoding: 'utf8' }),
      ) as { paths: string[] }[];
      expect(snapshots).toHaveLength(1);

      // Back from the repository into a fresh install: the content and its images.
      const target = join(tmp.dir, 'from-restic');
      execFileSync(RESTIC, ['restore', 'latest', '--no-cache', '--repo', repository, '--password-file', passwordFile, '--target', target], { stdio: 'pipe' });
      // restic restores a snapshot's folder by its last name.
      const restoredFile = join(target, basename(snapshots[0]!.paths[0]!), BACKUP_FILE);
      const fresh = await openDatabase(`file:${join(tmp.dir, 'fresh', 'scena.db')}`);
      try {
        const freshMedia = join(tmp.dir, 'fresh', 'media');
        const done = await restore(fresh, restoredFile, { withAccounts: true, mediaDir: freshMedia });
        expect(done.releases).toBe((await contentRepo(db).snapshot()).releases.length);
        expect(readdirSync(freshMedia).filter((n) => n.startsWith(image.src.slice('/media/'.length))).length).toBeGreaterThan(0);
      } finally {
        fresh.close();
      }

      // The next day, a wrong password: the local backup is taken and kept, the failure is reported.
      const wrong = join(tmp.dir, 'wrong-password');
      writeFileSync(wrong, 'not the passphrase\n', { mode: 0o600 });
      clock.now = at(16);
      const refused = await scheduler({ ...config, restic: { repository, passwordFile: wrong } }).tick();
      expect(refused).toMatchObject({ ok: true, restic: { ok: false } });
      expect(refused!.restic!.message).toMatch(/wrong password/);
      expect(listBackups(config.dir)).toHaveLength(2);
      const status = await backupStatus(db, config, clock.now);
      expect(status.state).toBe('failed');
      expect(status.message).toMatch(/off-site copy failed: restic backup failed .*wrong password/);
    } finally {
      db.close();
    }
  }, 30_000);
});
