/** The shows' iCalendar (server/calendar.ts) as a parser nobody here wrote (ical.js) reads it, and RFC 5545's lines. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { makeShow } from '../src/content/show-fixtures';
import { fold, showsCalendar } from './calendar';

const LONG_RO = 'Un live set toată noaptea, cu piesele noului album; invitați: Ștefan, Țara Oașului, Înșiruire — și încă; una, două\nA doua linie.';
const shows = [
  makeShow({
    id: 'lisboa',
    slug: 'lisboa',
    start: '2030-07-04T21:00',
    end: '2030-07-05T02:00',
    timeZone: 'Europe/Lisbon',
    venue: 'Lux Frágil',
    city: 'Lisboa',
    country: 'PT',
    tickets: 'https://lux.example/t',
    description_ro: LONG_RO,
  }),
  makeShow({ id: 'anulat', slug: 'anulat', start: '2030-05-01T21:00', state: 'cancelled', tickets: 'https://t.example/c' }),
  makeShow({ id: 'amanat', slug: 'amanat', start: '2030-05-09T21:00', state: 'postponed' }),
];
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const NOW = Date.UTC(2030, 0, 2, 3, 4, 5);

describe('the shows’ calendar', () => {
  it('holds each show at its own time, its state, its words in the language, escaped and read back whole', () => {
    const text = showsCalendar(shows, { lang: 'ro', sequence: (s) => (s.id === 'lisboa' ? 7 : 1), now: NOW });
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual(['lisboa@tudorvale.ro', 'anulat@tudorvale.ro', 'amanat@tudorvale.ro']);
    const [lisboa, anulat, amanat] = events as [ICAL.Event, ICAL.Event, ICAL.Event];
    expect([lisboa.startDate.toJSDate().toISOString(), lisboa.endDate.toJSDate().toISOString()]).toEqual([
      '2030-07-04T20:00:00.000Z',
      '2030-07-05T01:00:00.000Z',
    ]);
    expect(lisboa.sequence).toBe(7);
    expect((lisboa.component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime()).toBe(NOW);
    expect(lisboa.description).toContain(LONG_RO);
    expect(lisboa.description).toContain('Ora locală: joi, 4 iulie 2030, ora 21:00 (Europe/Lisbon)');
    expect(lisboa.location).toBe('Lux Frágil, Lisboa, Portugalia');
    // A show without an end lasts four hours.
    expect(anulat.endDate.toJSDate().getTime() - anulat.startDate.toJSDate().getTime()).toBe(4 * 3600_000);
    expect([anulat.component.getFirstPropertyValue('status'), anulat.summary]).toEqual([
      'CANCELLED',
      'Anulat: Tudor Vale · Set live · Control Club, București',
    ]);
    expect(anulat.description).not.toContain('t.example');
    expect(amanat.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    // CRLF only, no line over 75 octets, a folded line never splits a character.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).not.toContain('\uFFFD');
  });

  it('is a feed to subscribe to, refreshed every few hours, named in its language', () => {
    const calendar = parse(showsCalendar(shows, { lang: 'en', sequence: () => 0, now: NOW, feed: true }));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tudor Vale: shows');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT6H');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(3);
  });

  it('folds by octets, four-octet characters kept whole', () => {
    const line = `SUMMARY:${'ș'.repeat(50)}${'🎶'.repeat(20)}`;
    const folded = fold(line);
    expect(folded.split('\r\n').every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });
});
