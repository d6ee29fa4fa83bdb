/**
 * A show's times on its venue's clock (issue 23; docs/decisions/0033-shows-model.md): the instant of a wall time that
 * names its offset only when the clock repeats it, and why a value is refused. The public pages read times with these.
 */
import { describe, expect, it } from 'vitest';
import { formatOffset, offsetAt, wallTime, zonedInstant, zonedInstants, zonedTimeProblem } from './zoned-time';

const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

describe('a time on a venue’s clock', () => {
  it('in Lisbon: 01:30 on 25 October 2026 happens twice, and the offset says which', () => {
    expect(zonedInstants('2026-10-25T01:30', 'Europe/Lisbon').map(iso)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    expect(iso(zonedInstant('2026-10-25T01:30+01:00', 'Europe/Lisbon'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedInstant('2026-10-25T01:30+00:00', 'Europe/Lisbon'))).toBe('2026-10-25T01:30:00.000Z');
    // Without it, the first (as a release's date reads); with an offset the clock has not then, none.
    expect(iso(zonedInstant('2026-10-25T01:30', 'Europe/Lisbon'))).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-10-25T01:30+02:00', 'Europe/Lisbon')).toBeUndefined();
    expect(wallTime('2026-10-25T01:30+00:00')).toBe('2026-10-25T01:30');
  });

  it('in Lisbon: 01:30 on 28 March 2027 never happens; 18:30 in January is UTC+00:00, in June UTC+01:00', () => {
    expect(zonedInstants('2027-03-28T01:30', 'Europe/Lisbon')).toEqual([]);
    expect(zonedInstant('2027-03-28T01:30', 'Europe/Lisbon')).toBeUndefined();
    const january = zonedInstant('2027-01-10T18:30', 'Europe/Lisbon')!;
    expect(iso(january)).toBe('2027-01-10T18:30:00.000Z');
    expect(formatOffset(offsetAt(january, 'Europe/Lisbon'))).toBe('+00:00');
    expect(formatOffset(offsetAt(zonedInstant('2027-06-12T18:30', 'Europe/Lisbon')!, 'Europe/Lisbon'))).toBe('+01:00');
    expect(formatOffset(offsetAt(zonedInstant('2027-06-12T18:30', 'America/St_Johns')!, 'America/St_Johns'))).toBe('-02:30');
  });

  it('says why a value is refused, naming the clock and the two offsets of a repeated time', () => {
    expect(zonedTimeProblem('', 'Europe/Lisbon')).toBeUndefined();
    expect(zonedTimeProblem('2027-06-12T18:30', 'Europe/Lisbon')).toBeUndefined();
    expect(zonedTimeProblem('2026-10-25T03:30+02:00', 'Europe/Bucharest')).toBeUndefined();
    expect(zonedTimeProblem('2027-03-28T03:30', 'Europe/Bucharest')).toBe(
      'must be a time that exists in Europe/Bucharest: the clocks go forward that night and skip 2027-03-28 03:30',
    );
    expect(zonedTimeProblem('2026-10-25T03:30', 'Europe/Bucharest')).toBe(
      'happens twice in Europe/Bucharest (the clocks go back that night): say which 2026-10-25 03:30 is meant, the first (UTC+03:00) or the second (UTC+02:00)',
    );
    expect(zonedTimeProblem('2027-06-12T18:30+01:00', 'Europe/Lisbon')).toBe('must not carry an offset: 2027-06-12 18:30 happens once in Europe/Lisbon');
    expect(zonedTimeProblem('2026-02-30T20:00', 'Europe/Lisbon')).toMatch(/that exist/);
    expect(zonedTimeProblem('2026-12-05T20:00Z', 'Europe/Lisbon')).toMatch(/YYYY-MM-DDTHH:mm/);
  });
});
