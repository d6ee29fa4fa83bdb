/**
 * Shows (issue 23; docs/decisions/0033-shows-model.md) on Scena's server, against its real database: every bad input
 * of the issue refused with a message naming the field and nothing stored, a time the venue's clock repeats stored
 * with the offset that says which, and the address made from the start's date, the city and the venue, kept after.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, signedInApp, type SignedInApp } from './test/helpers';

let t: SignedInApp;

beforeAll(async () => {
  t = await signedInApp({ LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await t.close();
});

const admin = (method: InjectOptions['method'], url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie: t.cookie }, payload });

/** A valid show in Lisbon; `change` replaces some of its fields. */
const show = (change: Record<string, unknown> = {}) => ({
  status: 'published',
  venue: 'Lux Frágil',
  city: 'Lisboa',
  country: 'PT',
  timeZone: 'Europe/Lisbon',
  start: '2027-06-12T23:00',
  kind: 'dj-set',
  tickets: 'https://tickets.example.pt/lux',
  description_en: 'All night long.',
  description_ro: 'Toată noaptea.',
  ...change,
});

async function stored(): Promise<Record<string, unknown>[]> {
  const res = await admin('GET', '/shows');
  expect(res.statusCode).toBe(200);
  return res.json<{ shows: Record<string, unknown>[] }>().shows;
}

/** Adds the show and expects it refused on `field` with a message holding `words`, and nothing stored. */
async function refused(change: Record<string, unknown>, field: string, words: RegExp, status = 400) {
  const before = await stored();
  const res = await admin('POST', '/shows', show(change));
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ field?: string; error: string; problems?: { field: string; message: string }[] }>();
  const problem = body.problems?.find((p) => p.field === field)?.message ?? (body.field === field ? body.error : undefined);
  expect(problem, res.body).toBeDefined();
  expect(problem).toMatch(words);
  expect(await stored()).toEqual(before);
}

describe('a show refused, naming the field, nothing stored', () => {
  it('an end before the start, or at it', async () => {
    await refused({ end: '2027-06-12T22:00' }, 'end', /must be after start/);
    await refused({ end: '2027-06-12T23:00' }, 'end', /must be after start/);
  });

  it('doors after the start', async () => {
    await refused({ doors: '2027-06-12T23:30' }, 'doors', /must not be after start/);
  });

  it('a start, end, doors or previous start the venue’s clocks skip (Lisbon: 01:00-01:59 on 28 March 2027)', async () => {
    await refused({ start: '2027-03-28T01:30' }, 'start', /exists in Europe\/Lisbon.*skip/);
    await refused({ start: '2027-03-28T00:00', end: '2027-03-28T01:15' }, 'end', /exists in Europe\/Lisbon/);
    await refused({ start: '2027-03-28T02:30', doors: '2027-03-28T01:45' }, 'doors', /exists in Europe\/Lisbon/);
    await refused({ state: 'rescheduled', previousStart: '2027-03-28T01:00' }, 'previousStart', /exists in Europe\/Lisbon/);
  });

  it('the artist’s clock when the zone is empty (Bucharest skips 03:00-03:59 on 28 March 2027)', async () => {
    await refused({ timeZone: '', start: '2027-03-28T03:30' }, 'start', /exists in Europe\/Bucharest/);
  });

  it('a time the clocks repeat, without saying which, or with an offset the clock has not then', async () => {
    await refused({ start: '2026-10-25T01:30' }, 'start', /happens twice in Europe\/Lisbon.*UTC\+01:00.*UTC\+00:00/);
    await refused({ start: '2026-10-25T01:30+02:00' }, 'start', /UTC\+01:00 or UTC\+00:00/);
    await refused({ start: '2027-06-12T23:00+01:00' }, 'start', /must not carry an offset/);
  });

  it('an unknown time zone, or one spelled otherwise', async () => {
    await refused({ timeZone: 'Europe/Atlantis' }, 'timeZone', /time zone such as Europe\/Lisbon/);
    await refused({ timeZone: 'europe/lisbon' }, 'timeZone', /time zone/);
    await refused({ timeZone: '+01:00' }, 'timeZone', /time zone/);
  });

  it('an unknown country, a code in small letters, or none', async () => {
    await refused({ country: 'ZZ' }, 'country', /two-letter code/);
    await refused({ country: 'pt' }, 'country', /two-letter code/);
    await refused({ country: 'EU' }, 'country', /two-letter code/);
    await refused({ country: '' }, 'country', /must be chosen/);
  });

  it('a ticket link that is not https, or javascript:', async () => {
    await refused({ tickets: 'http://tickets.example.pt/lux' }, 'tickets', /https:\/\//);
    await refused({ tickets: 'javascript:alert(1)' }, 'tickets', /https:\/\//);
    await refused({ tickets: ' JavaScript:alert(document.cookie)' }, 'tickets', /https:\/\//);
  });

  it('a 10,000-character description', async () => {
    await refused({ description_ro: 'ă'.repeat(10_000) }, 'description_ro', /at most 2000 characters/);
  });

  it('rescheduled without the previous start; a price from without a price', async () => {
    await refused({ state: 'rescheduled' }, 'previousStart', /must be given when state is rescheduled/);
    await refused({ admission: 'from', currency: 'EUR' }, 'priceFrom', /must be given when admission is from/);
  });

  it('no start, venue or city', async () => {
    await refused({ start: '' }, 'start', /must be a date and time/);
    await refused({ venue: ' ' }, 'venue', /must not be empty/);
    await refused({ city: '' }, 'city', /must not be empty/);
  });
});

describe('a show stored', () => {
  it('a repeated time with the offset that says which: both are kept, in their order', async () => {
    const first = await admin('POST', '/shows', show({ start: '2026-10-25T01:30+01:00', end: '2026-10-25T01:30+00:00', venue: 'Ministerium' }));
    expect(first.statusCode, first.body).toBe(201);
    const item = first.json<{ item: Record<string, unknown> }>().item;
    expect(item).toMatchObject({ start: '2026-10-25T01:30+01:00', end: '2026-10-25T01:30+00:00' });
    // The second 01:30 before the first is refused.
    const swapped = await admin('PUT', `/shows/${item.id as string}`, { ...show(), start: '2026-10-25T01:30+00:00', end: '2026-10-25T01:30+01:00' });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json<{ problems: { field: string }[] }>().problems.map((p) => p.field)).toEqual(['end']);
  });

  it('its address from the start’s date, the city and the venue, diacritics folded, kept when they change; another show cannot take it', async () => {
    const res = await admin('POST', '/shows', show({ timeZone: '', country: 'RO', city: 'București', venue: 'Control', start: '2026-12-31T22:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ item: Record<string, unknown> }>().item;
    expect(item.slug).toBe('2026-12-31-bucuresti-control');
    const moved = await admin('PUT', `/shows/${item.id as string}`, { ...show(), timeZone: '', country: 'RO', city: 'Cluj-Napoca', venue: 'Form Space' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ item: Record<string, unknown> }>().item.slug).toBe('2026-12-31-bucuresti-control');
    // The same date, city and venue again: numbered; the address itself sent: refused.
    const again = await admin('POST', '/shows', show({ timeZone: '', country: 'RO', city: 'București', venue: 'Control', start: '2026-12-31T22:00' }));
    expect(again.json<{ item: Record<string, unknown> }>().item.slug).toBe('2026-12-31-bucuresti-control-2');
    await refused({ slug: '2026-12-31-bucuresti-control' }, 'slug', /already the address of another item/, 409);
  });
});
