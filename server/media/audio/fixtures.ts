/**
 * Test audio, synthesised with FFmpeg's lavfi sources (nothing recorded, nothing copyrighted): short, so the tests
 * stay cheap. Used by the audio tests (server/media/audio/*.test.ts, server/audio*.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AudioItem } from '../../../src/content/model';
import { FFMPEG } from './ffmpeg';

/** Runs FFmpeg (no limits: test input only) and throws with its log when it fails. */
export function ffmpeg(args: string[]): void {
  const run = spawnSync(FFMPEG, ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${run.stderr}`);
}

/** A lavfi source written to `path` with the given output options (codec, container). */
export function synth(path: string, source: string, output: string[] = []): Buffer {
  ffmpeg(['-f', 'lavfi', '-i', source, ...output, path]);
  return readFileSync(path);
}

/** A stereo sine whose peak is `dbfs` (e.g. -20): a test tone of known loudness (EBU R128: a stereo 1 kHz sine reads its level in LUFS). */
export const sine = (seconds: number, dbfs = -20, frequency = 1000, rate = 44_100) =>
  `aevalsrc=${Math.pow(10, dbfs / 20).toFixed(6)}*sin(2*PI*${frequency}*t)|${Math.pow(10, dbfs / 20).toFixed(6)}*sin(2*PI*${frequency}*t):s=${rate}:d=${seconds}`;

/** What ffprobe says of a file (any demuxer: a test's own check of what the server wrote). */
export function probe(path: string): {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: { codec_name: string; codec_type: string; sample_rate: string; channels: number; tags?: Record<string, string> }[];
} {
  const run = spawnSync(
    '/usr/bin/ffprobe',
    [
      '-v',
      'error',
      '-show_entries',
      'format=format_name,duration:format_tags:stream=codec_name,codec_type,sample_rate,channels:stream_tags',
      '-of',
      'json',
      path,
    ],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`ffprobe ${path} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ReturnType<typeof probe>;
}

/** The integrated loudness (LUFS) of `seconds` of a file from `from` s, measured by FFmpeg's ebur128 on its own. */
export function loudnessOf(path: string, from = 0, seconds?: number): number {
  const window = seconds === undefined ? [] : ['-t', String(seconds)];
  const run = spawnSync(
    FFMPEG,
    ['-nostdin', '-hide_banner', '-ss', String(from), ...window, '-i', path, '-af', 'ebur128=framelog=verbose', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  const match = /Integrated loudness:\s*I:\s*(-?[\d.]+) LUFS/.exec(run.stderr.slice(run.stderr.lastIndexOf('Summary:')));
  if (!match) throw new Error(`no loudness for ${path}: ${run.stderr.slice(-500)}`);
  return Number(match[1]);
}

/**
 * Uploads `seconds` of stereo pink noise (a second or two of FFmpeg per minute: long enough to be killed or timed out
 * in the middle) as “Long mix.wav” to a running server; the audio item its 202 answers with.
 */
export async function uploadNoise(url: string, cookie: string, dir: string, seconds: number, seed: number): Promise<AudioItem> {
  const wav = synth(join(dir, 'long.wav'), `anoisesrc=color=pink:amplitude=0.2:sample_rate=44100:duration=${seconds}:seed=${seed}`, ['-ac', '2']);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(wav)]), 'Long mix.wav');
  const res = await fetch(`${url}/api/admin/media`, { method: 'POST', headers: { cookie }, body });
  if (res.status !== 202) throw new Error(`the upload was answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { audio: AudioItem }).audio;
}
