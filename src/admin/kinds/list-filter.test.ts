/** Finding an item in a long list (issue 29): words without case or diacritics, every word typed, and a state. */
import { describe, expect, it } from 'vitest';
import { matches, NO_FILTER, type FindSpec } from './list-filter';
import { KIND_OPTIONS } from './options';

const shows = KIND_OPTIONS.shows!.find!;
const releases = KIND_OPTIONS.releases!.find!;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const show = (city: string, start: string) => ({ id: city, venue: 'Control Club', city, country: 'RO', start, timeZone: '', status: 'published' });

describe('the list filter', () => {
  it('finds by every word typed, in any case and without diacritics; nothing typed finds all', () => {
    const bucharest = show('București', '2026-12-13T23:00');
    expect(matches(shows, bucharest, NO_FILTER, NOW)).toBe(true);
    expect(matches(shows, bucharest, { query: 'bucuresti', state: '' }, NOW)).toBe(true);
    expect(matches(shows, bucharest, { query: 'CONTROL  bucurești', state: '' }, NOW)).toBe(true);
    expect(matches(shows, bucharest, { query: 'control cluj', state: '' }, NOW)).toBe(false);
    expect(matches(shows, bucharest, { query: '2026', state: '' }, NOW)).toBe(true);
    expect(matches(shows, bucharest, { query: '2025', state: '' }, NOW)).toBe(false);
  });

  it('a show is upcoming until it ends on its own clock, then past', () => {
    const tonight = show('Cluj-Napoca', '2026-11-27T13:00');
    expect(matches(shows, tonight, { query: '', state: 'upcoming' }, NOW)).toBe(true);
    expect(matches(shows, tonight, { query: '', state: 'past' }, NOW)).toBe(false);
    const lastYear = show('Iași', '2025-05-01T20:00');
    expect(matches(shows, lastYear, { query: '', state: 'past' }, NOW)).toBe(true);
    expect(matches(shows, lastYear, { query: 'iasi', state: 'upcoming' }, NOW)).toBe(false);
  });

  it('a release by its title in either language, its year and its state: draft, scheduled (dated ahead) or published', () => {
    const spec: FindSpec = releases;
    const draft = { id: 'a', title: 'Ora albastră', status: 'draft', date: '2024-03-01T00:00' };
    const ahead = { id: 'b', title_en: 'Dawn', title_ro: 'Zori de zi', status: 'published', date: '2026-12-04T00:00' };
    const out = { id: 'c', title: 'Nocturn', status: 'published', date: '2023-09-02T00:00' };
    expect(matches(spec, ahead, { query: 'zori', state: '' }, NOW)).toBe(true);
    expect(matches(spec, ahead, { query: 'dawn', state: 'scheduled' }, NOW)).toBe(true);
    expect([draft, ahead, out].filter((item) => matches(spec, item, { query: '', state: 'draft' }, NOW)).map((i) => i.id)).toEqual(['a']);
    expect([draft, ahead, out].filter((item) => matches(spec, item, { query: '', state: 'published' }, NOW)).map((i) => i.id)).toEqual(['c']);
    expect([draft, ahead, out].filter((item) => matches(spec, item, { query: '2024', state: '' }, NOW)).map((i) => i.id)).toEqual(['a']);
  });
});
