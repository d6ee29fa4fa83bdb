/**
 * The FFmpeg engine against real FFmpeg (docs/decisions/0027-audio-with-ffmpeg.md): the facts of a known tone, the two
 * renditions as ffprobe reads them, each bad file's refusal before or during the transcode with nothing left in the
 * media folder, crafted playlists that name another local file, the time and memory limits, and the beat preview.
 * Audio is synthesised here (short: the whole file costs a few seconds of CPU).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, originalName, type MediaFiles } from '../files';
import { loudnessOf, probe, sine, synth } from './fixtures';
import { AudioError, makePreview, PREVIEW_MS, processAudio, WAVEFORM_POINTS, type AudioErrorCode, type AudioResult } from './process';
import { previewKey, renderAudio, renderPreview } from './renditions';
import { sniffAudio, type AudioType } from './sniff';

let dir: string;
let media: MediaFiles;
/** A 10-second stereo 1 kHz sine at -20 dBFS, with a title tag that must not reach the renditions. */
let tone: string;
let toneResult: AudioResult;
const progress: number[] = [];
const HASH = 'a'.repeat(64);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scena-audio-'));
  media = mediaFiles(join(dir, 'media'));
  tone = join(dir, 'tone.wav');
  synth(tone, sine(10), ['-metadata', 'title=Secret demo', '-metadata', 'comment=call me on 0722 000 000']);
  copyFileSync(tone, join(media.dir, originalName(HASH)));
  toneResult = await renderAudio(media, HASH, 'wav', { onProgress: (f) => progress.push(f) });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The refusal a promise ends in. */
async function refusal(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioError);
  return error as AudioError;
}
const outputs = (name: string) => ({ webm: join(dir, `${name}.webm`), m4a: join(dir, `${name}.m4a`) });
/** Refused with `code`, and neither rendition written. */
async function refuses(file: string, type: AudioType, code: AudioErrorCode, extra: Partial<Parameters<typeof processAudio>[2]> = {}) {
  const out = outputs(`refused-${code}-${Math.random().toString(36).slice(2)}`);
  const error = await refusal(processAudio(file, type, { outputs: out, label: '“bad file”', ...extra }));
  expect(error.code, error.message).toBe(code);
  expect(error.message).toContain('“bad file”');
  return { error, wrote: Object.values(out).filter((p) => existsSync(p)) };
}

// Real FFmpeg on a shared 2-core machine: seconds under load, not milliseconds.
const SLOW = { timeout: 60_000 };

describe('processAudio: a good file', SLOW, () => {
  it('measures a -20 dBFS stereo sine as -20 LUFS (±1) with a true peak near -20 dBTP, and its duration', () => {
    expect(toneResult.loudness).toBeGreaterThanOrEqual(-21);
    expect(toneResult.loudness).toBeLessThanOrEqual(-19);
    expect(toneResult.peak).toBeGreaterThan(-20.6);
    expect(toneResult.peak).toBeLessThan(-19.4);
    expect(Math.abs(toneResult.durationMs - 10_000)).toBeLessThan(20);
  });

  it('gives 400 waveform points of 0–255, here all near 10 % of full scale', () => {
    expect(toneResult.waveform).toHaveLength(WAVEFORM_POINTS);
    for (const point of toneResult.waveform) expect(Math.abs(point - 25.5)).toBeLessThanOrEqual(2);
  });

  it('reports its progress as growing fractions, ending at 1', () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('writes an Opus WebM and an AAC M4A that ffprobe reads, with none of the original’s tags, named by the hash', () => {
    expect(readdirSync(media.dir).sort()).toEqual([`${HASH}.m4a`, `${HASH}.original`, `${HASH}.webm`]);
    const webm = probe(join(media.dir, `${HASH}.webm`));
    const m4a = probe(join(media.dir, `${HASH}.m4a`));
    expect(webm.format.format_name).toContain('webm');
    expect(webm.streams).toMatchObject([{ codec_type: 'audio', codec_name: 'opus', sample_rate: '48000', channels: 2 }]);
    expect(m4a.format.format_name).toContain('mp4');
    expect(m4a.streams).toMatchObject([{ codec_type: 'audio', codec_name: 'aac', sample_rate: '44100', channels: 2 }]);
    for (const file of [webm, m4a]) {
      expect(Math.abs(Number(file.format.duration) - 10)).toBeLessThan(0.1);
      expect(JSON.stringify(file)).not.toMatch(/Secret|0722/);
    }
    // faststart: the MP4's index comes before its audio, so a player starts before the whole file is loaded.
    const m4aBytes = readFileSync(join(media.dir, `${HASH}.m4a`));
    expect(m4aBytes.indexOf('moov')).toBeLessThan(m4aBytes.indexOf('mdat'));
    expect(loudnessOf(join(media.dir, `${HASH}.m4a`))).toBeCloseTo(-20, 0);
  });
});

describe('processAudio: refusals', SLOW, () => {
  it('refuses an empty file', async () => {
    const empty = join(dir, 'empty.wav');
    writeFileSync(empty, '');
    expect((await refuses(empty, 'wav', 'empty')).wrote).toEqual([]);
  });

  it('finds no type in a text file named .wav, and the forced WAV reader refuses it', async () => {
    const text = join(dir, 'notes.wav');
    writeFileSync(text, 'This is not audio, whatever its name says.\n'.repeat(20));
    expect(sniffAudio(readFileSync(text))).toBeUndefined();
    const { error, wrote } = await refuses(text, 'wav', 'undecodable');
    expect(error.message).toMatch(/could not be read as WAV/);
    expect(wrote).toEqual([]);
  });

  it('refuses a WAV cut in half from its own header, before FFmpeg runs', async () => {
    const whole = readFileSync(tone);
    const half = join(dir, 'half.wav');
    writeFileSync(half, whole.subarray(0, whole.length >> 1));
    const { error, wrote } = await refuses(half, 'wav', 'truncated');
    expect(error.message).toMatch(/incomplete: it holds 50 %/);
    expect(wrote).toEqual([]);
  });

  it('refuses a FLAC cut in half once decoded: far less audio than its header announces', async () => {
    const flac = synth(join(dir, 'whole.flac'), sine(6), ['-c:a', 'flac']);
    const half = join(dir, 'half.flac');
    writeFileSync(half, flac.subarray(0, flac.length >> 1));
    const { error } = await refuses(half, 'flac', 'truncated');
    expect(error.message).toMatch(/announces 6 s of audio but only [23] s could be decoded/);
  });

  it('refuses random bytes behind a valid FLAC header as undecodable', async () => {
    const flac = readFileSync(join(dir, 'whole.flac'));
    const noise = Buffer.alloc(200_000);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const bad = join(dir, 'noise.flac');
    writeFileSync(bad, Buffer.concat([flac.subarray(0, 42), noise]));
    expect(sniffAudio(readFileSync(bad))).toBe('flac');
    await refuses(bad, 'flac', 'undecodable');
  });

  it('refuses a 16-minute file from the probe, before any transcoding', async () => {
    // 16 minutes at 1 kHz, 8 bits, mono: under 1 MB.
    const long = join(dir, 'long.wav');
    synth(long, 'anullsrc=r=1000:cl=mono:d=960', ['-c:a', 'pcm_u8']);
    const started = performance.now();
    const { error, wrote } = await refuses(long, 'wav', 'too-long');
    expect(error.message).toMatch(/lasts 16 min 0 s: at most 15 minutes/);
    expect(wrote).toEqual([]);
    // The probe alone: transcoding 16 minutes would take 20 s of CPU or more (10 s: room for a busy machine).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses an HLS playlist or an ffconcat file naming another local file: no type, and forced readers fail', async () => {
    // What an attacker would upload: files naming a sibling in the same folder (another upload's original), which
    // FFmpeg's own probing would follow (checked below), as relative names pass its "safe" checks.
    synth(join(dir, 'seg.ts'), sine(3), ['-c:a', 'aac', '-f', 'mpegts']);
    const playlist = join(dir, 'list.m3u8');
    writeFileSync(playlist, '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nseg.ts\n#EXT-X-ENDLIST\n');
    const concat = join(dir, 'list.ffconcat');
    writeFileSync(concat, "ffconcat version 1.0\nfile 'tone.wav'\n");
    for (const [file, format] of [
      [playlist, 'hls'],
      [concat, 'concat'],
    ] as const) {
      const probed = spawnSync(
        '/usr/bin/ffprobe',
        ['-v', 'error', '-protocol_whitelist', 'file', '-show_entries', 'format=format_name', '-of', 'csv=p=0', `file:${file}`],
        {
          encoding: 'utf8',
        },
      );
      expect(probed.stdout.trim(), `unforced, FFmpeg reads ${file} as ${format}`).toBe(format);
    }
    // The same texts behind a WAV's first 12 bytes: sniffed as WAV, still refused by the WAV reader.
    const disguised = join(dir, 'disguised.wav');
    writeFileSync(disguised, Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVE', 'latin1'), readFileSync(playlist)]));
    expect(sniffAudio(readFileSync(disguised))).toBe('wav');
    for (const file of [playlist, concat]) {
      expect(sniffAudio(readFileSync(file))).toBeUndefined();
      // Renamed to anything, forced through each reader a sniffed type can choose: no audio comes out of the file it names.
      for (const type of ['wav', 'mp3', 'aac', 'ogg', 'm4a'] as const) expect((await refuses(file, type, 'undecodable')).wrote).toEqual([]);
    }
    expect((await refuses(disguised, 'wav', 'undecodable')).wrote).toEqual([]);
  });

  it('kills FFmpeg at its time limit and leaves nothing in the media folder', async () => {
    const hash = 'b'.repeat(64);
    copyFileSync(tone, join(media.dir, originalName(hash)));
    const started = performance.now();
    const error = await refusal(renderAudio(media, hash, 'wav', { timeLimitMs: 50, label: '“slow”' }));
    expect(error.code).toBe('time-limit');
    expect(error.message).toMatch(/“slow” took longer than 50 ms to convert and was stopped/);
    // Killed at once: the whole job would take longer (10 s: room for a busy machine; the code says what happened).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(readdirSync(media.dir).filter((n) => n.startsWith(hash) || n.startsWith('.tmp-'))).toEqual([`${hash}.original`]);
  });

  it('runs FFmpeg under a memory limit: with too little address space it cannot even start', async () => {
    const { error } = await refuses(tone, 'wav', 'undecodable', { memoryBytes: 64 * 1024 * 1024 });
    expect(error.message).toMatch(/needed more memory to convert than the server allows/);
  });
});

describe('makePreview', SLOW, () => {
  let beat: string;
  let tag: string;
  let tagged: AudioResult;
  let plain: AudioResult;
  beforeAll(async () => {
    // A quiet 95-second "beat" (pink noise, mono, 22 kHz: cheap to make) and a 2-second chirp as the producer tag.
    beat = join(dir, 'beat.wav');
    synth(beat, 'anoisesrc=color=pink:amplitude=0.05:sample_rate=22050:duration=95:seed=7');
    tag = join(dir, 'tag.wav');
    synth(tag, 'aevalsrc=0.5*sin(2*PI*(300+600*t)*t):s=44100:d=2');
    [tagged, plain] = await Promise.all([
      makePreview(beat, 'wav', { path: tag, type: 'wav' }, { outputs: outputs('tagged') }),
      makePreview(beat, 'wav', undefined, { outputs: outputs('plain') }),
    ]);
  }, 120_000);

  it('lasts at most 90 s, tagged or not', () => {
    for (const result of [tagged, plain]) expect(result.durationMs).toBeLessThanOrEqual(PREVIEW_MS + 20);
    for (const file of [...Object.values(outputs('tagged')), ...Object.values(outputs('plain'))])
      expect(Number(probe(file).format.duration)).toBeLessThanOrEqual(90.05);
    expect(tagged.durationMs).toBeGreaterThan(89_900);
  });

  it('holds the tag at 0, 30 and 60 s: louder there than the untagged render, the same between', () => {
    for (const at of [0, 30, 60]) {
      const withTag = loudnessOf(outputs('tagged').m4a, at, 2);
      const without = loudnessOf(outputs('plain').m4a, at, 2);
      expect(withTag - without, `at ${at} s`).toBeGreaterThan(6);
    }
    expect(Math.abs(loudnessOf(outputs('tagged').m4a, 10, 15) - loudnessOf(outputs('plain').m4a, 10, 15))).toBeLessThan(1);
    // And the waveform shows it: the tag's slices stand out.
    const slice = (ms: number) => tagged.waveform[Math.floor((ms / 90_000) * WAVEFORM_POINTS)]!;
    expect(slice(500)).toBeGreaterThan(slice(15_000) * 2);
    expect(slice(30_500)).toBeGreaterThan(slice(45_000) * 2);
  });

  it('is written under its own key, which changes with the tag and names neither the beat nor the tag', async () => {
    const beatHash = 'c'.repeat(64);
    const tagHash = 'd'.repeat(64);
    copyFileSync(tone, join(media.dir, originalName(beatHash)));
    copyFileSync(tag, join(media.dir, originalName(tagHash)));
    const { key } = await renderPreview(media, { hash: beatHash, type: 'wav' }, { hash: tagHash, type: 'wav' }, { timeLimitMs: 60_000 });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(previewKey(beatHash, tagHash));
    expect([beatHash, tagHash]).not.toContain(key);
    expect(previewKey(beatHash, '')).not.toBe(key);
    expect(existsSync(join(media.dir, `${key}.webm`)) && existsSync(join(media.dir, `${key}.m4a`))).toBe(true);
    expect(readdirSync(media.dir).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });
});
