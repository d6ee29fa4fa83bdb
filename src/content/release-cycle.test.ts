/**
 * The release cycle's shared logic: wall times on the artist's clock (Europe/Bucharest), what is out, scheduled,
 * featured and counted at a moment, addresses, and the players' links.
 */
import { describe, expect, it } from 'vitest';
import { slugify } from './fields/checks';
import { fullItem } from './fields/declare';
import { releases } from './kinds';
import type { PublicContent, Release } from './model';
import { platformOf } from './platforms';
import {
  discography,
  featuredRelease,
  nextChangeAt,
  nextScheduled,
  parseReleasePath,
  releaseCount,
  releasePath,
  spotifyEmbedUrl,
  youtubeId,
} from './release-cycle';
import { localAt, localTimeProblem, zonedInstant } from './zoned-time';
import { EMPTY_CONTENT } from './page-data';

const ZONE = 'Europe/Bucharest';

describe('wall times on the artist’s clock', () => {
  it('are instants in the zone, summer and winter', () => {
    expect(new Date(zonedInstant('2026-12-05T20:00', ZONE)!).toISOString()).toBe('2026-12-05T18:00:00.000Z'); // UTC+2
    expect(new Date(zonedInstant('2026-07-01T00:00', ZONE)!).toISOString()).toBe('2026-06-30T21:00:00.000Z'); // UTC+3
    expect(localAt(Date.parse('2026-06-30T21:00:00Z'), ZONE)).toBe('2026-07-01T00:00');
  });

  it('refuse what does not exist, with a reason: 30 February, hour 24, the hour skipped in spring', () => {
    expect(localTimeProblem('2026-02-30T10:00', ZONE)).toMatch(/exist/);
    expect(localTimeProblem('2026-12-05T24:00', ZONE)).toMatch(/exist/);
    expect(localTimeProblem('2026-03-29T03:30', ZONE)).toBe('must be a time that exists in Europe/Bucharest (the clocks skip that hour)');
    expect(localTimeProblem('5 December', ZONE)).toMatch(/YYYY-MM-DDTHH:mm/);
    expect(localTimeProblem('2028-02-29T00:00', ZONE)).toBeUndefined();
    expect(localTimeProblem('', ZONE)).toBeUndefined();
    // The hour repeated in autumn exists (its first occurrence).
    expect(new Date(zonedInstant('2026-10-25T03:30', ZONE)!).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('addresses', () => {
  it('are made from titles as a Romanian reader expects, and parsed back', () => {
    expect(slugify('Lumini de oraș', 80)).toBe('lumini-de-oras');
    expect(slugify('Țară, ață și înger — Ârgeș!', 80)).toBe('tara-ata-si-inger-arges');
    expect(slugify('🎵', 80)).toBe('');
    expect(slugify('a'.repeat(100), 10)).toBe('a'.repeat(10));
    expect(releasePath('en', 'nocturn')).toBe('/en/music/nocturn/');
    expect(releasePath('ro', 'nocturn')).toBe('/ro/muzica/nocturn/');
    expect(parseReleasePath('/ro/muzica/nocturn/')).toEqual({ lang: 'ro', slug: 'nocturn' });
    expect(parseReleasePath('/ro/music/nocturn/')).toBeUndefined();
    expect(parseReleasePath('/en/music/a/b/')).toBeUndefined();
  });

  it('find the platform of a pasted link by its host only', () => {
    expect(platformOf('https://www.deezer.com/album/1')).toBe('deezer');
    expect(platformOf(' https://tudorvale.bandcamp.com/album/x ')).toBe('bandcamp');
    expect(platformOf('https://music.youtube.com/playlist?list=x')).toBe('youtubeMusic');
    expect(platformOf('https://open.spotify.com.evil.example/album/1')).toBeUndefined();
    expect(platformOf('javascript:alert(1)')).toBeUndefined();
  });
});

describe('what the page shows at a moment', () => {
  const NOW = Date.parse('2026-11-23T12:00:00Z');
  const r = (id: string, date: string, more: Partial<Release> = {}) => fullItem(releases, { id, title: id, slug: id, date, ...more });
  const content = (list: Release[], settings: PublicContent['settings'] = {}): PublicContent => ({ ...EMPTY_CONTENT, releases: list, settings });
  const list = [
    r('old', '2019-05-01T00:00'),
    r('undated', ''),
    r('newest', '2026-11-20T00:00'),
    r('draft', '2026-11-22T00:00', { status: 'draft' }),
    r('later', '2027-01-10T00:00'),
    r('soon', '2026-11-23T14:30'), // 12:30 UTC: half an hour ahead
  ];

  it('lists the releases out, newest first or in the admin’s order; never a draft or a scheduled one', () => {
    expect(discography(content(list), NOW).map((x) => x.id)).toEqual(['newest', 'old', 'undated']);
    expect(discography(content(list, { discographyOrder: 'admin' }), NOW).map((x) => x.id)).toEqual(['old', 'undated', 'newest']);
    expect(releaseCount(content(list), NOW)).toBe(3);
    expect(releaseCount(content(list, { releaseCount: 40 }), NOW)).toBe(40);
  });

  it('announces the soonest scheduled release, and changes at its minute by itself', () => {
    expect(nextScheduled(content(list), NOW)?.id).toBe('soon');
    const at = nextChangeAt(content(list), NOW)!;
    expect(new Date(at).toISOString()).toBe('2026-11-23T12:30:00.000Z');
    expect(discography(content(list), at).map((x) => x.id)).toEqual(['soon', 'newest', 'old', 'undated']);
    expect(nextScheduled(content(list), at)?.id).toBe('later');
  });

  it('features the admin’s choice when it is out, else the newest out', () => {
    expect(featuredRelease(content(list), NOW)?.id).toBe('newest');
    expect(featuredRelease(content(list, { featuredRelease: 'old' }), NOW)?.id).toBe('old');
    expect(featuredRelease(content(list, { featuredRelease: 'draft' }), NOW)?.id).toBe('newest');
    expect(featuredRelease(content(list, { featuredRelease: 'soon' }), NOW)?.id).toBe('newest');
    expect(featuredRelease(content([]), NOW)).toBeUndefined();
  });

  it('reads the players from the links, and nothing else', () => {
    expect(spotifyEmbedUrl('https://open.spotify.com/intl-ro/album/1DFixLWuPkv3KT3TnV35m3?si=x')).toBe(
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3?utm_source=generator&theme=0',
    );
    expect(spotifyEmbedUrl('https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb')).toBeUndefined();
    expect(spotifyEmbedUrl('https://spotify.link/abc')).toBeUndefined();
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/@tudorvale')).toBeUndefined();
    expect(youtubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeUndefined();
  });
});
