/**
 * Which media files the content needs, and copying them beside a backup or an export (docs/decisions/0023, 0027):
 * a file is needed while any media or audio item, or any kept version of one (history), names its hash, so an undo
 * or a restore of a removed image or recording finds its files; and a beat preview while the content plays it. Plain folders, no archive format: `<backup>.media/`
 * beside the backup file, `<export>.media/` beside the JSON.
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { mediaHash } from '../../src/content/media';
import type { Database } from '../db/client';
import type { PublicContent } from '../../src/content/model';
import { contentRepo } from '../db/content-repo';
import { AUDIO_FILE, DOCUMENT_FILE, ORIGINAL_FILE, SHARE_FILE, VARIANT_FILE } from './files';
import { PREVIEW_FACTS_FILE } from './audio/library';
import { beatPreviews } from './audio/previews';

/** The hashes named by every media item and every kept version of one, in a database. */
export async function neededHashes(db: Database): Promise<Set<string>> {
  return (await neededMedia(db)).images;
}

/**
 * What a database's content needs in the media folder: the images and the audio originals every item and kept version
 * names (their files: variants; original and renditions), and the beat previews the current content plays (made again
 * when missing: copied when there, never required).
 */
export interface NeededMedia {
  images: Set<string>;
  audio: Set<string>;
  /** The documents' files (`<hash>.pdf`, `<hash>.svg`: docs/decisions/0055). */
  documents: Set<string>;
  previews: Set<string>;
}

export async function neededMedia(db: Database): Promise<NeededMedia> {
  const hashesOf = async (kind: 'media' | 'audio' | 'documents') => {
    const rows = await db.client.execute({
      sql: `SELECT json_extract(data, '$.src') AS src FROM list_items WHERE kind = ?1
            UNION SELECT json_extract(value, '$.src') FROM history WHERE kind = ?1 AND value IS NOT NULL`,
      args: [kind],
    });
    const hashes = new Set<string>();
    for (const row of rows.rows) {
      const hash = mediaHash(String(row.src ?? ''));
      if (hash) hashes.add(hash);
    }
    return hashes;
  };
  return {
    images: await hashesOf('media'),
    audio: await hashesOf('audio'),
    documents: await hashesOf('documents'),
    previews: previewKeysOf(await contentRepo(db).snapshot()),
  };
}

/** The keys of the beat previews a content plays. */
export const previewKeysOf = (content: PublicContent): Set<string> => new Set(beatPreviews(content).map((p) => p.key));

/** Every hash or key of `needed`, for variantsOf and collectGarbage. */
export const allOf = (needed: NeededMedia): Set<string> => new Set([...needed.images, ...needed.audio, ...needed.documents, ...needed.previews]);

/** The hash or key a media file is named by: an image's variant, an audio original, rendition or preview's facts. */
function hashOfFile(name: string): string | undefined {
  return (VARIANT_FILE.exec(name) ?? AUDIO_FILE.exec(name) ?? ORIGINAL_FILE.exec(name) ?? PREVIEW_FACTS_FILE.exec(name) ?? DOCUMENT_FILE.exec(name))?.[1];
}

/** The folder that goes with a backup or an export file. */
export const mediaFolderOf = (file: string) => `${file}.media`;

/** The files in `dir` of the given hashes (an image's variants; an audio original, its renditions, a preview's files). */
export function variantsOf(dir: string, hashes: Set<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => {
    const hash = hashOfFile(name);
    return hash !== undefined && hashes.has(hash);
  });
}

/** Copies `names` from one folder to another (made 0700), each whole or not at all; a file already there is kept. */
export function copyFiles(from: string, to: string, names: string[]): number {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let copied = 0;
  for (const name of names) {
    const target = join(to, name);
    if (existsSync(target)) continue;
    const temp = join(to, `.tmp-${randomUUID()}`);
    try {
      copyFileSync(join(from, name), temp, constants.COPYFILE_EXCL);
      renameSync(temp, target);
      copied++;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return copied;
}

export interface GcSummary {
  removed: number;
  bytes: number;
  kept: number;
}

/**
 * Removes from the media folder every file whose hash nothing names (an image's variants, an audio original and its
 * renditions: no item, no kept version; a beat preview the content no longer plays), the share images but
 * `keepShares`, and temporary files left by a crash. Files younger than `minAgeMs` stay: an
 * upload in progress writes its files a moment before its item.
 */
export function collectGarbage(dir: string, needed: Set<string>, keepShares: Set<string>, minAgeMs = 60 * 60_000): GcSummary {
  const summary: GcSummary = { removed: 0, bytes: 0, kept: 0 };
  if (!existsSync(dir)) return summary;
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    const hash = hashOfFile(name);
    const needless =
      (hash !== undefined && !needed.has(hash)) ||
      (SHARE_FILE.test(name) && !keepShares.has(name)) ||
      (name.startsWith('.tmp-') && now - info.mtimeMs > 10 * 60_000);
    if (needless && (name.startsWith('.tmp-') || now - info.mtimeMs >= minAgeMs)) {
      rmSync(path, { force: true });
      summary.removed++;
      summary.bytes += info.size;
    } else summary.kept++;
  }
  return summary;
}
