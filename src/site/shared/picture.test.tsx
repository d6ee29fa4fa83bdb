// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem, PublicContent } from '../../content/model';
import { EMPTY_CONTENT } from '../../content/page-data';
import { ContentProvider } from '../../content/use-content';
import { I18nProvider } from '../../i18n/i18n';
import Releases from '../music/releases';
import { Picture, shownImage, useImage } from './picture';
import { defaultAlt } from '../../content/default-alt';
import { siteConfig } from '../../../site.config';
import { fullItem } from '../../content/fields/declare';
import { releases } from '../../content/kinds';

const SHA = 'a'.repeat(64);
const upload: MediaItem = {
  id: 'img-1',
  src: `/media/${SHA}`,
  width: 1500,
  height: 1000,
  placeholder: 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvAAAAAAfQ//73vw==',
  name: 'portrait.jpg',
  alt_en: 'Tudor at the piano',
  alt_ro: '',
};

function Portrait() {
  const shown = useImage('img-1', (lang) => defaultAlt('settings', 'portrait', undefined, lang));
  return shown ? <Picture {...shown} sizes="50vw" /> : <p>none</p>;
}

const page = (lang: 'en' | 'ro', content: PublicContent) => (
  <I18nProvider lang={lang} setLang={() => {}}>
    <ContentProvider initial={content}>
      <Portrait />
    </ContentProvider>
  </I18nProvider>
);

const parse = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('<Picture>', () => {
  it('offers AVIF, WebP and JPEG at every width made, never wider than the original, with sizes, width and height', () => {
    const root = parse(renderToString(<Picture image={upload} alt="Tudor" sizes="(min-width: 52rem) 28rem, 100vw" />));
    const widths = [320, 640, 960, 1280, 1500];
    const sources = [...root.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const [source, ext] of [
      [sources[0]!, 'avif'],
      [sources[1]!, 'webp'],
      [root.querySelector('picture img')!, 'jpg'],
    ] as const) {
      expect(source.getAttribute('srcset')).toBe(widths.map((w) => `/media/${SHA}-${w}.${ext} ${w}w`).join(', '));
      expect(source.getAttribute('sizes')).toBe('(min-width: 52rem) 28rem, 100vw');
    }
    const img = root.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe(`/media/${SHA}-640.jpg`);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['1500', '1000', 'Tudor']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('shows the placeholder under the image with no inline style (the public CSP allows none), hidden from assistive technology', () => {
    const html = renderToString(<Picture image={upload} alt="Tudor" sizes="100vw" />);
    expect(html).not.toMatch(/style=/);
    const placeholder = parse(html).querySelector('.picture__placeholder')!;
    expect(placeholder.getAttribute('src')).toBe(upload.placeholder);
    expect([placeholder.getAttribute('alt'), placeholder.getAttribute('aria-hidden')]).toEqual(['', 'true']);
    expect([placeholder.getAttribute('width'), placeholder.getAttribute('height')]).toEqual(['1500', '1000']);
  });

  it('shows an https address (Firebase) as a plain <img> with its size', () => {
    const root = parse(renderToString(<Picture image={{ ...upload, src: 'https://images.example.com/p.jpg', placeholder: '' }} alt="Tudor" sizes="100vw" />));
    expect(root.querySelector('picture')).toBeNull();
    const img = root.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['https://images.example.com/p.jpg', '1500', '1000']);
  });

  it('shows an image in use with its own alt text, and without one with the described default (decision 0049)', () => {
    expect(shownImage([upload], 'img-1', 'en', 'Cover of Zori de zi')).toEqual({ image: upload, alt: 'Tudor at the piano' });
    expect(shownImage([upload], 'img-1', 'ro', 'Coperta „Zori de zi”')).toEqual({ image: upload, alt: 'Coperta „Zori de zi”' });
    expect(shownImage([{ ...upload, alt_ro: '   ' }], 'img-1', 'ro', 'Portret')).toEqual({ image: { ...upload, alt_ro: '   ' }, alt: 'Portret' });
    expect(shownImage([upload], 'other', 'en', 'x')).toBeUndefined();
    expect(shownImage(undefined, 'img-1', 'en', 'x')).toBeUndefined();
    const content = { ...EMPTY_CONTENT, media: [upload] };
    expect(renderToString(page('en', content))).toContain('alt="Tudor at the piano"');
    expect(renderToString(page('ro', content))).toContain(`alt="Portret: ${siteConfig.artist.name}"`);
  });

  it('hydrates the server-rendered markup without a mismatch', async () => {
    const content = { ...EMPTY_CONTENT, media: [upload] };
    const container = document.createElement('div');
    container.innerHTML = renderToString(page('en', content));
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page('en', content), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('picture img')?.getAttribute('alt')).toBe('Tudor at the piano');
  });
});

describe('release covers', () => {
  const release = (id: string, cover: string) => fullItem(releases, { id, title: `Album ${id}`, meta: '2024', url: '', cover });
  const tiles = (lang: 'en' | 'ro') =>
    parse(
      renderToString(
        <I18nProvider lang={lang} setLang={() => {}}>
          <ContentProvider initial={{ ...EMPTY_CONTENT, releases: [release('a', 'img-1'), release('b', '')], media: [upload] }}>
            <Releases />
          </ContentProvider>
        </I18nProvider>,
      ),
    ).querySelectorAll('.album');

  it('shows a cover in its tile instead of the gradient, described by the release where the language has no alt text', () => {
    const [withCover, without] = tiles('en');
    expect(withCover!.querySelector('.album__cover picture img')?.getAttribute('alt')).toBe('Tudor at the piano');
    expect(without!.querySelector('.album__cover picture')).toBeNull();
    expect(without!.querySelector('span.album__cover[aria-hidden="true"]')).not.toBeNull();
    // No Romanian alt text: the cover all the same, named by the release's title (decision 0049), never the gradient.
    const [romanian] = tiles('ro');
    expect(romanian!.querySelector('.album__cover picture img')?.getAttribute('alt')).toBe('Coperta „Album a”');
    expect(romanian!.querySelector('span.album__cover[aria-hidden="true"]')).toBeNull();
  });
});
