import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import type { MediaItem, PublicContent } from './content/model';
import { EMPTY_CONTENT } from './content/page-data';
import { fullItem } from './content/fields/declare';
import { releases } from './content/kinds';
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
