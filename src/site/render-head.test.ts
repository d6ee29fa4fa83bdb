/** A release page's head: what search engines and link previews read of it. */
import { describe, expect, it } from 'vitest';
import { fullItem } from '../content/fields/declare';
import { credits, releases, services } from '../content/kinds';
import { SEED_SERVICES } from '../content/seed';
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

describe('the home page’s JSON-LD', () => {
  /** Every JSON-LD block of a head, parsed as a search engine reads it. */
  const graphs = (head: string) =>
    [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const nodes = (head: string) => graphs(head).flatMap((g) => (Array.isArray(g['@graph']) ? (g['@graph'] as Record<string, unknown>[]) : [g]));
  const withWork: PublicContent = {
    ...EMPTY_CONTENT,
    services: [
      fullItem(services, {
        id: 's1',
        title_en: 'Mixing',
        title_ro: 'Mixaj',
        description_en: 'Clear vocals.',
        description_ro: 'Voce clară.',
        priceFrom: 200,
        currency: 'EUR',
      }),
      fullItem(services, { id: 's2', title_en: 'Collabs', title_ro: 'Colaborări', description_en: 'Features.', description_ro: '' }),
    ],
    credits: [
      fullItem(credits, { id: 'c1', artist: 'Ana Stan', title: 'Ora zero', year: 2021, link: 'https://open.spotify.com/track/1' }),
      fullItem(credits, { id: 'c2', artist: 'Dava', title: 'Mansarda', year: 2025 }),
    ],
  };

  it('has a Service per service, provided by the artist (the Person of the page, by its @id), priced when a price is given', () => {
    const all = nodes(renderHead('ro', '/ro/', withWork));
    const person = all.find((n) => n['@type'] === 'Person')!;
    expect(person['@id']).toBe('https://tudorvale.ro/#artist');
    const offered = all.filter((n) => n['@type'] === 'Service');
    expect(offered).toEqual([
      {
        '@type': 'Service',
        name: 'Mixaj',
        description: 'Voce clară.',
        provider: { '@type': 'Person', '@id': 'https://tudorvale.ro/#artist', name: 'Tudor Vale' },
        url: 'https://tudorvale.ro/ro/#services',
        offers: { '@type': 'Offer', priceSpecification: { '@type': 'PriceSpecification', price: 200, priceCurrency: 'EUR' } },
      },
      {
        '@type': 'Service',
        name: 'Colaborări',
        // No Romanian description: the English one rather than none.
        description: 'Features.',
        provider: { '@type': 'Person', '@id': 'https://tudorvale.ro/#artist', name: 'Tudor Vale' },
        url: 'https://tudorvale.ro/ro/#services',
      },
    ]);
    expect(graphs(renderHead('en', '/en/', withWork))[1]!['@context']).toBe('https://schema.org');
  });

  it('has a MusicRecording per credit, newest first: its name, the other artist, the year and its link', () => {
    const recordings = nodes(renderHead('en', '/en/', withWork)).filter((n) => n['@type'] === 'MusicRecording');
    expect(recordings).toEqual([
      { '@type': 'MusicRecording', name: 'Mansarda', byArtist: { '@type': 'MusicGroup', name: 'Dava' }, datePublished: '2025' },
      {
        '@type': 'MusicRecording',
        name: 'Ora zero',
        byArtist: { '@type': 'MusicGroup', name: 'Ana Stan' },
        datePublished: '2021',
        url: 'https://open.spotify.com/track/1',
      },
    ]);
  });

  it('names the spec’s four services, unpriced, while the list is empty', () => {
    const offered = nodes(renderHead('en', '/', EMPTY_CONTENT)).filter((n) => n['@type'] === 'Service');
    expect(offered.map((n) => n.name)).toEqual(SEED_SERVICES.map((s) => s.title_en));
    expect(offered.some((n) => 'offers' in n)).toBe(false);
    expect(nodes(renderHead('en', '/', EMPTY_CONTENT)).filter((n) => n['@type'] === 'MusicRecording')).toEqual([]);
  });
});
