/**
 * From an uploaded audio file to what the public player plays (docs/decisions/0027-audio-with-ffmpeg.md): the file
 * checked (size, its container's own length, FFmpeg's probe of its duration) before any transcoding, then ONE decode
 * feeding an Opus rendition (WebM, 128 kb/s), an AAC rendition (M4A, 160 kb/s, `+faststart`), the EBU R128 integrated
 * loudness and true peak (`ebur128=peak=true`) and the waveform (mono 11,025 Hz samples piped to Node, reduced
 * to 400 peaks). A beat's preview (makePreview) is the same with the producer tag mixed in at 0, 30 and 60 s, and at
 * most its first 90 s. Each refusal has a code (AudioErrorCode) and an English message from the problems' one declaration
 * (src/content/media-problems.ts), which the admin shows in its own language.
 */
import { open, stat } from 'node:fs/promises';
import { problemText } from '../../../src/content/media-problems';
import { firstError, FFMPEG, FFPROBE, DEFAULT_FILE_BYTES, DEFAULT_MEMORY_BYTES, inputArgs, runLimited, type Limits } from './ffmpeg';
import { ACCEPTED_AUDIO, AUDIO_TYPE_NAMES, type AudioType } from './sniff';

/** The largest upload (checked while it arrives; again here). */
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024;
/** The longest audio: 15 minutes (checked from the probe before transcoding, and again while decoding). */
export const MAX_AUDIO_MS = 15 * 60 * 1000;
/** A beat's preview: at most its first 90 s, the tag at 0 s and every 30 s, the tag itself at most 10 s. */
export const PREVIEW_MS = 90_000;
export const TAG_EVERY_MS = 30_000;
export const TAG_MAX_MS = 10_000;
/** The waveform's points, each 0–255 (the largest absolute sample of its slice, linear, 255 = full scale). */
export const WAVEFORM_POINTS = 400;
/** The floor of a true peak (silence is -inf dBTP): the content model's lowest value. */
export const PEAK_FLOOR = -99;

export const OPUS_BITRATE = '128k';
export const AAC_BITRATE = '160k';
/** The rate of the samples the waveform is made from: low enough to pipe cheaply, high enough for a drum hit's peak. */
const WAVE_RATE = 11_025;
/** Waveform resolution before the final reduction: one maximum per 64 samples (5.8 ms). */
const WAVE_BLOCK = 64;
/** Decoded audio shorter than this share of what the header promised is a truncated file. */
const TRUNCATED_BELOW = 0.9;

export type AudioErrorCode = 'not-audio' | 'empty' | 'truncated' | 'undecodable' | 'too-long' | 'too-big' | 'time-limit';

/** Why a file is refused: a code the admin words in its own language, and an English message naming the file. */
export class AudioError extends Error {
  override name = 'AudioError';
  constructor(
    readonly code: AudioErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface Probe {
  type: AudioType;
  /** The duration the file's header gives (an MP3 without a Xing header or raw AAC: estimated from the bitrate). */
  durationMs: number;
  /** True when FFmpeg estimated the duration from the bitrate: no truncation check against it. */
  estimated: boolean;
  sampleRate: number;
  channels: number;
  codec: string;
}

export interface AudioFacts {
  /** Decoded, not the header's. */
  durationMs: number;
  /** Integrated loudness, EBU R128, LUFS (-70: silence, under the gate). */
  loudness: number;
  /** True peak, dBTP (at least PEAK_FLOOR). */
  peak: number;
  /** WAVEFORM_POINTS values, 0–255. */
  waveform: number[];
}

export interface AudioResult extends AudioFacts {
  probe: Probe;
  wallMs: number;
  /** With `measure`: FFmpeg's peak resident memory, KB, and its CPU time, ms. */
  peakRssKB?: number;
  cpuMs?: number;
}

export interface AudioJob {
  /** Where to write the renditions: fresh paths (FFmpeg never overwrites), in the media folder so a rename is atomic. */
  outputs: { webm: string; m4a: string };
  /** The fraction of the audio done, 0–1, a few times a second, and 1 at the end. */
  onProgress?: (fraction: number) => void;
  /** Wall-clock limit; default 60 s + half the audio's duration (15 minutes: 8.5 min, at least 2× real time). */
  timeLimitMs?: number;
  memoryBytes?: number;
  signal?: AbortSignal;
  /** The benchmark: measure FFmpeg's peak memory (GNU time). */
  measure?: boolean;
  /** FFmpeg's niceness (default 10: the pages first); the admin CLI uses 0. */
  niceness?: number;
  /** How messages name the file: “beat.wav” (default: "The file"). */
  label?: string;
}

const seconds = (ms: number) => {
  // Under a second (a limit set that small: AUDIO_TIME_LIMIT_MS) in milliseconds, never "0 s".
  if (ms < 950) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};
const limitsFor = (job: { timeLimitMs?: number; memoryBytes?: number }, timeMs: number): Limits => ({
  timeMs: job.timeLimitMs ?? timeMs,
  memoryBytes: job.memoryBytes ?? DEFAULT_MEMORY_BYTES,
  fileBytes: DEFAULT_FILE_BYTES,
});

/** The size, and the container's own length (RIFF, FORM) against the file's: a WAV or AIFF cut short says so in its first 12 bytes. */
async function checkFile(path: string, type: AudioType, label: string): Promise<number> {
  const info = await stat(path);
  if (info.size === 0) throw new AudioError('empty', problemText('empty', { name: label }, 'en'));
  if (info.size > MAX_AUDIO_BYTES) throw new AudioError('too-big', problemText('tooBig', { name: label }, 'en'));
  if (type === 'wav' || type === 'aiff') {
    const file = await open(path, 'r');
    try {
      const head = Buffer.alloc(12);
      await file.read(head, 0, 12, 0);
      const riff = head.toString('latin1', 0, 4) === 'RIFF';
      const declared = type === 'wav' ? head.readUInt32LE(4) : head.readUInt32BE(4);
      // 0 and 0xFFFFFFFF: a recorder that never came back to write the length (RF64 says it elsewhere); trusted to FFmpeg.
      const known = (type === 'aiff' || riff) && declared !== 0 && declared !== 0xffffffff;
      // +1: a chunk's pad byte, which some writers leave out at the very end.
      if (known && declared + 8 > info.size + 1) {
        const percent = Math.round((info.size / (declared + 8)) * 100);
        throw new AudioError('truncated', problemText('cutShort', { name: label, percent, type: AUDIO_TYPE_NAMES[type] }, 'en'));
      }
    } finally {
      await file.close();
    }
  }
  return info.size;
}

/**
 * FFmpeg's reading of the header, with the forced demuxer, under the same limits as the transcode (10 s): the
 * first audio stream's codec, rate, channels and duration. Refuses what is not that type, has no audio, or is too long.
 */
export async function probeAudio(path: string, type: AudioType, options: { label?: string; timeLimitMs?: number; memoryBytes?: number } = {}): Promise<Probe> {
  const label = options.label ?? 'The file';
  await checkFile(path, type, label);
  const args = [
    '-hide_banner',
    '-v',
    'warning',
    ...inputArgs(type, path),
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,sample_rate,channels,duration:format=duration',
    '-of',
    'json',
  ];
  let out = '';
  const run = await runLimited(FFPROBE, args, {
    limits: limitsFor({ timeLimitMs: options.timeLimitMs, memoryBytes: options.memoryBytes }, 10_000),
    onStdout: (chunk) => {
      if (out.length < 64 * 1024) out += chunk.toString('utf8');
    },
  });
  if (run.timedOut) throw new AudioError('time-limit', problemText('probeTimeLimit', { name: label }, 'en'));
  const unreadable = () =>
    new AudioError(
      'undecodable',
      problemText('unreadable', { name: label, type: AUDIO_TYPE_NAMES[type], accepted: ACCEPTED_AUDIO, detail: detail(run.stderr) }, 'en'),
    );
  if (run.code !== 0) throw outOfMemory(run.stderr, label) ?? unreadable();
  let parsed: { streams?: { codec_name?: string; sample_rate?: string; channels?: number; duration?: string }[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(out) as typeof parsed;
  } catch {
    throw unreadable();
  }
  const stream = parsed.streams?.[0];
  if (!stream) throw new AudioError('not-audio', problemText('notAudio', { name: label }, 'en'));
  const sampleRate = Number(stream.sample_rate);
  const channels = Number(stream.channels);
  if (!(sampleRate > 0) || !(channels > 0)) throw unreadable();
  const duration = Number(stream.duration ?? parsed.format?.duration);
  const durationMs = Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) : 0;
  if (durationMs > MAX_AUDIO_MS) throw new AudioError('too-long', problemText('tooLong', { name: label, duration: seconds(durationMs) }, 'en'));
  return {
    type,
    durationMs,
    estimated: /Estimating duration from bitrate/i.test(run.stderr) || durationMs === 0,
    sampleRate,
    channels,
    codec: stream.codec_name ?? '',
  };
}

/** FFmpeg stopped by its memory limit (it could not map its libraries or allocate): the file's fault or not, said as it is. */
function outOfMemory(stderr: string, label: string): AudioError | undefined {
  if (!/Cannot allocate memory|failed to map segment|out of memory/i.test(stderr)) return undefined;
  return new AudioError('undecodable', problemText('outOfMemory', { name: label }, 'en'));
}

const detail = (stderr: string) => {
  const line = firstError(stderr);
  return line ? ` (FFmpeg: ${line})` : '';
};

/** The encoders' tail of the graph, from the stream labelled [main]: the two renditions, the loudness meter, the waveform's samples. */
function tail(aacRate: number): string {
  return [
    `[main]asplit=4[toOpus][toAac][toMeter][toWave]`,
    `[toOpus]aresample=48000[opus]`,
    `[toAac]aresample=${aacRate}[aac]`,
    // framelog=verbose: the meter's line per 100 ms stays out of the log; its summary is printed at the end.
    `[toMeter]ebur128=peak=true:framelog=verbose,anullsink`,
    `[toWave]aresample=${WAVE_RATE},aformat=sample_fmts=s16:channel_layouts=mono[wave]`,
  ].join(';');
}

function outputArgs(outputs: { webm: string; m4a: string }): string[] {
  // No tag, chapter or cover of the original goes along (a title, a comment, an embedded picture), nor FFmpeg's own.
  const clean = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];
  return [
    ...['-map', '[opus]', '-c:a', 'libopus', '-b:a', OPUS_BITRATE, ...clean, '-f', 'webm', `file:${outputs.webm}`],
    ...['-map', '[aac]', '-c:a', 'aac', '-b:a', AAC_BITRATE, '-movflags', '+faststart', ...clean, '-f', 'mp4', `file:${outputs.m4a}`],
    ...['-map', '[wave]', '-f', 's16le', 'pipe:1'],
  ];
}

/** The waveform's meter: the largest absolute sample of every WAVE_BLOCK samples, reduced at the end to WAVEFORM_POINTS. */
class WaveMeter {
  samples = 0;
  private blocks: number[] = [];
  private current = 0;
  private inBlock = 0;
  private odd: number | undefined;

  add(chunk: Buffer) {
    let offset = 0;
    if (this.odd !== undefined && chunk.length > 0) {
      this.take((((chunk[0]! << 8) | this.odd) << 16) >> 16);
      this.odd = undefined;
      offset = 1;
    }
    const end = offset + ((chunk.length - offset) & ~1);
    for (let i = offset; i < end; i += 2) this.take(chunk.readInt16LE(i));
    if (end < chunk.length) this.odd = chunk[end];
  }

  private take(sample: number) {
    const abs = sample < 0 ? -sample : sample;
    if (abs > this.current) this.current = abs;
    this.samples++;
    if (++this.inBlock === WAVE_BLOCK) {
      this.blocks.push(this.current);
      this.current = 0;
      this.inBlock = 0;
    }
  }

  points(count = WAVEFORM_POINTS): number[] {
    const blocks = this.inBlock ? [...this.blocks, this.current] : this.blocks;
    if (!blocks.length) return Array<number>(count).fill(0);
    return Array.from({ length: count }, (_, i) => {
      const from = Math.floor((i * blocks.length) / count);
      const to = Math.max(from + 1, Math.floor(((i + 1) * blocks.length) / count));
      let max = 0;
      for (let b = from; b < to && b < blocks.length; b++) max = Math.max(max, blocks[b]!);
      return Math.min(255, Math.round((max / 32768) * 255));
    });
  }
}

/** The ebur128 summary at the end of FFmpeg's log. */
export function parseLoudness(stderr: string): { loudness: number; peak: number } | undefined {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /Integrated loudness:\s*I:\s*(-?[\d.]+|-?inf) LUFS/.exec(summary);
  const truePeak = /True peak:\s*Peak:\s*(-?[\d.]+|-?inf) dBFS/.exec(summary);
  if (!integrated || !truePeak) return undefined;
  const value = (text: string) => (/inf/.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text));
  const loudness = Math.max(-70, value(integrated[1]!));
  const peak = Math.max(PEAK_FLOOR, value(truePeak[1]!));
  return Number.isFinite(loudness) && Number.isFinite(peak) ? { loudness, peak } : undefined;
}

interface Graph {
  /** Inputs' arguments (each with its forced demuxer). */
  inputs: string[];
  /** The filters that make [main] from the inputs. */
  head: string;
  aacRate: number;
  /** The audio expected, for progress and the truncation check. */
  expectedMs: number;
  /** False when expectedMs is an estimate: no truncation check. */
  exact: boolean;
  limitMs: number;
}

/** Runs one graph and turns its outcome into facts or a refusal. */
async function render(graph: Graph, job: AudioJob, label: string, probe: Probe): Promise<AudioResult> {
  const meter = new WaveMeter();
  const maxSamples = ((MAX_AUDIO_MS + 1000) / 1000) * WAVE_RATE;
  const expectedSamples = (graph.expectedMs / 1000) * WAVE_RATE;
  const stop = new AbortController();
  let tooLong = false;
  let reported = 0;
  const onAbort = () => stop.abort();
  job.signal?.addEventListener('abort', onAbort);
  if (job.signal?.aborted) stop.abort();
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-n',
    '-v',
    'info',
    '-threads',
    '1',
    '-filter_complex_threads',
    '1',
    ...graph.inputs,
    '-filter_complex',
    `${graph.head};${tail(graph.aacRate)}`,
    ...outputArgs(job.outputs),
  ];
  const limits = limitsFor(job, graph.limitMs);
  const run = await runLimited(FFMPEG, args, {
    limits,
    signal: stop.signal,
    measure: job.measure,
    niceness: job.niceness,
    onStdout: (chunk) => {
      meter.add(chunk);
      if (meter.samples > maxSamples && !tooLong) {
        // A duration the header hid (an MP3 estimated from its bitrate): the second lock.
        tooLong = true;
        stop.abort();
      }
      if (job.onProgress && expectedSamples > 0) {
        const fraction = Math.min(0.99, meter.samples / expectedSamples);
        if (fraction - reported >= 0.01) {
          reported = fraction;
          job.onProgress(fraction);
        }
      }
    },
  }).finally(() => job.signal?.removeEventListener('abort', onAbort));
  if (tooLong) throw new AudioError('too-long', problemText('tooLongDecoded', { name: label }, 'en'));
  if (run.timedOut) throw new AudioError('time-limit', problemText('timeLimit', { name: label, time: seconds(limits.timeMs) }, 'en'));
  if (run.aborted) throw new AudioError('time-limit', problemText('stopped', { name: label }, 'en'));
  const decodedMs = Math.round((meter.samples / WAVE_RATE) * 1000);
  if (run.code !== 0) {
    throw (
      outOfMemory(run.stderr, label) ??
      new AudioError('undecodable', problemText('notConverted', { name: label, type: AUDIO_TYPE_NAMES[probe.type], detail: detail(run.stderr) }, 'en'))
    );
  }
  if (meter.samples === 0) throw new AudioError('undecodable', problemText('nothingDecoded', { name: label, detail: detail(run.stderr) }, 'en'));
  if (graph.exact && graph.expectedMs > 0 && decodedMs < graph.expectedMs * TRUNCATED_BELOW) {
    throw new AudioError('truncated', problemText('cutShortDecoded', { name: label, expected: seconds(graph.expectedMs), decoded: seconds(decodedMs) }, 'en'));
  }
  const loudness = parseLoudness(run.stderr);
  if (!loudness) throw new AudioError('undecodable', problemText('notMeasured', { name: label, detail: detail(run.stderr) }, 'en'));
  job.onProgress?.(1);
  return { durationMs: decodedMs, ...loudness, waveform: meter.points(), probe, wallMs: run.wallMs, peakRssKB: run.peakRssKB, cpuMs: run.cpuMs };
}

/** The AAC rendition's rate: 44.1 kHz for that family (CD, 88.2 kHz masters), 48 kHz for every other. */
const aacRateFor = (sampleRate: number) => (sampleRate % 11_025 === 0 ? 44_100 : 48_000);
/** Mono stays mono; anything wider becomes stereo (what a browser plays). */
const LAYOUT = 'aformat=channel_layouts=stereo|mono';

/**
 * The renditions and facts of a whole file. Refuses (AudioError) an empty, too big, truncated, too long,
 * undecodable file, or a job over its time limit; on any refusal the outputs may be half-written: the caller
 * removes them (they are temporary names until it renames them).
 */
export async function processAudio(input: string, type: AudioType, job: AudioJob): Promise<AudioResult> {
  const label = job.label ?? 'The file';
  const probe = await probeAudio(input, type, { label, memoryBytes: job.memoryBytes });
  const graph: Graph = {
    inputs: inputArgs(type, input),
    head: `[0:a:0]${LAYOUT}[main]`,
    aacRate: aacRateFor(probe.sampleRate),
    expectedMs: probe.durationMs,
    exact: !probe.estimated,
    limitMs: 60_000 + (probe.durationMs || MAX_AUDIO_MS) / 2,
  };
  return render(graph, job, label, probe);
}

/** The producer tag, as makePreview takes it. */
export interface Tag {
  path: string;
  type: AudioType;
}

/**
 * A beat's preview: its first 90 s at most, with the tag (its first 10 s at most) mixed in at 0, 30 and 60 s at its
 * own level (amix normalize=0: the beat is not turned down), as the same two renditions with their facts.
 * Without a tag: the first 90 s, untagged.
 */
export async function makePreview(input: string, type: AudioType, tag: Tag | undefined, job: AudioJob): Promise<AudioResult> {
  const label = job.label ?? 'The file';
  const probe = await probeAudio(input, type, { label, memoryBytes: job.memoryBytes });
  if (tag) await probeAudio(tag.path, tag.type, { label: 'The producer tag', memoryBytes: job.memoryBytes });
  const cut = ['-t', String(PREVIEW_MS / 1000)];
  const expectedMs = Math.min(probe.durationMs, PREVIEW_MS);
  const common = { aacRate: 48_000, expectedMs, exact: !probe.estimated, limitMs: 60_000 + PREVIEW_MS / 2 };
  if (!tag) return render({ ...common, inputs: inputArgs(type, input, cut), head: `[0:a:0]${LAYOUT}[main]` }, job, label, probe);
  const format = 'aformat=sample_rates=48000:channel_layouts=stereo';
  const times = Array.from({ length: Math.ceil(PREVIEW_MS / TAG_EVERY_MS) }, (_, i) => i * TAG_EVERY_MS);
  const copies = times.map((_, i) => `[tag${i}]`).join('');
  const delayed = times.map((ms, i) => (ms ? `[tag${i}]adelay=${ms}:all=1[late${i}]` : `[tag${i}]anull[late${i}]`));
  const head = [
    `[0:a:0]${format}[beat]`,
    `[1:a:0]${format},asplit=${times.length}${copies}`,
    ...delayed,
    `[beat]${times.map((_, i) => `[late${i}]`).join('')}amix=inputs=${times.length + 1}:duration=first:dropout_transition=0:normalize=0[main]`,
  ].join(';');
  return render(
    { ...common, inputs: [...inputArgs(type, input, cut), ...inputArgs(tag.type, tag.path, ['-t', String(TAG_MAX_MS / 1000)])], head },
    job,
    label,
    probe,
  );
}
