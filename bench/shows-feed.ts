/**
 * The calendar feed's cost (/shows.ics, server/calendar.ts): 500 shows (the list's cap) written as one iCalendar, the
 * median of several runs after a warm-up, in milliseconds. Scena's server writes it afresh at each request.
 */
import { performance } from 'node:perf_hooks';
import { showsCalendar } from '../server/calendar';
import type { Show } from '../src/content/model';
import { makeShow } from '../src/content/show-fixtures';

export function feedShows(count: number): Show[] {
  const zones = ['', 'Europe/Lisbon', 'Europe/Berlin', 'Europe/London'];
  return Array.from({ length: count }, (_, i) =>
    makeShow({
      id: `show-${i}`,
      slug: `2030-show-${i}`,
      start: `2030-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T21:00`,
      timeZone: zones[i % zones.length],
      venue: `Venue ${i} Club`,
      city: 'București',
      tickets: `https://tickets.example/${i}`,
      admission: 'from',
      priceFrom: 50,
      description_en: 'A live set with the new record, from the first track to the last. '.repeat(3),
      state: i % 10 === 0 ? 'cancelled' : 'scheduled',
    }),
  );
}

/** Milliseconds to write the feed of `count` shows: the median of `runs`. */
export function measureFeed(count = 500, runs = 7): { ms: number; bytes: number } {
  const shows = feedShows(count);
  const write = () => showsCalendar(shows, { lang: 'en', sequence: () => 3, now: Date.now(), feed: true });
  write(); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = Buffer.byteLength(write());
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, bytes };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(measureFeed());
