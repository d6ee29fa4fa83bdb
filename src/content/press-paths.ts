/**
 * The press kit's addresses (issue 31; docs/decisions/0054-press-kit.md), for the server's routes and sitemap, the
 * build, the page itself and the admin. Plain data and small functions: no words, no rendering.
 */
import type { Language } from './constants';
import { isLocalMedia, variantUrl, variantWidths } from './media';
import type { MediaItem } from './model';

/** The press page in each language: the hreflang pair, the canonical addresses, the sitemap's. */
export const PRESS_PAGE_PATHS: Record<Language, string> = { en: '/en/press/', ro: '/ro/presa/' };
/** The whole kit in one ZIP (both languages' bios, the photos, the logo, the PDFs). */
export const PRESS_KIT_PATH = '/press-kit.zip';
/** The PNG logo, made from the media library's original on Scena's server (transparency kept, metadata removed). */
export const PRESS_LOGO_PNG_PATH = '/press/logo.png';

/** The name a downloaded file gets: the artist's name and what it is, in lower-case ASCII with hyphens ("tudor-vale-press-kit.zip"). */
export function downloadName(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A press photo at the largest size kept: on Scena's server the widest JPEG it made (its long side at least 1,600 px
 * where the upload had it: the widths go to 1,920; no GPS or other metadata, as every variant); elsewhere the https image.
 */
export function pressPhotoDownload(item: MediaItem): { href: string; width: number; height: number; ext: string } {
  if (!isLocalMedia(item.src)) {
    const ext = /\.(jpe?g|png|webp|avif)(?:[?#]|$)/i.exec(item.src)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'jpg';
    return { href: item.src, width: item.width, height: item.height, ext };
  }
  const widths = variantWidths(item.width);
  const width = widths[widths.length - 1]!;
  return { href: variantUrl(item.src, width, 'jpg'), width, height: Math.round((width * item.height) / item.width), ext: 'jpg' };
}
