/**
 * Backups, exports and media-gc carry and keep the audio (docs/decisions/0027-audio-with-ffmpeg.md) as they do the
 * images: originals and renditions of every item and kept version, and the beat previews the content plays. One app,
 * one-second recordings made with lavfi and converted once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioItem } from '../src/content/model';
import { backup, exportToFile, importFromFile, mediaGc, restore } from './maintenance';
import { sine, synth } from './media/audio/fixtures';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
let mediaDir: string;
let kept: AudioItem;
let removed: AudioItem;
let tag: AudioItem;
let previewKey: string;

const BOUNDARY = '----scena-audio-backup';
async function upload(data: Buffer, filename: string): Promise<AudioItem> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ audio: AudioItem }>().audio;
}
const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
const hashOf = (audio: { src: string }) => audio.src.slice('/media/'.length);
const filesOf = (dir: string, key: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith(key))
        .sort()
    : [];
const all = (key: string) => [`${key}.m4a`, `${key}.original`, `${key}.webm`];
const preview = (key: string) => [`${key}.m4a`, `${key}.preview`, `${key}.webm`];
const emptyMedia = () => {
  for (const name of readdirSync(mediaDir)) rmSync(join(mediaDir, name));
};

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  mediaDir = t.app.services.config.mediaDir;
  const fixtures = join(t.dir, 'fixtures');
  mkdirSync(fixtures);
  kept = await upload(synth(join(fixtures, 'a.wav'), sine(1, -20, 1000)), 'beat.wav');
  removed = await upload(synth(join(fixtures, 'b.wav'), sine(1, -20, 500)), 'old take.wav');
  tag = await upload(synth(join(fixtures, 'c.wav'), sine(0.5, -10, 2000)), 'tag.wav');
  await t.app.services.media.audio.settled();
  const service = (await admin('POST', '/services', { title_en: 'Beats', title_ro: 'Beaturi', currency: 'EUR', booking: 'beat' })).json<{
    item: { id: string };
  }>().item.id;
  expect(
    (await admin('POST', '/samples', { service, title_en: 'B', title_ro: 'B', audio: kept.id, before: '', kind: 'beat', matching: 'on' })).statusCode,
  ).toBe(201);
  expect((await admin('PATCH', '/settings', { producerTag: tag.id })).statusCode).toBe(200);
  // A removed item's files stay: its kept version may come back (Undo, a restore).
  expect((await admin('DELETE', `/audio/${removed.id}`, {})).statusCode).toBe(200);
  await t.app.services.media.audio.settled();
  const content = (await t.app.inject({ url: '/api/content' })).json<{ audio: AudioItem[] }>();
  previewKey = hashOf(content.audio.find((a) => a.id === `${kept.id}-preview`)!);
  expect(filesOf(mediaDir, previewKey)).toEqual(preview(previewKey));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('audio in backups and exports', { timeout: 60_000 }, () => {
  it('a backup copies originals, renditions (of removed items too) and previews beside it; restore brings them back', async () => {
    const file = join(t.dir, 'backup.db');
    await backup(t.app.services.db, file, mediaDir);
    for (const item of [kept, removed, tag]) expect(filesOf(`${file}.media`, hashOf(item))).toEqual(all(hashOf(item)));
    expect(filesOf(`${file}.media`, previewKey)).toEqual(preview(previewKey));
    emptyMedia();
    await restore(t.app.services.db, file, { mediaDir });
    for (const item of [kept, removed, tag]) expect(filesOf(mediaDir, hashOf(item))).toEqual(all(hashOf(item)));
    expect(filesOf(mediaDir, previewKey)).toEqual(preview(previewKey));
  });

  it('a restore refuses, changing nothing, when an audio file is nowhere', async () => {
    const file = join(t.dir, 'backup-2.db');
    await backup(t.app.services.db, file, mediaDir);
    rmSync(`${file}.media`, { recursive: true });
    const before = readdirSync(mediaDir).sort();
    for (const name of all(hashOf(removed))) rmSync(join(mediaDir, name));
    await expect(restore(t.app.services.db, file, { mediaDir })).rejects.toThrow(/names 1 audio file whose files are neither in .*backup-2\.db\.media nor in/);
    // Put back for the next tests.
    expect(readdirSync(mediaDir).length).toBe(before.length - 3);
    await restore(t.app.services.db, join(t.dir, 'backup.db'), { mediaDir });
    expect(readdirSync(mediaDir).sort()).toEqual(before);
  });

  it('an export carries them too, and an import brings them back', async () => {
    const file = join(t.dir, 'content.json');
    await exportToFile(t.app.services.db, file, mediaDir);
    expect(filesOf(`${file}.media`, hashOf(kept))).toEqual(all(hashOf(kept)));
    expect(filesOf(`${file}.media`, hashOf(removed))).toEqual(all(hashOf(removed)));
    emptyMedia();
    await importFromFile(t.app.services.db, file, mediaDir);
    for (const item of [kept, removed, tag]) expect(filesOf(mediaDir, hashOf(item))).toEqual(all(hashOf(item)));
    expect(filesOf(mediaDir, previewKey)).toEqual(preview(previewKey));
  });
});

describe('media-gc', { timeout: 60_000 }, () => {
  it('keeps the audio items and kept versions name, and the previews played; removes an old preview and orphans', async () => {
    const orphan = 'e'.repeat(64);
    const oldPreview = 'f'.repeat(64);
    for (const name of [...all(orphan), ...preview(oldPreview)]) writeFileSync(join(mediaDir, name), 'x');
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const name of readdirSync(mediaDir)) utimesSync(join(mediaDir, name), old, old);
    await mediaGc(t.app.services.db, mediaDir);
    expect(filesOf(mediaDir, orphan)).toEqual([]);
    expect(filesOf(mediaDir, oldPreview)).toEqual([]);
    for (const item of [kept, removed, tag]) expect(filesOf(mediaDir, hashOf(item))).toEqual(all(hashOf(item)));
    expect(filesOf(mediaDir, previewKey)).toEqual(preview(previewKey));
  });
});
