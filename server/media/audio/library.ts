/**
 * The audio library on Scena's server (docs/decisions/0027-audio-with-ffmpeg.md): an upload's item made at once in
 * status `processing`, its transcode run later in a queue of its own (one job at a time), the item then `ready` with
 * its facts or `failed` with its problem; progress, Retry, the recovery of a job a kill interrupted, and the beat
 * previews the content needs, made (and their old ones removed) in the same queue.
 *
 * Its own queue, not the images' (../queue.ts): an image upload waits for its processing inside its request, and a
 * 15-minute file's transcode (up to minutes on a busy machine) would hold every image upload behind it past the request
 * time limit. An image and an audio job may run at once: one core each, FFmpeg at nice 10 so the pages come first.
 */
import { existsSync, openSync, readFileSync, readSync, closeSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { problemText } from '../../../src/content/media-problems';
import { AUDIO_MAX_MS } from '../../../src/content/kinds/audio';
import { mediaHash } from '../../../src/content/media';
import type { AudioItem, PublicContent } from '../../../src/content/model';
import type { ContentRepo } from '../../db/content-repo';
import { NotFoundError } from '../../db/content-repo';
import { originalName, type MediaFiles } from '../files';
import { workQueue } from '../queue';
import { AudioError, probeAudio, type AudioResult } from './process';
import { beatPreviews, waveformHex, type PreviewFacts, type PreviewState } from './previews';
import { renderAudio, renderPreview, RENDITION_EXTS } from './renditions';
import { AUDIO_HEAD_BYTES, sniffAudio, type AudioType } from './sniff';

/** A preview's facts beside its renditions: `<key>.preview` (JSON), written last. Never served. */
export const PREVIEW_FACTS_FILE = /^([0-9a-f]{64})\.preview$/;
export const previewFactsName = (key: string) => `${key}.preview`;

export const INTERRUPTED = problemText('interrupted', {}, 'en');
const PROBLEM_MAX = 300;

export interface Progress {
  status: AudioItem['status'];
  /** 0–1: how much of the audio is converted (1 once ready; 0 while waiting its turn or failed). */
  fraction: number;
  problem: string;
}

export interface AcceptedUpload {
  audio: AudioItem;
  /** false: the same file was already in the library, and that item is the answer. */
  created: boolean;
}

export interface AudioLibrary {
  /**
   * An upload on disk (`temp`, in the media folder) whose first bytes say `type`: checked with FFmpeg's probe (refused
   * at once, AudioError, when it is not audio, too long, cut short or unreadable), kept as `<hash>.original`, and its
   * item added in status `processing`; the transcode is queued. The caller removes `temp` afterwards.
   */
  accept(upload: { temp: string; hash: string; type: AudioType; name: string; label: string }): Promise<AcceptedUpload>;
  progress(id: string): Promise<Progress | undefined>;
  /** A failed item converted again (its original kept for that); a ready or processing one is left as it is. */
  retry(id: string): Promise<AudioItem>;
  /** At start: items left `processing` by a server that stopped mid-job become `failed`, "interrupted: press Retry". */
  recover(): Promise<string[]>;
  /** Makes the previews the content needs and removes the ones nothing needs (in the queue; returns at once). */
  sync(content?: PublicContent): void;
  /** A preview's state by its key, for the public snapshot. */
  previewState(key: string): PreviewState;
  /** Resolves once nothing waits or runs (tests, the sample catalogue). */
  settled(): Promise<void>;
  /** Stops: the running FFmpeg is killed; its item stays `processing` (the next start calls it interrupted). */
  close(): Promise<void>;
}

export interface LibraryOptions {
  files: MediaFiles;
  content: ContentRepo;
  /** Called when what the page shows changed without a content write (a preview made). */
  changed: () => void;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** One conversion's wall-clock limit (AUDIO_TIME_LIMIT_MS), in place of the one the file's length gives. */
  timeLimitMs?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The type of a kept original, from its first bytes. */
function typeOf(files: MediaFiles, hash: string): AudioType | undefined {
  const path = join(files.dir, originalName(hash));
  if (!existsSync(path)) return undefined;
  const head = Buffer.alloc(AUDIO_HEAD_BYTES);
  const fd = openSync(path, 'r');
  try {
    return sniffAudio(head.subarray(0, readSync(fd, head, 0, AUDIO_HEAD_BYTES, 0)));
  } finally {
    closeSync(fd);
  }
}

/** The item's facts from a finished job, in the content model's units and ranges. */
export function factsOf(result: AudioResult): PreviewFacts {
  return {
    durationMs: Math.min(AUDIO_MAX_MS, result.durationMs),
    // 0 means "not measured" in the model: a measured 0.0 LUFS is stored as -0.1.
    loudness: round1(result.loudness) === 0 ? -0.1 : Math.max(-99, Math.min(10, round1(result.loudness))),
    peak: round1(result.peak) === 0 ? -0.1 : Math.max(-99, Math.min(20, round1(result.peak))),
    waveform: waveformHex(result.waveform),
  };
}

export function audioLibrary({ files, content, changed, log, timeLimitMs }: LibraryOptions): AudioLibrary {
  const queue = workQueue();
  /** Transcodes queued or running, by item id. */
  const jobs = new Map<string, { fraction: number }>();
  /** Previews queued, running or failed, by key (a ready one is its facts file). */
  const previews = new Map<string, PreviewState>();
  const readyPreviews = new Map<string, PreviewState>();
  let closed = false;
  let running: AbortController | undefined;
  let pending = Promise.resolve();
  const track = (work: Promise<unknown>) => {
    pending = pending.then(() =>
      work.then(
        () => undefined,
        () => undefined,
      ),
    );
  };

  /** Serialises the accepts (two uploads of one file at once make one item). */
  let accepting: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = accepting.then(fn, fn);
    accepting = run.catch(() => undefined);
    return run;
  };

  const find = async (id: string) => (await content.list('audio')).find((item) => item.id === id) as AudioItem | undefined;

  /** Writes the server's fields of an item over whatever it holds now (the admin may have renamed it meanwhile). */
  async function patch(id: string, fields: Partial<AudioItem>): Promise<AudioItem | undefined> {
    if (closed) return undefined;
    const current = await find(id);
    if (!current) return undefined;
    const { id: _id, ...value } = { ...current, ...fields };
    try {
      await content.update('audio', id, value);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
    changed();
    return { ...value, id } as AudioItem;
  }

  function transcode(id: string): void {
    const job = { fraction: 0 };
    jobs.set(id, job);
    const work = queue
      .run(async () => {
        const item = closed ? undefined : await find(id);
        const hash = item ? mediaHash(item.src) : undefined;
        if (!item || !hash || item.status !== 'processing') return;
        const label = `“${item.name || 'audio'}”`;
        const type = typeOf(files, hash);
        if (!type) {
          await patch(id, { status: 'failed', problem: problemText('originalMissing', { name: label }, 'en') });
          return;
        }
        running = new AbortController();
        try {
          const result = await renderAudio(files, hash, type, { label, signal: running.signal, onProgress: (f) => (job.fraction = f), timeLimitMs });
          await patch(id, { status: 'ready', problem: '', ...factsOf(result) });
        } catch (error) {
          if (closed) return;
          if (!(error instanceof AudioError)) log?.error({ err: { message: (error as Error).message } }, 'audio transcode failed');
          const problem =
            error instanceof AudioError
              ? error.message
              : problemText('serverFailed', { name: label, reason: (error as Error).message.split('\n')[0] ?? '' }, 'en');
          await patch(id, { status: 'failed', problem: problem.slice(0, PROBLEM_MAX) });
        } finally {
          running = undefined;
        }
      })
      .finally(() => {
        jobs.delete(id);
        if (!closed) sync();
      });
    track(work);
  }

  function readPreviewFacts(key: string): PreviewState | undefined {
    const cached = readyPreviews.get(key);
    if (cached) return cached;
    const ready = RENDITION_EXTS.every((ext) => existsSync(join(files.dir, `${key}.${ext}`))) && existsSync(join(files.dir, previewFactsName(key)));
    if (!ready) return undefined;
    try {
      const state: PreviewState = { status: 'ready', facts: JSON.parse(readFileSync(join(files.dir, previewFactsName(key)), 'utf8')) as PreviewFacts };
      readyPreviews.set(key, state);
      return state;
    } catch {
      return undefined;
    }
  }

  function makePreview(key: string, beat: { hash: string; label: string }, tagHash: string): void {
    previews.set(key, { status: 'processing' });
    const work = queue
      .run(async () => {
        if (closed) return;
        const beatType = typeOf(files, beat.hash);
        const tagType = tagHash ? typeOf(files, tagHash) : undefined;
        if (!beatType || (tagHash && !tagType)) throw new AudioError('undecodable', problemText('previewOriginalMissing', { name: beat.label }, 'en'));
        running = new AbortController();
        try {
          const result = await renderPreview(files, { hash: beat.hash, type: beatType }, tagHash && tagType ? { hash: tagHash, type: tagType } : undefined, {
            label: beat.label,
            signal: running.signal,
          });
          files.write(previewFactsName(key), Buffer.from(JSON.stringify(factsOf(result))));
        } finally {
          running = undefined;
        }
      })
      .then(
        () => {
          previews.delete(key);
          previewsMade = true;
          if (!closed) changed();
        },
        (error: unknown) => {
          if (closed) return previews.delete(key);
          if (!(error instanceof AudioError)) log?.error({ err: { message: (error as Error).message } }, 'beat preview failed');
          previews.set(key, { status: 'failed', problem: (error as Error).message.slice(0, PROBLEM_MAX) });
          changed();
        },
      );
    track(work);
  }

  let syncing: Promise<void> | undefined;
  let again = false;
  /** The wanted previews' keys at the last pass that read the folder, and whether a preview was made since. */
  let lastWanted: string | undefined;
  let previewsMade = false;
  /** One pass: the previews the content needs queued, the ones nothing needs removed. */
  async function syncPass(given?: PublicContent): Promise<void> {
    const snapshot = given ?? (await content.snapshot());
    const needed = beatPreviews(snapshot);
    const keys = new Set(needed.map((p) => p.key));
    for (const p of needed) {
      if (p.audio.status !== 'ready' || p.tagWaiting || previews.has(p.key) || readPreviewFacts(p.key)) continue;
      makePreview(p.key, { hash: p.beatHash, label: `“${p.audio.name || 'beat'}”` }, p.tagHash);
    }
    // The folder is read only when the wanted previews changed (every content version comes here).
    const wanted = [...keys].sort().join();
    if (wanted === lastWanted && !previewsMade) return;
    lastWanted = wanted;
    previewsMade = false;
    // Old previews (another tag, a beat no longer a beat): their three files go. Never an original's renditions:
    // only keys that have a preview's facts file, and that no original is named by.
    for (const name of readdirSync(files.dir)) {
      const key = PREVIEW_FACTS_FILE.exec(name)?.[1];
      if (!key || keys.has(key) || previews.get(key)?.status === 'processing' || existsSync(join(files.dir, originalName(key)))) continue;
      files.remove(name);
      for (const ext of RENDITION_EXTS) files.remove(`${key}.${ext}`);
      readyPreviews.delete(key);
    }
    for (const key of previews.keys()) if (!keys.has(key) && previews.get(key)?.status === 'failed') previews.delete(key);
  }

  function sync(given?: PublicContent): void {
    if (closed) return;
    if (syncing) {
      again = true;
      return;
    }
    syncing = syncPass(given)
      .catch((error: unknown) => log?.error({ err: { message: (error as Error).message } }, 'beat previews: sync failed'))
      .finally(() => {
        syncing = undefined;
        if (again) {
          again = false;
          sync();
        }
      });
    track(syncing);
  }

  return {
    accept({ temp, hash, type, name, label }) {
      const src = `/media/${hash}`;
      return exclusive(async () => {
        const library = await content.list('audio');
        const same = library.find((item) => item.src === src);
        if (same) return { audio: same as AudioItem, created: false };
        const probe = await probeAudio(temp, type, { label });
        const original = join(files.dir, originalName(hash));
        // An original already here belongs to an item removed earlier (kept in its history): it stays as it is.
        const fresh = !existsSync(original);
        if (fresh) renameSync(temp, original);
        try {
          const item = (await content.add('audio', {
            name,
            src,
            status: 'processing',
            problem: '',
            durationMs: Math.min(AUDIO_MAX_MS, probe.durationMs),
            loudness: 0,
            peak: 0,
            waveform: '',
          })) as AudioItem;
          changed();
          transcode(item.id);
          return { audio: item, created: true };
        } catch (error) {
          if (fresh) rmSync(original, { force: true });
          throw error;
        }
      });
    },
    async progress(id) {
      const item = await find(id);
      if (!item) return undefined;
      const fraction = item.status === 'ready' ? 1 : item.status === 'processing' ? (jobs.get(id)?.fraction ?? 0) : 0;
      return { status: item.status, fraction, problem: item.problem };
    },
    async retry(id) {
      const item = await find(id);
      if (!item) throw new NotFoundError('No audioFile has this id');
      if (!mediaHash(item.src) || item.status === 'ready' || jobs.has(id)) return item;
      const again = (await patch(id, { status: 'processing', problem: '' })) ?? item;
      transcode(id);
      return again;
    },
    async recover() {
      const stuck = (await content.list('audio')).filter((item) => item.status === 'processing' && !jobs.has(item.id) && mediaHash(String(item.src)));
      for (const item of stuck) await patch(item.id, { status: 'failed', problem: INTERRUPTED });
      return stuck.map((item) => item.id);
    },
    sync,
    previewState(key) {
      return previews.get(key) ?? readPreviewFacts(key) ?? { status: 'processing' };
    },
    async settled() {
      for (;;) {
        const before = pending;
        await before;
        if (before === pending && !syncing) return;
      }
    },
    async close() {
      closed = true;
      running?.abort();
      await pending;
    },
  };
}
