/**
 * Audio on Scena's server against real FFmpeg and a real SQLite file (docs/decisions/0027-audio-with-ffmpeg.md): an
 * upload answered at once and converted in the queue, its progress and facts; each bad file refused with its message
 * and nothing kept; the renditions served with Range; the original never; a beat heard by visitors only as its tagged
 * preview, made again when the tag changes; audio in use not removable. Audio is synthesised here, short.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioItem, PublicContent } from '../src/content/model';
import { loudnessOf, sine, synth } from './media/audio/fixtures';
import { previewId } from './media/audio/previews';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
let fixtures: string;
let service: string;
/** A 4-second tone, uploaded once and ready: the renditions the Range tests read. */
let tone: AudioItem;

const BOUNDARY = '----scena-audio-test';
const form = (data: Buffer, filename: string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const upload = (data: Buffer, filename: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(data, filename),
  });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const visitor = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const asAdmin = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie, ...headers } });
const folder = () => readdirSync(t.app.services.config.mediaDir).sort();
const library = async () => (await admin('GET', '/audio')).json<{ audio: AudioItem[] }>().audio;
const item = async (id: string) => (await library()).find((a) => a.id === id)!;
const settled = () => t.app.services.media.audio.settled();
const publicContent = async () => (await visitor('/api/content')).json<PublicContent>();
const hashOf = (audio: AudioItem) => audio.src.slice('/media/'.length);

/** Uploads a file and waits for its conversion: the item as it ends (ready or failed). */
async function uploaded(data: Buffer, filename: string): Promise<AudioItem> {
  const res = await upload(data, filename);
  expect(res.statusCode, res.body).toBe(202);
  await settled();
  return item(res.json<{ audio: AudioItem }>().audio.id);
}

async function addSample(fields: Record<string, string>): Promise<string> {
  const res = await admin('POST', '/samples', { service, title_en: 'Sample', title_ro: 'Mostră', before: '', kind: 'track', matching: 'on', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: { id: string } }>().item.id;
}

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  fixtures = join(t.dir, 'fixtures');
  mkdirSync(fixtures);
  const res = await admin('POST', '/services', { title_en: 'Mixing', title_ro: 'Mixaj', currency: 'EUR', booking: 'mixing' });
  expect(res.statusCode, res.body).toBe(201);
  service = res.json<{ item: { id: string } }>().item.id;
  tone = await uploaded(synth(join(fixtures, 'tone.wav'), sine(4)), 'Tone.wav');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('an audio upload', { timeout: 60_000 }, () => {
  it('answers 202 at once with the item processing, then becomes ready with its facts', async () => {
    const res = await upload(synth(join(fixtures, 'mix.wav'), sine(3, -14)), 'Mix v2.wav');
    expect(res.statusCode).toBe(202);
    const { audio } = res.json<{ audio: AudioItem }>();
    expect(audio).toMatchObject({ name: 'Mix v2.wav', status: 'processing', problem: '', loudness: 0, waveform: '' });
    expect(audio.src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(Math.abs(audio.durationMs - 3000)).toBeLessThan(50);
    const during = (await admin('GET', `/audio/${audio.id}/progress`)).json<{ status: string; fraction: number }>();
    expect(during.status).toBe('processing');
    expect(during.fraction).toBeGreaterThanOrEqual(0);
    expect(during.fraction).toBeLessThanOrEqual(1);
    await settled();
    const ready = await item(audio.id);
    expect(ready).toMatchObject({ status: 'ready', problem: '' });
    expect(ready.loudness).toBeCloseTo(-14, 0);
    expect(ready.peak).toBeCloseTo(-14, 0);
    expect(ready.waveform).toMatch(/^[0-9a-f]{800}$/);
    expect((await admin('GET', `/audio/${audio.id}/progress`)).json()).toEqual({ status: 'ready', fraction: 1, problem: '' });
    const hash = hashOf(ready);
    expect(folder()).toEqual(expect.arrayContaining([`${hash}.original`, `${hash}.webm`, `${hash}.m4a`]));
    // The same file again: the same item, 200.
    const again = await upload(readFileSync(join(fixtures, 'mix.wav')), 'copy.wav');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ audio: AudioItem }>().audio.id).toBe(audio.id);
  });

  it('keeps the server’s fields when the admin renames an item', async () => {
    const res = await admin('PUT', `/audio/${tone.id}`, { ...tone, id: undefined, name: 'Tone (renamed)', status: 'processing', loudness: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await item(tone.id)).toEqual({ ...tone, name: 'Tone (renamed)' });
  });

  it('refuses a JSON add of an uploaded address: an upload comes with its file', async () => {
    const res = await admin('POST', '/audio', { ...tone, id: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'src' });
  });
});

describe('bad files', { timeout: 60_000 }, () => {
  /** Refused with its status, code and message; the library and the media folder are as they were. */
  async function refused(data: Buffer, filename: string, status: number, code: string, message: RegExp) {
    const before = { files: folder(), items: (await library()).length };
    const res = await upload(data, filename);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, field: 'file' });
    expect(res.json<{ error: string }>().error).toMatch(message);
    await settled();
    expect(folder()).toEqual(before.files);
    expect((await library()).length).toBe(before.items);
  }

  it('refuses text named .wav, an HLS playlist and an ffconcat file naming a local file', async () => {
    await refused(Buffer.from('not audio at all, whatever the name says\n'.repeat(10)), 'demo.wav', 415, 'not-audio', /“demo\.wav” is not a WAV, AIFF, FLAC/);
    // Each names another upload's original, a sibling in the media folder (where an upload is received).
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${hashOf(tone)}.original\n#EXT-X-ENDLIST\n`;
    await refused(Buffer.from(playlist), 'list.m3u8', 415, 'unsupported-type', /“list\.m3u8” is not a JPEG, PNG, WebP or AVIF image/);
    await refused(Buffer.from(playlist), 'list.mp3', 415, 'not-audio', /is not a WAV/);
    await refused(Buffer.from(`ffconcat version 1.0\nfile '${hashOf(tone)}.original'\n`), 'list.wav', 415, 'not-audio', /is not a WAV/);
    // The playlist behind a WAV's first 12 bytes: sniffed as WAV, refused by FFmpeg's WAV reader.
    const disguised = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVE', 'latin1'), Buffer.from(playlist)]);
    await refused(disguised, 'disguised.wav', 400, 'undecodable', /“disguised\.wav” could not be read as WAV/);
  });

  it('refuses an empty file', async () => {
    await refused(Buffer.alloc(0), 'silence.wav', 400, 'empty', /“silence\.wav” is empty \(0 bytes\)/);
  });

  it('refuses a WAV cut in half', async () => {
    const whole = synth(join(fixtures, 'whole.wav'), sine(2, -20, 330));
    await refused(whole.subarray(0, whole.length >> 1), 'half.wav', 400, 'truncated', /“half\.wav” is incomplete: it holds 50 %/);
  });

  it('refuses a 16-minute file before converting anything', async () => {
    const long = synth(join(fixtures, 'long.wav'), 'anullsrc=r=1000:cl=mono:d=960', ['-c:a', 'pcm_u8']);
    await refused(long, 'long.wav', 400, 'too-long', /“long\.wav” lasts 16 min 0 s: at most 15 minutes/);
  });

  it('cuts an upload over 200 MB (413) and keeps nothing of it', async () => {
    const huge = Buffer.alloc(201 * 1024 * 1024);
    readFileSync(join(fixtures, 'tone.wav')).copy(huge);
    await refused(huge, 'huge.wav', 413, 'too-large', /“huge\.wav” is larger than 200 MB/);
  });

  it('refuses random bytes behind a valid FLAC header: FFmpeg cannot read it', async () => {
    const flac = synth(join(fixtures, 'whole.flac'), sine(6, -20, 550), ['-c:a', 'flac']);
    const noise = Buffer.alloc(100_000, 0);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    await refused(Buffer.concat([flac.subarray(0, 42), noise]), 'noise.flac', 400, 'undecodable', /“noise\.flac” could not be read as FLAC/);
  });

  it('fails a FLAC cut short in the queue, once decoded: the item says why, no rendition is kept', async () => {
    const flac = readFileSync(join(fixtures, 'whole.flac'));
    const failed = await uploaded(flac.subarray(0, flac.length >> 1), 'cut.flac');
    expect(failed.status).toBe('failed');
    expect(failed.problem).toMatch(/“cut\.flac” is incomplete: its header announces 6 s of audio but only [23] s could be decoded/);
    expect((await admin('GET', `/audio/${failed.id}/progress`)).json()).toEqual({ status: 'failed', fraction: 0, problem: failed.problem });
    const hash = hashOf(failed);
    // The original stays for Retry (and its history); no rendition was written.
    expect(folder().filter((n) => n.startsWith(hash))).toEqual([`${hash}.original`]);
    expect(folder().filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    expect((await admin('DELETE', `/audio/${failed.id}`, {})).statusCode).toBe(200);
  });
});

describe('serving the renditions', { timeout: 60_000 }, () => {
  let webm: Buffer;
  let url: string;
  beforeAll(async () => {
    webm = readFileSync(join(t.app.services.config.mediaDir, `${hashOf(tone)}.webm`));
    url = `/media/${hashOf(tone)}.webm`;
  });

  it('never serves an original, to anyone', async () => {
    for (const name of [`${hashOf(tone)}.original`, hashOf(tone), `${hashOf(tone)}.wav`]) {
      expect((await visitor(`/media/${name}`)).statusCode).toBe(404);
      expect((await asAdmin(`/media/${name}`)).statusCode).toBe(404);
    }
  });

  it('serves audio no published sample plays to the signed-in admin only, privately', async () => {
    expect((await visitor(url)).statusCode).toBe(404);
    const res = await asAdmin(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.equals(webm)).toBe(true);
  });

  it('serves a published sample’s renditions to visitors, immutable, with their types and Range', async () => {
    const sample = await addSample({ audio: tone.id });
    const whole = await visitor(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/webm', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(Number(whole.headers['content-length'])).toBe(webm.length);
    expect((await visitor(`/media/${hashOf(tone)}.m4a`)).headers['content-type']).toBe('audio/mp4');

    const part = async (range: string, start: number, end: number) => {
      const res = await visitor(url, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${webm.length}`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(webm.subarray(start, end + 1)), range).toBe(true);
    };
    await part('bytes=0-99', 0, 99);
    await part('bytes=1000-1999', 1000, 1999);
    await part('bytes=-500', webm.length - 500, webm.length - 1);
    await part(`bytes=${webm.length - 10}-`, webm.length - 10, webm.length - 1);
    const beyond = await visitor(url, { range: `bytes=${webm.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${webm.length}`);
    // Several ranges at once: the whole file (allowed by RFC 9110).
    expect((await visitor(url, { range: 'bytes=0-1,5-9' })).statusCode).toBe(200);

    // The public snapshot names it, without the admin's name for it.
    const shown = (await publicContent()).audio!.find((a) => a.id === tone.id)!;
    expect(shown).toMatchObject({ src: tone.src, status: 'ready', name: '' });
    expect((await admin('DELETE', `/samples/${sample}`, {})).statusCode).toBe(200);
    expect((await visitor(url)).statusCode).toBe(404);
  });
});

describe('a beat with the producer tag', { timeout: 120_000 }, () => {
  let beat: AudioItem;
  let tag: AudioItem;
  let sample: string;
  beforeAll(async () => {
    // A quiet 95-second "beat" (pink noise, mono, 22 kHz) and a 2-second chirp as the tag.
    beat = await uploaded(synth(join(fixtures, 'beat.wav'), 'anoisesrc=color=pink:amplitude=0.05:sample_rate=22050:duration=95:seed=3'), 'Beat.wav');
    tag = await uploaded(synth(join(fixtures, 'tag.wav'), 'aevalsrc=0.5*sin(2*PI*(300+600*t)*t):s=44100:d=2'), 'Tag.wav');
    expect((await admin('PATCH', '/settings', { producerTag: tag.id })).statusCode).toBe(200);
    sample = await addSample({ audio: beat.id, kind: 'beat', title_en: 'Night drive' });
    await settled();
  }, 120_000);

  it('is heard by visitors as its preview only: at most 90 s, with the tag in it', async () => {
    const content = await publicContent();
    const shownSample = content.samples.find((s) => s.id === sample)!;
    expect(shownSample.audio).toBe(previewId(beat.id));
    const preview = content.audio!.find((a) => a.id === previewId(beat.id))!;
    expect(preview.status).toBe('ready');
    expect(preview.durationMs).toBeLessThanOrEqual(90_000);
    expect(preview.durationMs).toBeGreaterThan(89_000);
    expect(preview.waveform).toMatch(/^[0-9a-f]{800}$/);
    // GET /api/audio and /api/samples say the same: the beat as its preview, no other recording.
    expect((await visitor('/api/audio')).json()).toEqual({ audio: content.audio });
    expect((await visitor('/api/samples')).json<{ samples: { audio: string }[] }>().samples.find((s) => s.audio === previewId(beat.id))).toBeTruthy();
    // Neither the beat's item nor the tag's is in the snapshot: their addresses are not published.
    expect(content.audio!.map((a) => a.src)).not.toContain(beat.src);
    expect(JSON.stringify(content)).not.toContain(hashOf(beat));
    expect(JSON.stringify(content)).not.toContain(hashOf(tag));

    const key = preview.src.slice('/media/'.length);
    const m4a = await visitor(`/media/${key}.m4a`);
    expect(m4a.statusCode).toBe(200);
    const file = join(t.dir, 'preview.m4a');
    writeFileSync(file, m4a.rawPayload);
    const untagged = join(t.dir, 'beat.m4a');
    writeFileSync(untagged, (await asAdmin(`/media/${hashOf(beat)}.m4a`)).rawPayload);
    // The tag's windows are louder than the beat alone there; between them, the same.
    for (const at of [0, 30, 60]) expect(loudnessOf(file, at, 2) - loudnessOf(untagged, at, 2), `at ${at} s`).toBeGreaterThan(6);
    expect(Math.abs(loudnessOf(file, 10, 15) - loudnessOf(untagged, 10, 15))).toBeLessThan(1);
  });

  it('never serves the beat’s whole renditions, nor the tag’s, to a visitor; the admin may play them', async () => {
    for (const audio of [beat, tag])
      for (const ext of ['webm', 'm4a']) {
        expect((await visitor(`/media/${hashOf(audio)}.${ext}`)).statusCode).toBe(404);
        expect((await asAdmin(`/media/${hashOf(audio)}.${ext}`)).statusCode).toBe(200);
      }
  });

  it('refuses to remove the beat or the tag while in use, saying where', async () => {
    const beatRes = await admin('DELETE', `/audio/${beat.id}`, {});
    expect(beatRes.statusCode).toBe(409);
    expect(beatRes.json()).toMatchObject({
      code: 'in-use',
      error: 'This audio is used in: Samples › “Night drive” › Audio (the beat). Choose another there first.',
    });
    const tagRes = await admin('DELETE', `/audio/${tag.id}`, {});
    expect(tagRes.statusCode).toBe(409);
    expect(tagRes.json<{ error: string }>().error).toBe('This audio is used in: Settings › Producer tag. Choose another there first.');
  });

  it('makes the preview again when the tag changes, and removes the old one', async () => {
    const before = (await publicContent()).audio!.find((a) => a.id === previewId(beat.id))!;
    const oldKey = before.src.slice('/media/'.length);
    expect(folder()).toContain(`${oldKey}.webm`);
    // No tag: the first 90 s, untagged, under another key.
    expect((await admin('PATCH', '/settings', { producerTag: '' })).statusCode).toBe(200);
    await settled();
    const after = (await publicContent()).audio!.find((a) => a.id === previewId(beat.id))!;
    expect(after.status).toBe('ready');
    expect(after.src).not.toBe(before.src);
    expect(after.durationMs).toBeLessThanOrEqual(90_000);
    expect(after.loudness).toBeLessThan(before.loudness - 6);
    expect(folder().filter((n) => n.startsWith(oldKey))).toEqual([]);
    expect((await visitor(`/media/${oldKey}.webm`)).statusCode).toBe(404);
    // The tag, no longer used, can go.
    expect((await admin('DELETE', `/audio/${tag.id}`, {})).statusCode).toBe(200);
  });
});
