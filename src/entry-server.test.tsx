import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import type { MediaItem, PublicContent } from './content/model';
import { EMPTY_CONTENT } from './content/page-data';
import { fullItem } from './content/fields/declare';
import { releases, shows } from './content/kinds';
import { HOME_RELEASES } from './site/music/releases';

/** An upload as the server makes it: a 64-hex name and a placeholder of a few hundred bytes. */
const image = (n: number): MediaItem => ({
  id: `img-${n}`,
  src: `/media/${n.toString(16).padStart(64, '0')}`,
  width: 1920,
  height: 1920,
  placeholder: `data:image/webp;base64,${'A'.repeat(400)}`,
  name: `cover-${n}.jpg`,
  alt_en: `Cover of album ${n}`,
  alt_ro: `Coperta albumului ${n}`,
});

describe('the public page rendered with many images', () => {
  it('is whole HTML with no inline script: no part waits for a script the CSP would block', async () => {
    const media = Array.from({ length: 25 }, (_, n) => image(n));
    const content: PublicContent = {
      ...EMPTY_CONTENT,
      settings: { portrait: 'img-24' } as PublicContent['settings'],
      releases: Array.from({ length: 24 }, (_, n) =>
        fullItem(releases, { id: `r${n}`, title: `Album ${n}`, meta: '2024 · 9 songs', url: '', cover: `img-${n}` }),
      ),
      media,
    };
    const html = await renderPage('en', content);
    // The portrait, the latest release's cover, and the discography's first tiles (its grid ends with "Coming soon").
    expect(html.match(/<picture>/g)).toHaveLength(1 + 1 + HOME_RELEASES - 1);
    // React moves a large finished part out of place and reveals it with an inline <script>: the public CSP
    // (no 'unsafe-inline') would block it and the part would stay hidden until hydration.
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/<div hidden id="S:/);
  });
});

describe('a page whose main image is its largest paint', () => {
  const poster = image(1);
  const content: PublicContent = {
    ...EMPTY_CONTENT,
    releases: [fullItem(releases, { id: 'r1', slug: 'album-1', title: 'Album 1', meta: '2024', url: '', cover: 'img-1', status: 'published' })],
    shows: [
      fullItem(shows, {
        id: 's1',
        slug: 'form-space',
        status: 'published',
        venue: 'Form Space',
        city: 'Cluj-Napoca',
        country: 'RO',
        start: '2031-05-01T21:00',
        poster: 'img-1',
      }),
    ],
    media: [poster],
  };
  // Lighthouse's lcp-lazy-loaded (a show page on a phone: the poster reaches into the first screen under the date).
  it.each([
    ['a release page, its cover', { page: 'release', slug: 'album-1' } as const],
    ['a show page, its poster', { page: 'shows', slug: 'form-space' } as const],
  ])('%s: fetched at once and first, not lazily', async (_, route) => {
    const html = await renderPage('en', content, route, Date.parse('2030-01-01T00:00:00Z'));
    const img = html.match(/<img class="picture__img"[^>]*>/g);
    expect(img).toHaveLength(1);
    expect(img![0]).toMatch(/loading="eager"/);
    expect(img![0]).toMatch(/fetchPriority="high"|fetchpriority="high"/);
  });
});
