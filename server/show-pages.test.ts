/**
 * The shows on Scena's server: the list page and each published show's page in both languages (a real 404 in the
 * address's language otherwise), the sitemap, the calendars (parsed by ical.js, a parser nobody here wrote) with a
 * SEQUENCE that grows with each change, and the page cache changing by itself when a show ends (a controlled clock).
 * (The pages' own markup is the React build's: e2e/shows.spec.ts.)
 */
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISBON_SHOW_INPUT } from '../src/content/show-fixtures';
import { localAt } from '../src/content/zoned-time';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await testApp();
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const SHOW = { ...LISBON_SHOW_INPUT, slug: 'lisboa-lux' };
const add = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/shows', headers: { ...JSON_HEADERS, cookie }, payload: { ...SHOW, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; slug: string } & Record<string, unknown>;
};
const update = async (item: Record<string, unknown>, body: Record<string, unknown>) => {
  const { id, ...rest } = item;
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/shows/${String(id)}`, headers: { ...JSON_HEADERS, cookie }, payload: { ...rest, ...body } });
  expect(res.statusCode, res.body).toBe(200);
};
const get = (url: string) => t.app.inject({ url });
const page = (html: string) => /name="scena-page" content="([^"]+)"/.exec(html)?.[1];
const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('show pages', () => {
  it('answer the list and each published show in both languages, a 404 in the address’s language otherwise', async () => {
    await add({});
    await add({ slug: 'secret', status: 'draft', venue: 'Secret' });
    for (const url of ['/en/shows/', '/ro/concerte/']) {
      const res = await get(url);
      expect([res.statusCode, page(res.body)], url).toEqual([200, 'shows']);
    }
    for (const url of ['/en/shows/lisboa-lux/', '/ro/concerte/lisboa-lux/']) {
      const res = await get(url);
      expect([res.statusCode, page(res.body)], url).toEqual([200, 'show']);
    }
    expect(/<html lang="(\w+)">/.exec((await get('/ro/concerte/lisboa-lux/')).body)?.[1]).toBe('ro');
    expect((await get('/en/shows/lisboa-lux')).headers.location).toBe('/en/shows/lisboa-lux/');
    expect((await get('/ro/concerte')).headers.location).toBe('/ro/concerte/');
    for (const url of ['/ro/shows/lisboa-lux/', '/en/concerte/lisboa-lux/']) expect((await get(url)).statusCode, url).toBe(404);
    for (const url of ['/en/shows/secret/', '/en/shows/secret.ics', '/en/shows/Nope/', '/en/shows/a%2Fb.ics']) {
      const res = await get(url);
      expect([res.statusCode, page(res.body)], url).toEqual([404, 'not-found']);
    }
    const missing = await get('/ro/concerte/nu-exista/');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ro">');
    const locs = [...(await get('/sitemap.xml')).body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((l) => /shows|concerte/.test(l!))).toEqual([
      'https://tudorvale.ro/en/shows/',
      'https://tudorvale.ro/ro/concerte/',
      'https://tudorvale.ro/en/shows/lisboa-lux/',
      'https://tudorvale.ro/ro/concerte/lisboa-lux/',
    ]);
  });

  it('give a show to a calendar in the address’s language, at its Lisbon time, its SEQUENCE growing with each change', async () => {
    const item = await add({});
    const first = await get('/en/shows/lisboa-lux.ics');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [event] = events(first.body);
    expect(event!.uid).toBe(`${item.id}@tudorvale.ro`);
    // 21:00 in Lisbon (UTC+1 in July) is 20:00 UTC; it ends at 02:00 Lisbon time.
    expect(event!.startDate.toJSDate().toISOString()).toBe('2030-07-04T20:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2030-07-05T01:00:00.000Z');
    expect(event!.description).toContain('Tickets: https://tickets.example/lux');
    expect(event!.component.getFirstPropertyValue('url')).toBe('https://tudorvale.ro/en/shows/lisboa-lux/');
    expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const ro = events((await get('/ro/concerte/lisboa-lux.ics')).body)[0]!;
    expect(ro.description).toContain('Bilete: https://tickets.example/lux');
    expect(ro.location).toBe('Lux Frágil, Lisboa, Portugalia');

    await update(item, { state: 'cancelled' });
    const cancelled = events((await get('/en/shows/lisboa-lux.ics')).body)[0]!;
    expect(cancelled.uid).toBe(event!.uid);
    expect(cancelled.sequence).toBeGreaterThan(event!.sequence);
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.description).not.toContain('tickets.example');
  });

  it('move a show to past by itself when it ends: the page cache expires then, the feed drops it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const next = Date.now() + 120_000 - (Date.now() % 60_000); // a minute to a minute and a half ahead
    await add({ slug: 'tonight', timeZone: '', start: localAt(next - 3600_000, 'Europe/Bucharest'), end: localAt(next, 'Europe/Bucharest') });
    const renderedAt = (html: string) => Number(/name="scena-rendered-at" content="(\d+)"/.exec(html)![1]);
    const before = renderedAt((await get('/en/shows/')).body);
    expect(events((await get('/shows.ics')).body).map((e) => e.summary)).toEqual(['Tudor Vale · Festival · Lux Frágil, Lisboa']);
    vi.setSystemTime(next - 1000);
    expect(renderedAt((await get('/en/shows/')).body)).toBe(before); // still the same page
    vi.setSystemTime(next + 1000);
    expect(renderedAt((await get('/en/shows/')).body)).toBeGreaterThanOrEqual(next);
    expect(renderedAt((await get('/ro/')).body)).toBeGreaterThanOrEqual(next);
    expect(events((await get('/shows.ics')).body)).toEqual([]);
    expect((await get('/en/shows/tonight/')).statusCode).toBe(200); // a past show keeps its page
  });
});
