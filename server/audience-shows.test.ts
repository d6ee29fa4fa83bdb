/**
 * Fan numbers per show (issue 23; docs/decisions/0033-shows-model.md): `show-ticket` (a show's Tickets link followed) and
 * `show-calendar` (its "Add to calendar" link followed), `{ t, p, a: <show id> }` as `track('show-ticket', { a: id })`
 * sends them, counted only for a published show, per show in the report today and over rolled-up days; and migration 8,
 * which makes room for them in a database that already counts.
 */
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../src/content/audience';
import { openDatabase } from './db/client';
import { MIGRATIONS } from './db/migrations';
import { ADMIN, JSON_HEADERS, addAccount, signIn, tempDir, testApp, type TestApp } from './test/helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;
/** 12:00 in Bucharest on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 10);

let t: TestApp;
let cookie: string;
const clock = { now: NOON };
let published: string;
let other: string;
let draft: string;

const admin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload: body as object });
const send = (body: object, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/event',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', 'user-agent': CHROME },
    payload: JSON.stringify(body),
  } as InjectOptions);
const event = (type: 'show-ticket' | 'show-calendar', id: string, p = '/en/shows/') => ({ t: type, p, r: '', l: 'en', a: id });
async function report(days = 7): Promise<AudienceReport> {
  const res = await t.app.inject({ url: `/api/admin/audience?days=${days}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const showBody = (venue: string, status: string) => ({ status, venue, city: 'Cluj-Napoca', country: 'RO', start: '2026-12-05T22:00', kind: 'live-set' });

const tmp = tempDir('scena-audience-shows-');
beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { build: { audience: { now: () => clock.now, maintainEveryMs: 0 } } });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  const add = async (venue: string, status: string) => {
    const res = await admin('POST', '/shows', showBody(venue, status));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: { id: string } }>().item.id;
  };
  published = await add('Form Space', 'published');
  other = await add('Flying Circus', 'published');
  draft = await add('Janis', 'draft');
});
afterAll(async () => {
  await t.close();
  tmp.remove();
});

describe('ticket clicks and calendar downloads', () => {
  it('are counted per published show from its pages and the home page, most clicked first; a draft or unknown show counts nothing', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await send(event('show-ticket', other, '/'), ip)).statusCode).toBe(204);
    await send(event('show-ticket', published, '/ro/concerte/2026-12-05-cluj-napoca-form-space/'));
    await send(event('show-calendar', published, '/en/shows/2026-12-05-cluj-napoca-form-space/'));
    await send(event('show-calendar', published));
    // Answered like any event, never counted: a draft (its page is not public), an id no show has, a page not the site's.
    expect((await send(event('show-ticket', draft))).statusCode).toBe(204);
    expect((await send(event('show-calendar', 'no-such-show'))).statusCode).toBe(204);
    expect((await send(event('show-ticket', published, '/en/elsewhere/'))).statusCode).toBe(204);
    const r = await report();
    expect(r.shows).toEqual([
      { show: other, tickets: 3, calendars: 0 },
      { show: published, tickets: 1, calendars: 2 },
    ]);
    // A view of a show's page is not a page view here (the public pages count theirs), nor a platform click.
    expect(r.platforms).toEqual([]);
  });

  it('count the views of the shows list and of a published show’s page as pages; a draft’s or an unknown slug’s count nothing', async () => {
    const view = (p: string, ip: string) => send({ t: 'view', p, r: '', l: 'en' }, ip);
    await view('/en/shows/', '198.51.100.21');
    await view('/ro/concerte/2026-12-05-cluj-napoca-form-space/', '198.51.100.22');
    await view('/ro/concerte/2026-12-05-cluj-napoca-form-space/', '198.51.100.23');
    await view('/en/shows/2026-12-05-cluj-napoca-janis/', '198.51.100.24');
    await view('/en/shows/no-such-show/', '198.51.100.25');
    const pages = (await report()).pages.filter((p) => /shows|concerte/.test(p.path));
    expect(pages).toEqual([
      { path: '/ro/concerte/2026-12-05-cluj-napoca-form-space/', lang: 'ro', views: 2, visitors: 2 },
      { path: '/en/shows/', lang: 'en', views: 1, visitors: 1 },
    ]);
  });

  it('stop counting once the show goes back to draft', async () => {
    const res = await admin('PUT', `/shows/${other}`, showBody('Flying Circus', 'draft'));
    expect(res.statusCode, res.body).toBe(200);
    await send(event('show-ticket', other));
    expect((await report()).shows?.find((s) => s.show === other)?.tickets).toBe(3);
  });

  it('refuses an event without the show, or with something that is not an id', async () => {
    for (const body of [
      { t: 'show-ticket', p: '/en/shows/' },
      { t: 'show-calendar', p: '/en/shows/', a: '../../etc' },
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'a' });
    }
  });

  it('are kept in the daily rollup once the day is over, and added to the next day’s', async () => {
    clock.now = NOON + DAY;
    await send(event('show-calendar', published));
    const r = await report();
    expect(r.shows?.find((s) => s.show === published)).toEqual({ show: published, tickets: 1, calendars: 3 });
    const rolled = await t.app.services.db.client.execute('SELECT show, tickets, calendars FROM audience_shows ORDER BY tickets');
    expect(rolled.rows.map((row) => ({ ...row }))).toEqual([
      { show: published, tickets: 1, calendars: 2 },
      { show: other, tickets: 3, calendars: 0 },
    ]);
  });
});

describe('migration 8', () => {
  it('keeps the events a database counted before, in their order, and takes show events after', async () => {
    const file = join(tmp.dir, 'at-7.db');
    const client = createClient({ url: `file:${file}` });
    await client.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
    for (const m of MIGRATIONS.filter((x) => x.version <= 7))
      await client.batch(
        [...m.sql, { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [m.version, m.name, 0] }],
        'write',
      );
    await client.execute(
      `INSERT INTO audience_events (day, visitor, type, path, lang, device, sample) VALUES (20000, 1, 0, '/en/', 'en', 2, NULL), (20000, 2, 6, NULL, NULL, 0, 's1')`,
    );
    // Before it, a show's event type does not fit the table.
    await expect(client.execute(`INSERT INTO audience_events (day, visitor, type, device) VALUES (20000, 3, 8, 0)`)).rejects.toThrow(/CHECK/);
    client.close();
    const db = await openDatabase(`file:${file}`);
    try {
      const rows = await db.client.execute('SELECT day, visitor, type, path, sample, show FROM audience_events ORDER BY rowid');
      expect(rows.rows.map((row) => ({ ...row }))).toEqual([
        { day: 20000, visitor: 1, type: 0, path: '/en/', sample: null, show: null },
        { day: 20000, visitor: 2, type: 6, path: null, sample: 's1', show: null },
      ]);
      await db.client.execute(`INSERT INTO audience_events (day, visitor, type, device, show) VALUES (20000, 3, 9, 0, 'sample-show-1')`);
      await db.client.execute(`INSERT INTO audience_shows (day, show, tickets, calendars) VALUES (20000, 'sample-show-1', 0, 1)`);
    } finally {
      db.close();
    }
  });
});
