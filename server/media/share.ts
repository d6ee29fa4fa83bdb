/**
 * The Open Graph and Twitter image of a language's page (docs/decisions/0023-images.md): 1200 × 630, the
 * image chosen for sharing (else the portrait) on the left, the artist's name on the right, made with sharp
 * from the image's largest JPEG variant and an SVG of the name. Its name is a hash of what it shows, so it
 * changes with the content and is served immutable like every media file; once made it is reused.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { siteConfig } from '../../site.config';
import { altOf, defaultAlt } from '../../src/content/default-alt';
import { isLocalMedia, mediaHash, variantWidths } from '../../src/content/media';
import type { Language, MediaItem, PublicContent } from '../../src/content/model';
import { variantName, type MediaFiles } from './files';
import type { WorkQueue } from './queue';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
/** Bumped when the design changes, so every share image is made again under a new name. */
const DESIGN = 1;
const BACKGROUND = '#111114';

export interface ShareImage {
  /** The address, e.g. /media/share-<hash>-en.jpg. */
  src: string;
  /** The chosen image's alt text in the page's language. */
  alt: string;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The name, white on the dark half, in DejaVu Sans (fontconfig finds it on Debian; another sans-serif
 * elsewhere), as large as fits on up to two lines.
 */
function nameSvg(name: string): Buffer {
  const words = name.split(/\s+/).filter(Boolean);
  const half = Math.ceil(words.length / 2);
  const lines = name.length > 14 && words.length > 1 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [name];
  const longest = Math.max(...lines.map((l) => l.length));
  // Bold DejaVu Sans averages about 0.72 em a character: the longest line fits the 450 px beside the photo.
  const size = Math.max(32, Math.min(88, Math.floor(450 / (longest * 0.72))));
  const x = SHARE_HEIGHT + 56;
  const top = SHARE_HEIGHT / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(top + i * size * 1.15)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const rule = `<rect x="${x}" y="${Math.round(top + (lines.length - 1) * size * 1.15 + size * 0.6)}" width="96" height="6" fill="#e0b44c"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">${text}${rule}</svg>`);
}

/** The image shown when sharing: settings.shareImage, else the portrait, if it is an upload (described or not: decision 0049). */
export function shareSource(content: PublicContent, _lang?: Language): MediaItem | undefined {
  const ids = [content.settings?.shareImage, content.settings?.portrait].filter((id): id is string => Boolean(id));
  const byId = new Map((content.media ?? []).map((m) => [m.id, m]));
  const item = ids.map((id) => byId.get(id)).find(Boolean);
  return item && isLocalMedia(item.src) ? item : undefined;
}

/** The share image's file name for `item` in `lang`: a hash of everything it shows. */
export function shareFileName(item: MediaItem, lang: Language, artist = siteConfig.artist.name): string {
  const hash = mediaHash(item.src)!;
  return `share-${createHash('sha256')
    .update(JSON.stringify([DESIGN, hash, artist, lang]))
    .digest('hex')}-${lang}.jpg`;
}

export interface ShareImages {
  /** The share image for the page, made now if needed; undefined when no image is set (the fixed /og-image.png then). */
  forPage(content: PublicContent, lang: Language): Promise<ShareImage | undefined>;
}

export function shareImages(files: MediaFiles, queue: WorkQueue, artist = siteConfig.artist.name): ShareImages {
  return {
    async forPage(content, lang) {
      const item = shareSource(content, lang);
      if (!item) return undefined;
      const hash = mediaHash(item.src)!;
      const source = join(files.dir, variantName(hash, variantWidths(item.width).at(-1)!, 'jpg'));
      if (!existsSync(source)) return undefined;
      const name = shareFileName(item, lang, artist);
      const alt = altOf(item, lang, defaultAlt('settings', 'portrait', content.settings, lang));
      if (existsSync(join(files.dir, name))) return { src: `/media/${name}`, alt };
      const made = await queue.run(async () => {
        const photo = await sharp(source).resize({ width: SHARE_HEIGHT, height: SHARE_HEIGHT, fit: 'cover', position: 'attention' }).toBuffer();
        return sharp({ create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: BACKGROUND } })
          .composite([
            { input: photo, left: 0, top: 0 },
            { input: nameSvg(artist), left: 0, top: 0 },
          ])
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer();
      });
      files.write(name, made);
      return { src: `/media/${name}`, alt };
    },
  };
}
