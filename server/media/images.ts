/**
 * From an uploaded file to the variants the public page serves (docs/decisions/0023-images.md), with sharp:
 * the type read from the content (never the name or the part's Content-Type), the size checked from the
 * header before any pixel is decoded, then one decode (orientation applied, sRGB, every metadata dropped)
 * and AVIF, WebP and JPEG at each width of variantWidths(), and a blurred placeholder.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PLACEHOLDER_MAX } from '../../src/content/fields/checks';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantWidths, type VariantExt } from '../../src/content/media';
import { problemText, UNNAMED } from '../../src/content/media-problems';
import type { RefusalCode } from '../errors';

// libvips' own threads: one, so an upload being processed takes one of the machine's cores and the other
// stays for the pages (measured in scripts/bench.mjs). The cache is off: every upload is a new image, and
// a cache would only keep decoded pixels (tens of MB) alive after the work is done.
sharp.concurrency(1);
sharp.cache(false);

/** The most pixels an original may decode to: a 50 MP camera's full frame, and no pixel bomb beyond. */
export const MAX_PIXELS = 50_000_000;
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** Why a file is refused: its refusal in server/errors.ts's table and the words the admin reads. */
export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly code: Extract<RefusalCode, 'empty' | 'corrupt' | 'too-many-pixels' | 'unsupported-type' | 'too-large' | 'list-full'>,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The type from the first bytes (at least 12), or undefined. SVG, GIF, HTML, PDF and anything else has
 * none of these signatures; a polyglot that does is then decoded by sharp, which reads it as that type or fails.
 */
export function sniffType(head: Buffer): ImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a box of type ftyp at byte 4, the major brand after it (avif; avis: an AVIF sequence).
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(head.toString('latin1', 8, 12))) return 'avif';
  return undefined;
}

export interface Checked {
  type: ImageType;
  /** After orientation (a phone photo taken upright is taller than wide). */
  width: number;
  height: number;
}

/**
 * Reads the header only: the type as sharp sees it, and the size, refused over MAX_PIXELS before any decoding. A
 * refusal names the file by `label` (“photo.jpg”, server/media/upload.ts), in its declared words
 * (src/content/media-problems.ts), which the admin reads back in Romanian.
 */
export async function checkImage(file: string, sniffed: ImageType, label = UNNAMED): Promise<Checked> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('corrupt', problemText('imageUnreadable', { name: label }, 'en'));
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : undefined) : meta.format;
  // The content must be what its first bytes say: a JPEG signature in front of another format is refused.
  if (format !== sniffed) throw new ImageError('unsupported-type', problemText('imageNotItsType', { name: label }, 'en'));
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageError('corrupt', problemText('imageNoSize', { name: label }, 'en'));
  if (width * height > MAX_PIXELS) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new ImageError('too-many-pixels', problemText('tooManyPixels', { name: label, width, height, megapixels }, 'en'));
  }
  // WebP stops at 16,383 pixels a side: the widest variant of a very tall image (a long poster) would be taller.
  const widest = Math.min(width, VARIANT_WIDTHS.at(-1)!);
  const tallest = Math.round((height * widest) / width);
  if (tallest > MAX_VARIANT_SIDE) {
    throw new ImageError('too-many-pixels', problemText('imageTooTall', { name: label, width, height, maxHeight: MAX_VARIANT_SIDE, atWidth: widest }, 'en'));
  }
  return { type: format, width, height };
}

export interface Variant {
  width: number;
  ext: VariantExt;
  data: Buffer;
}

export interface Processed extends Checked {
  variants: Variant[];
  /** A data:image/webp;base64 address of a few hundred bytes. */
  placeholder: string;
}

/** The largest side WebP can encode (AVIF and JPEG allow more). */
const MAX_VARIANT_SIDE = 16_383;

const ENCODERS: Record<VariantExt, (image: Sharp) => Sharp> = {
  // effort 2: within a few per cent of the default's size at a third of its time (measured on 24 MP photos).
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent PNG gets a white background rather than black.
  jpg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

/**
 * Every variant of the image, from one decode: orientation applied (rotate), converted to sRGB (a CMYK
 * JPEG included), shrunk once to the largest width made, and each variant made from those pixels.
 * sharp writes no metadata unless asked (no EXIF, so no GPS position; no ICC profile: the pixels are sRGB).
 * `failOn: 'truncated'`: a file cut short is refused, not shown with a grey half.
 */
export async function processImage(file: string, checked: Checked, label = UNNAMED): Promise<Processed> {
  const widths = variantWidths(checked.width);
  const largest = widths[widths.length - 1]!;
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageError('corrupt', problemText('imageCutShort', { name: label, reason: firstLine(error) }, 'en'));
  }
  const { data, info } = pixels;
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const variants: Variant[] = [];
  try {
    for (const width of widths) {
      for (const { ext } of VARIANT_FORMATS) {
        const image = width === info.width ? raw() : raw().resize({ width });
        variants.push({ width, ext, data: await ENCODERS[ext](image).toBuffer() });
      }
    }
    return { ...checked, variants, placeholder: await placeholderOf(raw()) };
  } catch (error) {
    // An encoder's own limit or failure is the file's problem to name, never a 500.
    throw new ImageError('corrupt', problemText('imageNotConverted', { name: label, reason: firstLine(error) }, 'en'));
  }
}

/** An error's first line, as a refusal quotes it. */
const firstLine = (error: unknown) => (error as Error).message.split('\n')[0] ?? '';

/** A 24-pixel-wide blurred WebP as a data: address (a few hundred bytes), or '' if it would not fit the model's limit. */
export async function placeholderOf(image: Sharp): Promise<string> {
  const preview = await image.resize({ width: 24 }).blur(1.2).webp({ quality: 40, alphaQuality: 40 }).toBuffer();
  const placeholder = `data:image/webp;base64,${preview.toString('base64')}`;
  return placeholder.length <= PLACEHOLDER_MAX ? placeholder : '';
}
