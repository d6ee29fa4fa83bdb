/**
 * Which media files the content needs, and copying them beside a backup or an export (docs/decisions/0023):
 * a file is needed while any media item, or any kept version of one (history), names its hash, so an undo
 * or a restore of a removed image finds its files. Plain folders, no archive format: `<backup>.media/`
 * beside the backup file, `<export>.media/` beside the JSON.
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { mediaHash } from '../../src/content/media';
import type { Database } from '../db/client';
import { SHARE_FILE, VARIANT_FILE } from './files';

/** The hashes named by every media item and every kept version of one, in a database. */
export async function neededHashes(db: Database): Promise<Set<string>> {
  const rows = await db.client.execute(
    `SELECT json_extract(data, '$.src') AS src FROM list_items WHERE kind = 'media'
     UNION SELECT json_extract(value, '$.src') FROM history WHERE kind = 'media' AND value IS NOT NULL`,
  );
  const hashes = new Set<string>();
  for (const row of rows.rows) {
    const hash = mediaHash(String(row.src ?? ''));
    if (hash) hashes.add(hash);
  }
  return hashes;
}

/** The folder that goes with a backup or an export file. */
export const mediaFolderOf = (file: string) => `${file}.media`;

/** The variants in `dir` of the given hashes. */
export function variantsOf(dir: string, hashes: Set<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => {
    const match = VARIANT_FILE.exec(name);
    return match !== null && hashes.has(match[1]!);
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
 * Removes from the media folder every variant whose hash nothing names (no item, no kept version), the share
 * images but `keepShares`, and temporary files left by a crash. Files younger than `minAgeMs` stay: an
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
    const variant = VARIANT_FILE.exec(name);
    const needless =
      (variant !== null && !needed.has(variant[1]!)) ||
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
