/** The database holds password hashes: its folder is 0700 and its files 0600, whatever the umask made them. */
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { backup } from '../maintenance';
import { tempDir } from '../test/helpers';
import { openDatabase } from './client';
import { contentRepo } from './content-repo';

const tmp = tempDir('scena-modes-');
afterAll(() => tmp.remove());
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const warnings: string[] = [];
const onWarning = (warning: Error & { code?: string }) => {
  if (warning.code === 'SCENA_DATA_PERMISSIONS') warnings.push(warning.message);
};
process.on('warning', onWarning);
afterAll(() => {
  process.off('warning', onWarning);
});
afterEach(() => {
  warnings.length = 0;
});
/** process.emitWarning reaches the listeners on the next tick. */
const nextTick = () => new Promise((done) => setImmediate(done));

async function openAndWrite(file: string) {
  const db = await openDatabase(`file:${file}`);
  await contentRepo(db).add('releases', { title: 'A', meta: '', url: '' });
  return db;
}

describe('data folder and database file permissions', () => {
  it('creates the folder 0700 and the database, its -wal and -shm 0600', async () => {
    const folder = join(tmp.dir, 'fresh', 'data');
    const file = join(folder, 'scena.db');
    const db = await openAndWrite(file);
    try {
      expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true);
      expect({ folder: mode(folder), parent: mode(join(tmp.dir, 'fresh')), db: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) }).toEqual({
        folder: '700',
        parent: '700',
        db: '600',
        wal: '600',
        shm: '600',
      });
    } finally {
      db.close();
    }
  });

  it('narrows wider modes at open: a folder of its own to 0700, the files to 0600', async () => {
    const folder = join(tmp.dir, 'older');
    const file = join(folder, 'scena.db');
    (await openAndWrite(file)).close();
    // As an older Scena (mkdir and SQLite's defaults under umask 022) or a careless copy left them.
    chmodSync(folder, 0o755);
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, 0o644);
    const db = await openAndWrite(file);
    try {
      expect(mode(folder)).toBe('700');
      for (const suffix of ['', '-wal', '-shm']) expect(mode(`${file}${suffix}`), suffix || 'db').toBe('600');
      await nextTick();
      expect(warnings).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('leaves a shared folder as it is, but warns when others may write into it', async () => {
    const folder = join(tmp.dir, 'shared');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'not Scena’s\n');
    chmodSync(folder, 0o777);
    const file = join(folder, 'scena.db');
    const db = await openAndWrite(file);
    try {
      expect(mode(folder)).toBe('777');
      expect(mode(file)).toBe('600');
      await nextTick();
      expect(warnings).toEqual([
        `${folder} can be written by other users (mode 777): they could replace the database. Keep the database in a folder of its own, or run: chmod 700 ${folder}`,
      ]);
    } finally {
      db.close();
      chmodSync(folder, 0o700);
    }
  });

  it('writes backups readable by their owner only', async () => {
    const db = await openAndWrite(join(tmp.dir, 'live', 'scena.db'));
    try {
      const file = join(tmp.dir, 'backup.db');
      await backup(db, file);
      expect(mode(file)).toBe('600');
    } finally {
      db.close();
    }
  });
});
