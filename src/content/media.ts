/**
 * How an image in the media library becomes files and addresses (docs/decisions/0023-images.md): the widths
 * and formats Scena's server makes from an upload, and their addresses. Plain functions, safe for the public
 * page (it builds its <picture> from them) and shared with the server's image pipeline, so the two agree.
 */
import { LOCAL_MEDIA } from './fields/checks';

/** The widths every upload is made in (CSS pixels × density on a phone up to a wide desktop). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const VARIANT_MAX = 1920;
/** The formats, best first: a browser takes the first it knows from <picture>. */
export const VARIANT_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type VariantExt = (typeof VARIANT_FORMATS)[number]['ext'];

/** An upload on Scena's server (`/media/<sha256>`), as opposed to an https:// address given on Firebase. */
export const isLocalMedia = (src: string): boolean => LOCAL_MEDIA.test(src);
/** The SHA-256 an upload's files are named by (`/media/<hash>` → `<hash>`), or undefined for an https address. */
export const mediaHash = (src: string): string | undefined => LOCAL_MEDIA.exec(src)?.[1];

/** The widths made of an image `width` pixels wide: the steps below it and its own width up to 1920, never upscaled. */
export function variantWidths(width: number): number[] {
  const own = Math.min(width, VARIANT_MAX);
  return [...new Set([...VARIANT_WIDTHS.filter((w) => w < own), own])];
}

/** The address of one variant of an upload: `/media/<sha256>-640.avif`. */
export const variantUrl = (src: string, width: number, ext: VariantExt): string => `${src}-${width}.${ext}`;
