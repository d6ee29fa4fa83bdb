/**
 * The link page's weight (issue 31; docs/decisions/0051-link-page.md): its HTML with its own CSS (all of it: the page
 * has no script, no stylesheet to fetch), brotli-compressed at quality 11 as the server sends it, rendered as Scena's
 * server renders it (every button through /links/go/<id>, the own list's form) with the sample catalogue
 * (`npm run admin -- sample`: six links, the lead release with its platforms, the next show) and a portrait and a cover
 * from the media library. Budget: linkPage.maxBrotliKB in budgets.json. Alone: `npx tsx bench/link-page.ts`.
 */
import type { MediaItem, PublicContent } from '../src/content/model';
import { LINK_PAGE_PATHS } from '../src/content/link-page-paths';
import { renderLinkPage } from '../src/site/links/link-page';
import { PRESS_PAGE_PATHS } from '../src/content/press-paths';
import { renderPressPage } from '../src/site/press/press-page';
import { SAMPLE_CONTENT } from '../server/sample';
import { brotliSize } from './lib';

export interface LinkPageSize {
  path: string;
  htmlBytes: number;
  brotliBytes: number;
}

/** A library image of the sample's kind: an upload with its variants, described. */
const upload = (id: string, hex: string, width: number, height: number): MediaItem => ({
  id,
  src: `/media/${hex.repeat(64 / hex.length)}`,
  width,
  height,
  placeholder: '',
  name: `${id}.jpg`,
  alt_en: 'Tudor Vale in his studio, in the blue light of a desk lamp',
  alt_ro: 'Tudor Vale în studioul lui, în lumina albastră a unei lămpi de birou',
});

export function measureLinkPage(now = Date.now()): LinkPageSize[] {
  const portrait = upload('bench-portrait', 'a1', 1600, 2000);
  const cover = upload('bench-cover', 'b2', 1400, 1400);
  const content: PublicContent = {
    ...SAMPLE_CONTENT,
    settings: { ...SAMPLE_CONTENT.settings, portrait: portrait.id },
    releases: SAMPLE_CONTENT.releases.map((r) => ({ ...r, cover: cover.id })),
    media: [portrait, cover],
  };
  return (['en', 'ro'] as const).map((lang) => {
    const html = renderLinkPage(lang, content, { path: LINK_PAGE_PATHS[lang], now, counted: true, fansForm: true });
    return { path: LINK_PAGE_PATHS[lang], htmlBytes: Buffer.byteLength(html), brotliBytes: brotliSize(html) };
  });
}

/**
 * The press page (issue 31; docs/decisions/0054-press-kit.md) as the server renders it with the sample catalogue's press
 * kit (both bios, three quotes, facts from 25 releases, 10 credits and the next shows) and its two photos and logo:
 * HTML with its own CSS, no script. Budget: pressPage.maxBrotliKB.
 */
export function measurePressPage(now = Date.now()): LinkPageSize[] {
  const portrait = upload('bench-portrait', 'a1', 1600, 2000);
  const photos = [upload('bench-press-1', 'c3', 1920, 1280), upload('bench-press-2', 'd4', 1280, 1600)];
  const logo = upload('bench-logo', 'e5', 1200, 360);
  const content: PublicContent = {
    ...SAMPLE_CONTENT,
    settings: { ...SAMPLE_CONTENT.settings, portrait: portrait.id },
    press: { ...SAMPLE_CONTENT.press, logoPng: logo.id },
    pressPhotos: photos.map((p, i) => ({ id: `bench-press-photo-${i + 1}`, image: p.id, credit: ['Ana Pop', 'Mihai Ene'][i]! })),
    media: [portrait, ...photos, logo],
  };
  return (['en', 'ro'] as const).map((lang) => {
    const html = renderPressPage(lang, content, { now });
    return { path: PRESS_PAGE_PATHS[lang], htmlBytes: Buffer.byteLength(html), brotliBytes: brotliSize(html) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const page of [...measureLinkPage(), ...measurePressPage()])
    console.log(`${page.path}: ${page.htmlBytes} bytes HTML + CSS, ${page.brotliBytes} bytes brotli (${(page.brotliBytes / 1024).toFixed(2)} KB)`);
}
