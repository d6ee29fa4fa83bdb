import { describe, expect, it } from 'vitest';
import { fullItem } from '../../content/fields/declare';
import { releases } from '../../content/kinds';
import type { Release } from '../../content/model';
import { releaseLine, songCount } from './release-words';

const release = (fields: Partial<Release>): Release => ({ ...fullItem(releases, { id: 'r', title: 'T' }), ...fields }) as Release;

describe('song counts in each language’s plural forms', () => {
  it('English: one song, any other number of songs', () => {
    expect([1, 2, 9, 21].map((n) => songCount(n, 'en'))).toEqual(['1 song', '2 songs', '9 songs', '21 songs']);
  });
  it('Romanian: o piesă, 2–19 piese, 20 and more “de piese”', () => {
    expect([1, 2, 9, 19, 20, 21, 101, 112].map((n) => songCount(n, 'ro'))).toEqual([
      '1 piesă',
      '2 piese',
      '9 piese',
      '19 piese',
      '20 de piese',
      '21 de piese',
      '101 piese',
      '112 piese',
    ]);
  });
});

describe('the line under a release’s title', () => {
  it('a dated release: kind, year and songs in the visitor’s language, whatever its free text says', () => {
    const r = release({ kind: 'ep', date: '2023-05-05T00:00', tracks: 4, meta: 'EP · 2023 · 4 songs' });
    expect(releaseLine(r, 'en')).toBe('EP · 2023 · 4 songs');
    expect(releaseLine(r, 'ro')).toBe('EP · 2023 · 4 piese');
    expect(releaseLine(release({ kind: 'single', date: '2024-01-01T00:00', tracks: 1 }), 'ro')).toBe('Single · 2024 · 1 piesă');
  });
  it('a release without a date (written before releases had one) keeps the admin’s own text', () => {
    expect(releaseLine(release({ date: '', meta: 'Album · 2023 · 9 songs' }), 'ro')).toBe('Album · 2023 · 9 songs');
    expect(releaseLine(release({ date: '', meta: '', kind: 'album' }), 'en')).toBe('Album');
  });
});
