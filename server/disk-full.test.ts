/**
 * A disk that fills during an upload (issue 30, "Resources that run out"; docs/decisions/0041-chaos-and-resources.md):
 * the media folder (where an upload is written while it arrives) is a tmpfs of 8 MB mounted for this test, nearly full.
 * An image and an audio upload larger than what is left are refused 507 `disk-full` in the problem format, nothing of
 * them stored (no file, no item); the server keeps answering (a page, a save), and takes the next upload once space is
 * freed. The tests run as root on these machines: a refused mount fails the test, saying why; it is never skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sine, synth } from './media/audio/fixtures';
import { JSON_HEADERS, signedInApp, tempDir, type SignedInApp } from './test/helpers';
import { uploadMedia } from './test/uploads';

const outer = tempDir('scena-disk-full-');
const mediaDir = join(outer.dir, 'media');
let mounted = false;
let t: SignedInApp;

beforeAll(async () => {
  mkdirSync(mediaDir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mediaDir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    throw new Error(
      `This test needs a small tmpfs as the media folder, and mounting one was refused (it runs as root on the project's machines and CI): ${
        (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message
      }`,
    );
  }
  t = await signedInApp({ MEDIA_DIR: mediaDir });
}, 60_000);
afterAll(async () => {
  await t?.close();
  // Unmounted by the path this test mounted, nothing else.
  if (mounted) execFileSync('umount', [mediaDir]);
  outer.remove();
});

const upload = (data: Buffer, filename: string) => uploadMedia(t.app, t.cookie, data, filename);
const free = () => {
  const s = statfsSync(mediaDir);
  return s.bavail * s.bsize;
};
const folder = () => readdirSync(mediaDir).filter((n) => n !== 'filler');
const library = async () => {
  const res = await t.app.inject({ url: '/api/admin/media', headers: { cookie: t.cookie } });
  const audio = await t.app.inject({ url: '/api/admin/audio', headers: { cookie: t.cookie } });
  return [...res.json<{ media: unknown[] }>().media, ...audio.json<{ audio: unknown[] }>().audio];
};

describe('a disk that fills during an upload', () => {
  it('refuses an image and an audio upload larger than what is left (507 disk-full), stores nothing, keeps answering, and takes the next once space is freed', async () => {
    // Nearly full: about 1 MB left.
    writeFileSync(join(mediaDir, 'filler'), Buffer.alloc(Math.max(0, free() - 1024 * 1024)));
    expect(free()).toBeLessThan(1.5 * 1024 * 1024);

    // 3 MB that starts as a PNG, and a 3 MB WAV: each passes its first bytes' check, then meets the full disk.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c83c1e' } })
      .png()
      .toBuffer();
    const bigImage = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const wav = synth(join(outer.dir, 'long.wav'), sine(18, -14, 440));
    expect(wav.length).toBeGreaterThan(3 * 1024 * 1024);
    for (const [data, name] of [
      [bigImage, 'poster.png'],
      [wav, 'mix.wav'],
    ] as const) {
      const res = await upload(data, name);
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toEqual({
        code: 'disk-full',
        field: 'file',
        error: `The server's disk is full: “${name}” was not stored. Free some space on the server (docs/operating.md), then upload it again.`,
      });
      // Nothing half-stored: no file of it left in the folder, no item.
      expect(folder()).toEqual([]);
      expect(await library()).toEqual([]);
    }

    // The server keeps answering: a page, and a save (the database is on another disk).
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(200);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/stats',
      headers: { ...JSON_HEADERS, cookie: t.cookie },
      payload: '{"monthlyListeners":42}',
    });
    expect(save.statusCode, save.body).toBe(200);

    // Space freed: the next uploads are taken.
    rmSync(join(mediaDir, 'filler'));
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1e3cc8' } })
      .jpeg()
      .toBuffer();
    expect((await upload(photo, 'photo.jpg')).statusCode).toBe(201);
    const small = synth(join(outer.dir, 'short.wav'), sine(2, -14, 440));
    expect((await upload(small, 'short.wav')).statusCode).toBe(202);
    await t.app.services.media.audio.settled();
    expect(await library()).toHaveLength(2);
  }, 60_000);
});
