/**
 * Audio files in the media folder (docs/decisions/0027-audio-with-ffmpeg.md): the original as uploaded
 * (`<hash>.original`, never served), its renditions (`<hash>.webm`, `<hash>.m4a`) and a beat's preview
 * (`<key>.webm`, `<key>.m4a`, the key a hash of the beat's and the tag's hashes). FFmpeg writes temporary names in
 * the folder; only a finished job's files are renamed to their own, so no name ever holds half a file.
 */
import { createHash } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { originalName, type MediaFiles } from '../files';
import { makePreview, processAudio, type AudioJob, type AudioResult } from './process';
import type { AudioType } from './sniff';

export const RENDITION_EXTS = ['webm', 'm4a'] as const;
export type RenditionExt = (typeof RENDITION_EXTS)[number];
export const renditionName = (key: string, ext: RenditionExt) => `${key}.${ext}`;

/** Bumped when the preview's making changes (its length, where the tag goes), so every preview is made again under a new key. */
const PREVIEW_DESIGN = 1;

/**
 * A beat's preview key: 64 hex digits like an original's hash, so its address has the same shape and says nothing of
 * the beat's own (a visitor cannot work out the full renditions' names from it). '' for no tag (the first 90 s, untagged).
 */
export function previewKey(audioHash: string, tagHash: string): string {
  return createHash('sha256').update(`scena-preview:${PREVIEW_DESIGN}:${audioHash}:${tagHash}`).digest('hex');
}

export type RenderJob = Omit<AudioJob, 'outputs'>;

/** Runs a job into temporary names, then renames its two files to `key`'s; on any failure removes them and rethrows. */
async function into(files: MediaFiles, key: string, run: (outputs: AudioJob['outputs']) => Promise<AudioResult>): Promise<AudioResult> {
  const outputs = { webm: files.tempPath(), m4a: files.tempPath() };
  try {
    const result = await run(outputs);
    // The M4A last: the player's first choice (WebM) and its fallback both exist once the item names them.
    for (const ext of RENDITION_EXTS) renameSync(outputs[ext], join(files.dir, renditionName(key, ext)));
    return result;
  } finally {
    for (const path of Object.values(outputs)) rmSync(path, { force: true });
  }
}

/** The renditions and facts of the original `<hash>.original` (of the sniffed `type`), written as `<hash>.webm|m4a`. */
export function renderAudio(files: MediaFiles, hash: string, type: AudioType, job: RenderJob = {}): Promise<AudioResult> {
  return into(files, hash, (outputs) => processAudio(join(files.dir, originalName(hash)), type, { ...job, outputs }));
}

/** A beat's preview, with the tag (another original) or without, written under previewKey(hash, tag hash). */
export async function renderPreview(
  files: MediaFiles,
  beat: { hash: string; type: AudioType },
  tag: { hash: string; type: AudioType } | undefined,
  job: RenderJob = {},
): Promise<AudioResult & { key: string }> {
  const key = previewKey(beat.hash, tag?.hash ?? '');
  const tagFile = tag ? { path: join(files.dir, originalName(tag.hash)), type: tag.type } : undefined;
  const result = await into(files, key, (outputs) => makePreview(join(files.dir, originalName(beat.hash)), beat.type, tagFile, { ...job, outputs }));
  return { ...result, key };
}
