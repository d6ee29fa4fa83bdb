/**
 * The media folder (docs/decisions/0023-images.md, 0027-audio-with-ffmpeg.md): every file Scena's server made from an
 * upload, named by the SHA-256 of the original (`<hash>-<width>.<ext>` for an image; `<key>.webm` and `<key>.m4a` for
 * audio, whose key is the original's hash or a beat preview's own), the share images (`share-<hash>-<lang>.jpg`), and
 * the audio originals (`<hash>.original`), which are kept for Retry and new previews and never served, and the
 * documents (`<hash>.pdf`, `<hash>.svg`: docs/decisions/0055), as they came.
 * Files are written whole or not at all (a temporary name, then rename), so a reader never gets half a
 * file and a crash leaves at most a temporary file, which the next start and media-gc remove.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANT_FORMATS, type VariantExt } from '../../src/content/media';

/** A variant: the original's hash, a width (never above 1920, never upscaled) and a format. */
export const VARIANT_FILE = /^([0-9a-f]{64})-([1-9][0-9]{0,3})\.(avif|webp|jpg)$/;
/** A generated share image: a hash of what it shows, and the page's language. */
export const SHARE_FILE = /^share-[0-9a-f]{64}-(en|ro)\.jpg$/;
/** An audio rendition: Opus in WebM, AAC in MP4, by the key of what it plays (an original's hash, or a preview's key). */
export const AUDIO_FILE = /^([0-9a-f]{64})\.(webm|m4a)$/;
/** A document of the library (docs/decisions/0055): a PDF or an SVG as it came, served as a download. */
export const DOCUMENT_FILE = /^([0-9a-f]{64})\.(pdf|svg)$/;
/** An uploaded audio file as it came: never served (servable() does not match it). */
export const ORIGINAL_FILE = /^([0-9a-f]{64})\.original$/;
/** What an upload is written to while it arrives, and a file being written (both removed if left behind). */
const TEMP_PREFIX = '.tmp-';

export const CONTENT_TYPES: Record<string, string> = {
  ...Object.fromEntries(VARIANT_FORMATS.map((f) => [f.ext, f.type])),
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

export interface MediaFiles {
  dir: string;
  /** A new temporary path in the media folder (same file system: the rename is atomic). */
  tempPath(): string;
  /** Writes `name` atomically. */
  write(name: string, data: Buffer): void;
  /** The path of a file that may be served, or undefined for any other name (no path is ever built from a request otherwise). */
  servable(name: string): string | undefined;
  names(): string[];
  remove(name: string): void;
  /**
   * Removes the temporary files a crash left behind, once older than `minAgeMs`: an upload still arriving
   * (in this process or another on the same folder) is younger than the request time limit.
   */
  removeTemporary(minAgeMs?: number): number;
}

export const variantName = (hash: string, width: number, ext: VariantExt) => `${hash}-${width}.${ext}`;
export const originalName = (hash: string) => `${hash}.original`;

export function mediaFiles(dir: string): MediaFiles {
  // 0700: the files are public once referenced, but an unused upload is the admin's alone.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const names = () => readdirSync(dir);
  return {
    dir,
    tempPath: () => join(dir, `${TEMP_PREFIX}${randomUUID()}`),
    write(name, data) {
      const temp = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        writeFileSync(temp, data, { flag: 'wx', mode: 0o644 });
        renameSync(temp, join(dir, name));
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
    },
    servable: (name) => (VARIANT_FILE.test(name) || SHARE_FILE.test(name) || AUDIO_FILE.test(name) || DOCUMENT_FILE.test(name) ? join(dir, name) : undefined),
    names,
    remove: (name) => rmSync(join(dir, name), { force: true }),
    removeTemporary(minAgeMs = 10 * 60_000) {
      const now = Date.now();
      const age = (name: string) => now - (statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? now);
      const temporary = names().filter((n) => n.startsWith(TEMP_PREFIX) && age(n) >= minAgeMs);
      for (const name of temporary) rmSync(join(dir, name), { force: true });
      return temporary.length;
    },
  };
}
