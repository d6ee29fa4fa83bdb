import { describe, expect, it } from 'vitest';
import { SHOW_DEFAULT_HOURS } from './kinds/shows';
import { makeShow } from './show-fixtures';
import { nextShowChangeAt, parseShowPath, SHOW_HOURS, showEnd, showStart, wallInstant } from './shows';
import { countryName, dateOnClock, isoOnClock, pastShows, showBySlug, upcomingShows, utcOffset } from './show-view';

const utc = (iso: string) => Date.parse(iso);

describe('a show on its venue’s clock', () => {
  it('a Lisbon show starts at 21:00 Lisbon time (20:00 UTC in summer), whatever the artist’s zone', () => {
    const lisbon = makeShow({ id: 'l', start: '2026-07-04T21:00', timeZone: 'Europe/Lisbon', city: 'Lisboa', country: 'PT' });
    expect(showStart(lisbon)).toBe(utc('2026-07-04T20:00:00Z'));
    expect(isoOnClock(showStart(lisbon)!, 'Europe/Lisbon')).toBe('2026-07-04T21:00:00+01:00');
    // Shown at the venue's time in both languages, not the artist's (Bucharest: 23:00) nor the visitor's.
    expect(dateOnClock(showStart(lisbon)!, 'Europe/Lisbon', 'en')).toEqual({ date: 'Sat, 4 Jul 2026', time: '21:00' });
    expect(dateOnClock(showStart(lisbon)!, 'Europe/Lisbon', 'ro').time).toBe('21:00');
    expect(dateOnClock(showStart(lisbon)!, 'Europe/Lisbon', 'ro', true).date).toBe('sâmbătă, 4 iulie 2026');
  });

  it('a show without a zone is on the artist’s clock (Bucharest, +02:00 in winter)', () => {
    const show = makeShow({ id: 'b', start: '2026-12-31T22:00' });
    expect(showStart(show)).toBe(utc('2026-12-31T20:00:00Z'));
    expect(utcOffset(showStart(show)!, 'Europe/Bucharest')).toBe('+02:00');
    expect(utcOffset(utc('2026-01-10T12:00:00Z'), 'UTC')).toBe('+00:00');
  });

  it('the hour repeated in autumn is its first time unless its offset says the second', () => {
    expect(wallInstant('2026-10-25T03:30', 'Europe/Bucharest')).toBe(utc('2026-10-25T00:30:00Z'));
    expect(wallInstant('2026-10-25T03:30+03:00', 'Europe/Bucharest')).toBe(utc('2026-10-25T00:30:00Z'));
    const second = wallInstant('2026-10-25T03:30+02:00', 'Europe/Bucharest')!;
    expect(second).toBe(utc('2026-10-25T01:30:00Z'));
    expect(isoOnClock(second, 'Europe/Bucharest')).toBe('2026-10-25T03:30:00+02:00');
    expect(dateOnClock(second, 'Europe/Bucharest', 'en').time).toBe('03:30');
  });

  it('a show without an end lasts four real hours, across the spring-forward night too', () => {
    expect(SHOW_HOURS).toBe(SHOW_DEFAULT_HOURS);
    // Bucharest's clocks go from 03:00 to 04:00 on 29 March 2026: 23:00 plus four hours is 04:00 on the clock.
    const show = makeShow({ id: 's', start: '2026-03-28T23:00' });
    expect(showEnd(show)! - showStart(show)!).toBe(4 * 3600_000);
    expect(dateOnClock(showEnd(show)!, 'Europe/Bucharest', 'en').time).toBe('04:00');
    // With an end on the clock, that end (a time the clocks skip is no time: no end, so the default).
    expect(showEnd({ ...show, end: '2026-03-29T02:00' })).toBe(utc('2026-03-29T00:00:00Z'));
    expect(showEnd({ ...show, end: '2026-03-29T03:30' })).toBe(showStart(show)! + 4 * 3600_000);
  });
});

describe('upcoming and past', () => {
  const content = {
    shows: [
      makeShow({ id: 'past-old', start: '2025-05-01T21:00' }),
      makeShow({ id: 'lisbon', start: '2026-07-04T21:00', end: '2026-07-05T02:00', timeZone: 'Europe/Lisbon' }),
      makeShow({ id: 'soon', start: '2026-06-01T21:00' }),
      makeShow({ id: 'draft', start: '2026-05-30T21:00', status: 'draft' }),
      makeShow({ id: 'past-new', start: '2026-05-20T21:00' }),
    ],
  };
  const now = utc('2026-05-25T12:00:00Z');

  it('lists upcoming soonest first and past newest first, drafts nowhere', () => {
    expect(upcomingShows(content, now).map((s) => s.id)).toEqual(['soon', 'lisbon']);
    expect(pastShows(content, now).map((s) => s.id)).toEqual(['past-new', 'past-old']);
    expect(showBySlug(content, 'draft')).toBeUndefined();
    expect(showBySlug(content, 'past-old')?.id).toBe('past-old');
  });

  it('a show is past once it ends on its own clock, not when it starts', () => {
    const lisbon = content.shows[1]!;
    const end = utc('2026-07-05T01:00:00Z'); // 02:00 in Lisbon
    expect(upcomingShows(content, utc('2026-07-04T23:00:00Z')).map((s) => s.id)).toEqual(['lisbon']); // under way
    expect(upcomingShows(content, end - 1).map((s) => s.id)).toEqual(['lisbon']);
    expect(upcomingShows(content, end)).toEqual([]);
    expect(pastShows(content, end)[0]!.id).toBe(lisbon.id);
  });

  it('the next change is the soonest end of an upcoming show (what the page cache and the page’s clock wait for)', () => {
    expect(nextShowChangeAt(content, now)).toBe(utc('2026-06-01T18:00:00Z') + 4 * 3600_000);
    expect(nextShowChangeAt(content, utc('2026-07-05T01:00:00Z'))).toBeUndefined();
  });
});

describe('addresses and names', () => {
  it('reads the list and show addresses in each language only', () => {
    expect(parseShowPath('/en/shows/')).toEqual({ lang: 'en', slug: undefined });
    expect(parseShowPath('/ro/concerte/2026-07-04-lisboa-lux/')).toEqual({ lang: 'ro', slug: '2026-07-04-lisboa-lux' });
    expect(parseShowPath('/ro/shows/x/')).toBeUndefined();
    expect(parseShowPath('/en/music/x/')).toBeUndefined();
  });

  it('names a country in the visitor’s language, a code it does not know stays as it is', () => {
    expect(countryName('PT', 'en')).toBe('Portugal');
    expect(countryName('PT', 'ro')).toBe('Portugalia');
    expect(countryName('DE', 'ro')).toBe('Germania');
    expect(countryName('pt', 'en')).toBe('pt');
  });
});
