/**
 * The sample catalogue's images (`npm run admin -- sample`): a portrait and one cover per release, drawn
 * here (SVG, rendered by sharp) and put through the same pipeline as an upload, so the public page and its
 * benchmarks see what an artist's real library gives: every variant, a placeholder, alt texts in both languages.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaItem } from '../src/content/model';
import { createHash } from 'node:crypto';
import { variantName, type MediaFiles } from './media/files';
import { checkImage, placeholderOf, processImage } from './media/images';
import { variantWidths } from '../src/content/media';

const hue = (i: number) => (i * 47) % 360;

function coverSvg(i: number, title: string): string {
  const a = hue(i);
  const b = (a + 140) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},70%,45%)"/><stop offset="1" stop-color="hsl(${b},60%,18%)"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  <circle cx="${280 + ((i * 137) % 440)}" cy="${270 + ((i * 89) % 440)}" r="${160 + ((i * 31) % 130)}" fill="hsl(${(a + 60) % 360},80%,70%)" fill-opacity="0.35"/>
  <rect x="86" y="830" width="${Math.min(830, 44 + title.length * 27)}" height="6" fill="#ffffff" fill-opacity="0.8"/>
</svg>`;
}

const PORTRAIT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500">
  <defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#e0b44c"/><stop offset="1" stop-color="#1b1b24"/></radialGradient></defs>
  <rect width="1200" height="1500" fill="url(#g)"/>
  <ellipse cx="600" cy="570" rx="188" ry="225" fill="#2a1f1a"/>
  <path d="M225 1500 C 270 1065, 465 915, 600 915 C 735 915, 930 1065, 975 1500 Z" fill="#2a1f1a"/>
</svg>`;

/** Draws, processes and stores one image; its item keeps `id`, so the sample is the same every time. */
async function make(files: MediaFiles, id: string, svg: string, name: string, alt: { en: string; ro: string }): Promise<MediaItem> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const hash = createHash('sha256').update(jpeg).digest('hex');
  const temp = files.tempPath();
  writeFileSync(temp, jpeg);
  try {
    const checked = await checkImage(temp, 'jpeg');
    const item = { id, src: `/media/${hash}`, width: checked.width, height: checked.height, name, alt_en: alt.en, alt_ro: alt.ro };
    // Drawn before (sample --replace): the same bytes, so the same files; only the placeholder is made again.
    const made = variantWidths(checked.width).every((w) => existsSync(join(files.dir, variantName(hash, w, 'jpg'))));
    if (made) return { ...item, placeholder: await placeholderOf(sharp(temp)) };
    const processed = await processImage(temp, checked);
    for (const v of processed.variants) files.write(variantName(hash, v.width, v.ext), v.data);
    return { ...item, placeholder: processed.placeholder };
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The portrait and a cover for each release title, in the media folder, and their items. */
export async function sampleImages(files: MediaFiles, titles: string[]): Promise<{ portrait: MediaItem; covers: MediaItem[] }> {
  const portrait = await make(files, 'sample-image-portrait', PORTRAIT_SVG, 'portrait.jpg', {
    en: 'Tudor Vale in his studio, lit from above',
    ro: 'Tudor Vale în studioul său, luminat de sus',
  });
  const covers: MediaItem[] = [];
  for (const [i, title] of titles.entries()) {
    covers.push(await make(files, `sample-cover-${i + 1}`, coverSvg(i, title), `cover-${i + 1}.jpg`, { en: `Cover of “${title}”`, ro: `Coperta „${title}”` }));
  }
  return { portrait, covers };
}
