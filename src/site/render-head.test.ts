/** A release page's head: what search engines and link previews read of it. */
import { describe, expect, it } from 'vitest';
import { fullItem } from '../content/fields/declare';
import { releases } from '../content/kinds';
import type { MediaItem, PublicContent } from '../content/model';
import { renderHead } from './render-head';
import { EMPTY_CONTENT } from '../content/page-data';

const HASH = 'ab'.repeat(32);
const cover: MediaItem = { id: 'img-1', src: `/media/${HASH}`, width: 3000, height: 3000, placeholder: '', name: 'c', alt_en: 'The cover', alt_ro: 'Coperta' };
const content: PublicContent = {
  ...EMPTY_CONTENT,
  releases: [
    fullItem(releases, { id: 'r1', title: 'Lumini de oraș', slug: 'lumini-de-oras', kind: 'album', date: '2024-11-08T00:00', tracks: 9, cover: 'img-1' }),
    fullItem(releases, { id: 'r2', title: 'Secret', slug: 'secret', status: 'draft', links: { deezer: 'https://www.deezer.com/album/1' } }),
  ],
  collaborators: [],
  media: [cover],
};
const tags = (head: string) => ({
  title: /<title>(.*?)<\/title>/.exec(head)?.[1],
  canonical: /<link rel="canonical" href="(.*?)">/.exec(head)?.[1],
  hreflang: [...head.matchAll(/hreflang="(\w+)" href="(.*?)"/g)].map((m) => `${m[1]} ${m[2]}`),
  image: /<meta property="og:image" content="(.*?)">/.exec(head)?.[1],
  robots: /<meta name="robots" content="(.*?)">/.exec(head)?.[1],
  jsonLd: JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!),
});

describe('a release page’s head', () => {
  it('names the release, its two addresses, its cover (a JPEG at least 1200 px wide) and what it is, for search engines', () => {
    const head = tags(renderHead('ro', '/ro/muzica/lumini-de-oras/', content, undefined, { page: 'release', slug: 'lumini-de-oras' }));
    expect(head.title).toBe('Lumini de oraș · Album · Tudor Vale');
    expect(head.canonical).toBe('https://tudorvale.ro/ro/muzica/lumini-de-oras/');
    expect(head.hreflang).toEqual(['en https://tudorvale.ro/en/music/lumini-de-oras/', 'ro https://tudorvale.ro/ro/muzica/lumini-de-oras/']);
    expect(head.image).toBe(`https://tudorvale.ro/media/${HASH}-1280.jpg`);
    expect(head.robots).toBeUndefined();
    expect(head.jsonLd).toMatchObject({
      '@type': 'MusicAlbum',
      name: 'Lumini de oraș',
      numTracks: 9,
      datePublished: '2024-11-08',
      byArtist: { '@type': 'MusicGroup', name: 'Tudor Vale', sameAs: expect.arrayContaining(['https://www.instagram.com/tudorvale']) },
    });
  });

  it('keeps a draft’s preview out of search engines: noindex, no canonical, no alternates', () => {
    const head = tags(renderHead('en', '/en/music/secret/', content, undefined, { page: 'release', slug: 'secret', preview: true }));
    expect(head.robots).toBe('noindex, nofollow');
    expect(head.canonical).toBeUndefined();
    expect(head.hreflang).toEqual([]);
    expect(head.jsonLd).toMatchObject({ '@type': 'MusicRecording', sameAs: ['https://www.deezer.com/album/1'] });
    // Not previewed, a draft has no head of its own: the not-found page's.
    expect(
      tags(
        renderHead('en', '/en/music/secret/', content, undefined, { page: 'release', slug: 'secret' }).concat('<script type="application/ld+json">{}</script>'),
      ).robots,
    ).toBe('noindex');
  });
});
