/**
 * Backups, exports and the garbage collection carry and keep the images (docs/decisions/0023-images.md):
 * real uploads through the app, then the maintenance functions the admin CLI calls, and the CLI itself once.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backup, exportToFile, importFromFile, mediaGc, restore } from './maintenance';
import { runCli } from './test/child-server';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
let mediaDir: string;
beforeEach(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  mediaDir = t.app.services.config.mediaDir;
});
afterEach(async () => {
  await t.close();
});

const BOUNDARY = '----scena-backup-test';
async function upload(color: string) {
  const data = await sharp({ create: { width: 700, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${color}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image as { id: string; src: string };
}
const send = (method: 'PATCH' | 'DELETE', url: string, body: unknown) =>
  t.app.inject({ method, url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
const hashOf = (image: { src: string }) => image.src.slice('/media/'.length);
/** 700 pixels wide: 320, 640 and 700, in three formats. */
const filesOf = (dir: string, image: { src: string }) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith(hashOf(image)))
        .sort()
    : [];
const emptyMedia = () => {
  for (const name of readdirSync(mediaDir)) rmSync(join(mediaDir, name));
};

describe('backup and restore', () => {
  it('copy the images beside the backup, and bring them back before the content', async () => {
    const portrait = await upload('#aa2211');
    const removed = await upload('#1122aa');
    await send('PATCH', '/api/admin/settings', { portrait: portrait.id });
    expect((await send('DELETE', `/api/admin/media/${removed.id}`, {})).statusCode).toBe(200);
    const file = join(t.dir, 'backup.db');
    await backup(t.app.services.db, file, mediaDir);
    // The removed image too: its kept version can be restored.
    expect(filesOf(`${file}.media`, portrait)).toEqual(filesOf(mediaDir, portrait));
    expect(filesOf(`${file}.media`, removed)).toHaveLength(9);

    emptyMedia();
    await restore(t.app.services.db, file, { mediaDir });
    expect(filesOf(mediaDir, portrait)).toHaveLength(9);
    expect(filesOf(mediaDir, removed)).toHaveLength(9);
    expect((await t.app.inject({ url: `${portrait.src}-640.webp` })).statusCode).toBe(200);
  });

  it('refuse a backup whose images are nowhere, changing nothing', async () => {
    const portrait = await upload('#aa2211');
    const file = join(t.dir, 'backup.db');
    await backup(t.app.services.db, file, mediaDir);
    rmSync(`${file}.media`, { recursive: true });
    emptyMedia();
    await expect(restore(t.app.services.db, file, { mediaDir })).rejects.toThrow(/names 1 image whose files are neither in .*backup\.db\.media nor in/);
    expect(filesOf(mediaDir, portrait)).toEqual([]);
  });
});

describe('export and import', () => {
  it('carry the images in a folder beside the JSON', async () => {
    const portrait = await upload('#33aa55');
    await send('PATCH', '/api/admin/settings', { portrait: portrait.id });
    const file = join(t.dir, 'content.json');
    await exportToFile(t.app.services.db, file, mediaDir);
    expect(filesOf(`${file}.media`, portrait)).toHaveLength(9);
    emptyMedia();
    await importFromFile(t.app.services.db, file, mediaDir);
    expect(filesOf(mediaDir, portrait)).toHaveLength(9);
    expect((await t.app.services.content.list('media')).map((m) => m.src)).toEqual([portrait.src]);
  });
});

describe('media-gc', () => {
  it('removes the files nothing names, never one an item or a kept version names', async () => {
    const used = await upload('#aa2211');
    const removed = await upload('#1122aa');
    await send('PATCH', '/api/admin/settings', { portrait: used.id });
    await send('DELETE', `/api/admin/media/${removed.id}`, {});
    const orphan = `${'f'.repeat(64)}-320.webp`;
    const oldShare = `share-${'e'.repeat(64)}-en.jpg`;
    // Files from long ago (media-gc leaves files younger than an hour: an upload writes them before its item).
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const name of [orphan, oldShare]) writeFileSync(join(mediaDir, name), 'x');
    const { utimesSync } = await import('node:fs');
    for (const name of readdirSync(mediaDir)) utimesSync(join(mediaDir, name), old, old);
    const summary = await mediaGc(t.app.services.db, mediaDir);
    expect(summary.removed).toBe(2);
    expect(existsSync(join(mediaDir, orphan))).toBe(false);
    expect(existsSync(join(mediaDir, oldShare))).toBe(false);
    expect(filesOf(mediaDir, used)).toHaveLength(9);
    expect(filesOf(mediaDir, removed)).toHaveLength(9);
  });

  it('runs from the command line', async () => {
    writeFileSync(join(mediaDir, `${'f'.repeat(64)}-320.webp`), 'x');
    const { utimesSync } = await import('node:fs');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(mediaDir, `${'f'.repeat(64)}-320.webp`), old, old);
    const done = await runCli(['media-gc'], { DATABASE_URL: t.dbFile, LOG_LEVEL: 'silent' });
    expect(done.code, done.out).toBe(0);
    expect(done.out).toMatch(/Removed 1 unused image file \(0\.0 MB\); 0 kept\./);
  });
});
