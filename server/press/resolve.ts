/** Where Scena's server finds the press kit's files (server/press/kit.ts): its media folder. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { mediaHash, variantWidths } from '../../src/content/media';
import type { DocumentItem, MediaItem } from '../../src/content/model';
import { pressPhotoDownload } from '../../src/content/press-paths';
import { documentName } from '../media/documents';
import { variantName, type MediaFiles } from '../media/files';
import type { KitResolver } from './kit';

/** A document's file in the media folder (the documents library keeps `<hash>.<pdf|svg>`). */
function documentPath(files: MediaFiles, item: DocumentItem): string | undefined {
  const hash = mediaHash(item.src);
  return hash ? join(files.dir, documentName(hash, item.format)) : undefined;
}

/**
 * The last PNG made, by the WebP it was made from: the logo's route and the ZIP's writer both ask for it, and a
 * variant's file never changes (its name is its content's hash), so the conversion runs once per logo.
 */
let lastPng: { path: string; png: Promise<Buffer> } | undefined;

/** The PNG logo's bytes: the largest WebP variant (which keeps transparency, unlike the JPEGs) as a PNG. */
export async function logoPng(files: MediaFiles, item: MediaItem): Promise<Buffer | undefined> {
  const hash = mediaHash(item.src);
  if (!hash) return undefined;
  const widths = variantWidths(item.width);
  const path = files.servable(variantName(hash, widths[widths.length - 1]!, 'webp'));
  if (!path) return undefined;
  if (lastPng?.path !== path) {
    const made = { path, png: sharp(path).png({ compressionLevel: 9 }).toBuffer() };
    lastPng = made;
    // A failed conversion (the file went missing) is tried again next time.
    made.png.catch(() => lastPng === made && (lastPng = undefined));
  }
  return lastPng.png;
}

/** Where the server's files of the kit come from: the media folder. */
export function mediaResolver(files: MediaFiles): KitResolver {
  return async (source) => {
    if (source.kind === 'photo') {
      const hash = mediaHash(source.item.src);
      const { width } = pressPhotoDownload(source.item);
      const path = hash ? files.servable(variantName(hash, width, 'jpg')) : undefined;
      return path ? readFile(path) : undefined;
    }
    if (source.kind === 'logoPng') return logoPng(files, source.item);
    const path = documentPath(files, source.item);
    return path ? readFile(path) : undefined;
  };
}

/** How long the build waits for each file of the press kit (an https address the content gives). */
const FETCH_TIMEOUT_MS = 15_000;
/** The most a fetched file may be: the documents' and images' own limits. */
const FETCH_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Where a static build finds the press kit's files (scripts/prerender.ts): the https addresses the content gives,
 * fetched once each within FETCH_TIMEOUT_MS, and refused over 25 MB or when not https. A PNG logo given as another
 * format is made a PNG.
 */
export function fetchResolver(fetcher: typeof fetch = fetch): KitResolver {
  const get = async (src: string): Promise<Buffer | undefined> => {
    if (!src.startsWith('https://')) return undefined;
    const response = await fetcher(src, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!response.ok || Number(response.headers.get('content-length') ?? 0) > FETCH_MAX_BYTES) return undefined;
    const bytes = Buffer.from(await response.arrayBuffer());
    return bytes.length <= FETCH_MAX_BYTES ? bytes : undefined;
  };
  return async (source) => {
    const bytes = await get(source.item.src);
    if (!bytes || source.kind !== 'logoPng') return bytes;
    return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ? bytes : sharp(bytes).png().toBuffer();
  };
}
