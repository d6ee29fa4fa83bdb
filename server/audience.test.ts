/**
 * Fan numbers against the real database (docs/decisions/0026-audience-without-cookies.md): who is
 * counted and who is not, the day's salt, rollups and retention, the limits, what the endpoint refuses,
 * and that no address or User-Agent is ever stored.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../src/content/audience';
import { createServerBackend } from '../src/content/backends/server';
import { EVENT_LIMITS, type EventLimits } from './audience/limits';
import { visitorHash } from './audience/counting';
import { RAW_DAYS, audienceStore } from './audience/store';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { backup, restore } from './maintenance';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;
/** 12:00 in Bucharest on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 10);

interface Ctx {
  t: TestApp;
  cookie: string;
  clock: { now: number };
}
let ctx: Ctx | undefined;
afterEach(async () => {
  await ctx?.t.close();
  ctx = undefined;
});

async function start(env: Record<string, string> = {}, limits: EventLimits = EVENT_LIMITS): Promise<Ctx> {
  const clock = { now: NOON };
  const t = await testApp({ LOG_LEVEL: 'silent', ...env }, { build: { audience: { now: () => clock.now, limits, maintainEveryMs: 0 } } });
  await addAccount(t.app, ADMIN);
  const cookie = await signIn(t.app);
  for (const [title, slug, status] of [
    ['Nocturn', 'nocturn', 'published'],
    ['Secret', 'secret', 'draft'],
  ]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...JSON_HEADERS, cookie }, payload: { title, slug, status } });
    expect(res.statusCode, res.body).toBe(201);
  }
  ctx = { t, cookie, clock };
  return ctx;
}

interface Send {
  ip?: string;
  ua?: string;
  headers?: Record<string, string>;
}
const send = (c: Ctx, body: object | string, { ip = '198.51.100.7', ua = CHROME, headers = {} }: Send = {}) =>
  c.t.app.inject({
    method: 'POST',
    url: '/api/event',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', 'user-agent': ua, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  } as InjectOptions);
const view = (p: string, extra: object = {}) => ({ t: 'view', p, r: '', l: 'en', ...extra });

async function report(c: Ctx, days = 7): Promise<AudienceReport> {
  const res = await c.t.app.inject({ url: `/api/admin/audience?days=${days}`, headers: { cookie: c.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const today = (r: AudienceReport) => r.days[r.days.length - 1]!;
const rows = async (c: Ctx, sql: string) => (await c.t.app.services.db.client.execute(sql)).rows;

describe('a letter’s visits', () => {
  it('are a source of their own: a letter’s link (src=letter-<id>) is credited to it, with no referrer', async () => {
    const c = await start();
    await send(c, view('/ro/muzica/nocturn/?src=letter-0a1b2c3d4e5f'), { ip: '198.51.100.1' });
    await send(c, view('/en/?src=letter-0a1b2c3d4e5f', { r: 'https://mail.google.com/' }), { ip: '198.51.100.2' });
    await send(c, view('/en/?src=not-a-letter', { r: 'https://t.co/x' }), { ip: '198.51.100.3' });
    expect((await report(c)).referrers).toEqual([
      { source: 'letter-0a1b2c3d4e5f', visitors: 2 },
      { source: 't.co', visitors: 1 },
    ]);
  });
});

describe('visits no referrer names', () => {
  it('come from a QR code (src=qr) or from an app’s own browser (Instagram, TikTok, Facebook), each a source of its own', async () => {
    const c = await start();
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    await send(c, view('/en/?src=qr'), { ip: '198.51.100.1' });
    await send(c, view('/en/'), { ip: '198.51.100.2', ua: `${IPHONE} Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_GB; en; scale=3.00)` });
    await send(c, view('/ro/'), { ip: '198.51.100.3', ua: `${IPHONE} Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; ro_RO; ro; scale=3.00)` });
    await send(c, view('/en/'), { ip: '198.51.100.4', ua: `${IPHONE} musical_ly_35.1.0 JsSdk/2.0 NetType/WIFI ByteLocale/ro` });
    await send(c, view('/en/'), { ip: '198.51.100.5', ua: `${IPHONE} [FBAN/FBIOS;FBAV/472.0.0.33.109;FBLC/ro_RO]` });
    await send(c, view('/en/'), { ip: '198.51.100.6' });
    expect((await report(c)).referrers).toEqual([
      { source: 'instagram', visitors: 2 },
      { source: 'facebook', visitors: 1 },
      { source: 'qr', visitors: 1 },
      { source: 'tiktok', visitors: 1 },
    ]);
  });
});

describe('who is counted', () => {
  it('the same visitor within a day is one visitor; another address or browser is another', async () => {
    const c = await start();
    for (const p of ['/en/', '/en/', '/ro/']) expect((await send(c, view(p))).statusCode).toBe(204);
    await send(c, view('/en/'), { ip: '198.51.100.8' });
    await send(c, view('/en/'), { ua: IPHONE });
    const r = await report(c);
    expect(today(r)).toMatchObject({ visitors: 3, views: 5 });
    expect(r.totals).toEqual({ visitors: 3, views: 5 });
    expect(r.pages).toEqual([
      { path: '/en/', lang: 'en', views: 4, visitors: 3 },
      { path: '/ro/', lang: 'ro', views: 1, visitors: 1 },
    ]);
    expect(r.devices).toEqual([
      { device: 'desktop', visitors: 2 },
      { device: 'phone', visitors: 1 },
    ]);
  });

  it('bots (the isbot list, or no User-Agent), Do Not Track, Global Privacy Control and the signed-in admin are answered alike and not counted', async () => {
    const c = await start();
    const answers = [
      await send(c, view('/en/'), { ua: GOOGLEBOT }),
      await send(c, view('/en/'), { ua: '' }),
      await send(c, view('/en/'), { headers: { dnt: '1' } }),
      await send(c, view('/en/'), { headers: { 'sec-gpc': '1' } }),
      await send(c, view('/en/'), { headers: { cookie: c.cookie } }),
    ];
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(new Array(5).fill([204, '']));
    expect((await report(c)).totals).toEqual({ visitors: 0, views: 0 });
    // A visitor with DNT: 0 and a session cookie that is no longer valid is a visitor.
    await send(c, view('/en/'), { headers: { dnt: '0', cookie: 'scena_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect((await report(c)).totals).toEqual({ visitors: 1, views: 1 });
  });

  it("counts the site's own pages only: a draft's or an unknown page's address is not counted", async () => {
    const c = await start();
    for (const p of ['/en/music/secret/', '/en/music/nowhere/', '/en/about/', '/admin/'])
      expect((await send(c, { t: 'view', p, l: 'en' })).statusCode).toBe(204);
    expect((await report(c)).totals.views).toBe(0);
    await send(c, { t: 'view', p: '/ro/muzica/nocturn/?utm_source=Instagram' });
    const r = await report(c);
    expect(r.pages).toEqual([{ path: '/ro/muzica/nocturn/', lang: 'ro', views: 1, visitors: 1 }]);
    expect(r.releases).toEqual([{ slug: 'nocturn', views: 1, clicks: 0, plays: 0 }]);
  });

  it("reduces the referrer to its host (the site's own host is no source) and prefers utm_source", async () => {
    const c = await start();
    await send(c, view('/en/', { r: 'https://www.instagram.com/p/Cx1/?igsh=abc' }), { ip: '198.51.100.1' });
    await send(c, view('/en/', { r: 'https://l.instagram.com/?u=x' }), { ip: '198.51.100.2' });
    await send(c, view('/en/?utm_source=Newsletter&utm_medium=email', { r: 'https://mail.example.com/inbox/42' }), { ip: '198.51.100.3' });
    await send(c, view('/en/', { r: 'https://tudorvale.ro/ro/' }), { ip: '198.51.100.4' });
    await send(c, view('/en/', { r: 'http://localhost:80/en/' }), { ip: '198.51.100.5', headers: { host: 'localhost:80' } });
    await send(c, view('/en/', { r: 'javascript:alert(1)' }), { ip: '198.51.100.6' });
    const r = await report(c);
    expect(r.referrers).toEqual([
      { source: 'instagram.com', visitors: 1 },
      { source: 'l.instagram.com', visitors: 1 },
      { source: 'newsletter', visitors: 1 },
    ]);
    expect(r.totals).toEqual({ visitors: 6, views: 6 });
  });

  it('counts platform clicks by platform and by release, player starts, booking requests and the newsletter form', async () => {
    const c = await start();
    await send(c, view('/en/music/nocturn/'));
    await send(c, { t: 'click', p: '/en/music/nocturn/', k: 'spotify', s: 'nocturn' });
    await send(c, { t: 'click', p: '/en/music/nocturn/', k: 'appleMusic', s: 'nocturn' });
    await send(c, { t: 'click', p: '/en/', k: 'spotify' });
    await send(c, { t: 'click', p: '/en/', k: 'instagram' });
    // A click that names a draft counts for its platform, not for the draft.
    await send(c, { t: 'click', p: '/en/', k: 'youtube', s: 'secret' });
    await send(c, { t: 'play', p: '/en/music/nocturn/', k: 'youtube', s: 'nocturn' });
    await send(c, { t: 'play', p: '/en/', k: 'spotify' });
    await send(c, { t: 'booking', p: '/en/' });
    await send(c, { t: 'newsletter-loaded', p: '/en/' });
    await send(c, { t: 'newsletter-loaded', p: '/ro/' });
    await send(c, { t: 'newsletter-failed', p: '/ro/' });
    const r = await report(c);
    expect(r.platforms).toEqual([
      { platform: 'spotify', clicks: 2 },
      { platform: 'appleMusic', clicks: 1 },
      { platform: 'instagram', clicks: 1 },
      { platform: 'youtube', clicks: 1 },
    ]);
    expect(r.releases).toEqual([{ slug: 'nocturn', views: 1, clicks: 2, plays: 1 }]);
    expect(r.events).toEqual({ booking: 1, newsletterLoaded: 2, newsletterFailed: 1, plays: 2 });
    expect(r.totals).toEqual({ visitors: 1, views: 1 });
  });

  it('counting never touches the page cache (the content version stays)', async () => {
    const c = await start();
    const version = async () => Number((await rows(c, 'SELECT version FROM content_version'))[0]!.version);
    const before = await version();
    const page = async () => (await c.t.app.inject({ url: '/en/' })).headers.etag;
    const etag = await page();
    expect(etag).toMatch(/^"/);
    for (let i = 0; i < 5; i++) await send(c, view('/en/'), { ip: `198.51.100.${i}` });
    await c.t.app.services.audience.store.flush();
    expect(await version()).toBe(before);
    expect(await page()).toBe(etag);
  });
});

describe('the daily salt', () => {
  it('is random, one per day: the next day the same visitor is a new one, and yesterday’s salt is gone from the database file', async () => {
    const c = await start();
    await send(c, view('/en/'));
    const [first] = await rows(c, 'SELECT day, salt FROM audience_salt');
    const yesterdaySalt = Buffer.from(first!.salt as ArrayBuffer);
    expect(yesterdaySalt).toHaveLength(32);
    c.clock.now += DAY;
    await send(c, view('/en/'));
    await send(c, view('/en/'));
    await c.t.app.services.audience.store.flush();
    const salts = await rows(c, 'SELECT day, salt FROM audience_salt');
    expect(salts).toHaveLength(1);
    expect(Number(salts[0]!.day)).toBe(Number(first!.day) + 1);
    expect(Buffer.from(salts[0]!.salt as ArrayBuffer).equals(yesterdaySalt)).toBe(false);
    // Two days, one visitor each day: two different hashes, and each day one visitor.
    const visitors = await rows(c, 'SELECT day, count(DISTINCT visitor) AS n, min(visitor) AS v FROM audience_events GROUP BY day ORDER BY day');
    expect(visitors.map((v) => Number(v.n))).toEqual([1, 1]);
    expect(visitors[0]!.v).not.toBe(visitors[1]!.v);
    const r = await report(c);
    expect(r.days.slice(-2).map((d) => d.visitors)).toEqual([1, 1]);
    // Not in the database file nor in its WAL: secure_delete zeroed it, the checkpoint emptied the WAL.
    const files = ['', '-wal'].map((suffix) => `${c.t.dbFile}${suffix}`).filter((f) => existsSync(f));
    for (const file of files) expect(readFileSync(file).includes(yesterdaySalt), file).toBe(false);
    expect(
      readFileSync(c.t.dbFile).includes(Buffer.from(salts[0]!.salt as ArrayBuffer)) ||
        readFileSync(`${c.t.dbFile}-wal`).includes(Buffer.from(salts[0]!.salt as ArrayBuffer)),
    ).toBe(true);
  });

  it('two servers meeting a new day at once make one salt between them: the same visitor is one', async () => {
    const c = await start();
    c.clock.now += DAY;
    const other = audienceStore(c.t.app.services.db, { timeZone: 'Europe/Bucharest', now: () => c.clock.now });
    const event = { type: 'view', path: '/en/', lang: 'en', source: null, platform: null, release: null, device: 'desktop' } as const;
    const visitor = (salt: Uint8Array) => visitorHash(salt, '198.51.100.7', CHROME, 'https://tudorvale.ro');
    await Promise.all([c.t.app.services.audience.store.record(event, visitor), other.record(event, visitor)]);
    await Promise.all([c.t.app.services.audience.store.flush(), other.flush()]);
    expect(await rows(c, 'SELECT day FROM audience_salt')).toHaveLength(1);
    expect(today(await report(c))).toMatchObject({ visitors: 1, views: 2 });
  });

  it('when another process was reading at the change, the periodic job empties the WAL that still held the old salt', async () => {
    const c = await start();
    await send(c, view('/en/'));
    const old = Buffer.from((await rows(c, 'SELECT salt FROM audience_salt'))[0]!.salt as ArrayBuffer);
    // A reader in another connection (the CLI, another server) holds a snapshot: a checkpoint cannot finish.
    const reader = createClient({ url: `file:${c.t.dbFile}` });
    const snapshot = await reader.transaction('read');
    await snapshot.execute('SELECT count(*) FROM audience_salt');
    c.clock.now += DAY;
    await send(c, view('/en/'));
    const files = () => Buffer.concat(['', '-wal'].filter((x) => existsSync(`${c.t.dbFile}${x}`)).map((x) => readFileSync(`${c.t.dbFile}${x}`)));
    expect(files().includes(old)).toBe(true);
    snapshot.close();
    reader.close();
    await c.t.app.services.audience.store.maintain();
    expect(files().includes(old)).toBe(false);
  });

  it('changes at midnight in the artist’s time zone (Europe/Bucharest), not UTC', async () => {
    const c = await start();
    c.clock.now = Date.UTC(2026, 10, 24, 21, 50); // 23:50 in Bucharest
    await send(c, view('/en/'));
    c.clock.now = Date.UTC(2026, 10, 24, 22, 10); // 00:10 on the 25th in Bucharest, still the 24th in UTC
    await send(c, view('/en/'));
    const r = await report(c);
    expect(r.days.slice(-2)).toEqual([
      { date: '2026-11-24', visitors: 1, views: 1 },
      { date: '2026-11-25', visitors: 1, views: 1 },
    ]);
    expect(r.timeZone).toBe('Europe/Bucharest');
  });
});

describe('the daily salt, further', () => {
  it('a day that is over never gets a salt again: with the clock put back, nothing is counted', async () => {
    const c = await start();
    await send(c, view('/en/'));
    c.clock.now += DAY;
    await send(c, view('/en/'));
    c.clock.now -= DAY;
    expect((await send(c, view('/en/'), { ip: '198.51.100.99' })).statusCode).toBe(204);
    await c.t.app.services.audience.store.flush();
    expect((await rows(c, 'SELECT day FROM audience_salt')).map((r) => Number(r.day))).toHaveLength(1);
    expect(Number((await rows(c, 'SELECT count(*) AS n FROM audience_events'))[0]!.n)).toBe(2);
  });
});

describe('rollups and retention', () => {
  it('a finished day is rolled up with the same numbers it had live; raw events older than 30 days are deleted, rollups kept', async () => {
    const c = await start();
    await send(c, view('/en/', { r: 'https://www.instagram.com/p/1' }), { ip: '198.51.100.1', ua: IPHONE });
    await send(c, view('/en/music/nocturn/'), { ip: '198.51.100.1', ua: IPHONE });
    await send(c, { t: 'click', p: '/en/music/nocturn/', k: 'spotify', s: 'nocturn' }, { ip: '198.51.100.1', ua: IPHONE });
    // Read once half-way: today's tally is made from the database, then the rest is added to it as it comes.
    await report(c, 30);
    await send(c, view('/en/music/nocturn/'), { ip: '198.51.100.1', ua: IPHONE });
    await send(c, view('/ro/?utm_source=tiktok', { l: 'ro' }), { ip: '198.51.100.2' });
    await send(c, { t: 'play', p: '/ro/', k: 'youtube' }, { ip: '198.51.100.2' });
    await send(c, { t: 'booking', p: '/ro/' }, { ip: '198.51.100.2' });
    const live = await report(c, 30);
    c.clock.now += DAY;
    const { rolledUp } = await c.t.app.services.audience.store.maintain();
    expect(rolledUp).toHaveLength(1);
    const rolled = await report(c, 30);
    // The same figures, one day earlier in the range, now read from the rollups.
    const { days: liveDays, ...liveRest } = live;
    const { days: rolledDays, ...rolledRest } = rolled;
    expect(rolledRest).toEqual(liveRest);
    expect(rolledDays.at(-2)).toEqual(liveDays.at(-1));
    expect(rolledDays.at(-1)).toMatchObject({ visitors: 0, views: 0 });
    expect(Number((await rows(c, 'SELECT count(*) AS n FROM audience_daily'))[0]!.n)).toBe(1);

    // The next day's events; then 30 days on: the first day's raw events go, the second's stay a day longer.
    await send(c, view('/en/'));
    c.clock.now += (RAW_DAYS - 1) * DAY;
    const first = await c.t.app.services.audience.store.maintain();
    expect(first.deleted).toBe(7);
    expect((await rows(c, 'SELECT count(*) AS n FROM audience_events')).map((r) => Number(r.n))).toEqual([1]);
    c.clock.now += DAY;
    expect((await c.t.app.services.audience.store.maintain()).deleted).toBe(1);
    expect(Number((await rows(c, 'SELECT count(*) AS n FROM audience_events'))[0]!.n)).toBe(0);
    const year = await report(c, 365);
    expect(year.totals).toEqual({ visitors: 3, views: 5 });
    expect(year.platforms).toEqual([{ platform: 'spotify', clicks: 1 }]);
    expect(year.referrers).toEqual([
      { source: 'instagram.com', visitors: 1 },
      { source: 'tiktok', visitors: 1 },
    ]);
    expect(year.days).toHaveLength(365);
    expect(year.days.filter((d) => d.views > 0).map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it("a day's rollup keeps its 100 largest sources and sums the rest: rollups grow by a bounded amount a day", async () => {
    const c = await start();
    for (let i = 0; i < 103; i++) {
      const p = i < 3 ? '/en/?utm_source=big' : `/en/?utm_source=site${i}`;
      await send(c, view(p), { ip: `198.51.${100 + (i >> 8)}.${i & 255}` });
    }
    c.clock.now += DAY;
    await c.t.app.services.audience.store.maintain();
    const sources = await rows(c, 'SELECT source, visitors FROM audience_sources');
    expect(sources).toHaveLength(101);
    expect(sources.find((r) => r.source === '(other)')).toMatchObject({ visitors: 1 });
    expect(sources.find((r) => r.source === 'big')).toMatchObject({ visitors: 3 });
    const r = await report(c, 7);
    expect(r.referrers).toHaveLength(10);
    expect(r.referrers[0]).toEqual({ source: 'big', visitors: 3 });
    expect(r.referrers.some((x) => x.source === '(other)')).toBe(false);
  });
});

describe('no address, no User-Agent', () => {
  it('neither the address nor the User-Agent nor the referring page’s address is in the database file', async () => {
    const c = await start({ TRUST_PROXY: '127.0.0.1' });
    const agent = `${CHROME} ScenaProbe/7.3.1`;
    for (let i = 0; i < 3; i++)
      await send(c, view('/en/', { r: 'https://blog.example.org/a-secret-post' }), {
        ip: '127.0.0.1',
        ua: agent,
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
    await c.t.app.services.audience.store.flush();
    expect((await report(c)).totals).toEqual({ visitors: 1, views: 3 });
    await c.t.app.services.db.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const bytes = Buffer.concat(['', '-wal'].filter((s) => existsSync(`${c.t.dbFile}${s}`)).map((s) => readFileSync(`${c.t.dbFile}${s}`)));
    for (const secret of ['203.0.113.77', 'ScenaProbe', 'a-secret-post', '198.51.100']) expect(bytes.includes(secret), secret).toBe(false);
    expect(bytes.includes('blog.example.org')).toBe(true);
  });
});

describe("today's tally", () => {
  it('two servers on one database (or a restart) read the same numbers: each counts what the other wrote', async () => {
    const c = await start();
    await send(c, view('/en/', { r: 'https://www.instagram.com/' }), { ip: '198.51.100.1' });
    await send(c, { t: 'click', p: '/en/', k: 'spotify' }, { ip: '198.51.100.1' });
    expect((await report(c)).totals).toEqual({ visitors: 1, views: 1 });
    const other = await buildApp(loadConfig({ DATABASE_URL: c.t.dbFile, DIST_DIR: join(c.t.dir, 'dist'), LOG_LEVEL: 'silent' }), {
      audience: { now: () => c.clock.now, maintainEveryMs: 0 },
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/event',
        remoteAddress: '198.51.100.2',
        headers: { 'content-type': 'text/plain', 'user-agent': IPHONE },
        payload: JSON.stringify(view('/ro/', { r: 'https://www.instagram.com/' })),
      });
      expect(res.statusCode).toBe(204);
      await other.services.audience.store.flush();
      const r = await report(c);
      expect(r.totals).toEqual({ visitors: 2, views: 2 });
      expect(r.referrers).toEqual([{ source: 'instagram.com', visitors: 2 }]);
      // Ties in DEVICES' order.
      expect(r.devices).toEqual([
        { device: 'phone', visitors: 1 },
        { device: 'desktop', visitors: 1 },
      ]);
      expect(await other.services.audience.store.report(7)).toEqual(r);
    } finally {
      await other.close();
    }
  });

  it("keeps at most 1,000 of today's sources in memory, whatever a flood of made-up ones brings", async () => {
    const c = await start();
    const { store } = c.t.app.services.audience;
    const event = (source: string) => ({ type: 'view', path: '/en/', lang: 'en', source, platform: null, release: null, device: 'desktop' }) as const;
    await report(c);
    for (let i = 0; i < 3; i++) await store.record(event('instagram'), () => i + 1);
    for (let i = 0; i < 1_100; i++) await store.record(event(`junk-${i}.example`), () => 1_000 + i);
    const r = await report(c);
    expect(store.tallied()).toMatchObject({ events: 1_103, sources: 1_000 });
    expect(r.referrers[0]).toEqual({ source: 'instagram', visitors: 3 });
    expect(r.totals.views).toBe(1_103);
  });
});

describe('backups', () => {
  it("a backup holds the numbers but not the day's salt; a restore keeps this server's numbers and salt", async () => {
    const c = await start();
    for (let i = 0; i < 3; i++) await send(c, view('/en/'), { ip: `198.51.100.${i}` });
    await c.t.app.services.audience.store.flush();
    const salt = Buffer.from((await rows(c, 'SELECT salt FROM audience_salt'))[0]!.salt as ArrayBuffer);
    const file = join(c.t.dir, 'backup.db');
    await backup(c.t.app.services.db, file);
    expect(readFileSync(file).includes(salt)).toBe(false);
    const copy = await openDatabase(`file:${file}`);
    expect((await copy.client.execute('SELECT count(*) AS n FROM audience_salt')).rows[0]!.n).toBe(0);
    expect((await copy.client.execute('SELECT count(*) AS n FROM audience_events')).rows[0]!.n).toBe(3);
    copy.close();
    await send(c, view('/ro/'));
    await restore(c.t.app.services.db, file);
    // A restore ends every session.
    c.cookie = await signIn(c.t.app);
    expect(Buffer.from((await rows(c, 'SELECT salt FROM audience_salt'))[0]!.salt as ArrayBuffer).equals(salt)).toBe(true);
    expect((await report(c)).totals).toEqual({ visitors: 4, views: 4 });
  });
});

describe('limits', () => {
  it('without TRUST_PROXY a forged X-Forwarded-For neither splits one visitor nor dodges the limit', async () => {
    const c = await start();
    const forged = (i: number) => send(c, view('/en/'), { headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } });
    for (let i = 0; i < EVENT_LIMITS.perAddress.burst; i++) expect((await forged(i)).statusCode).toBe(204);
    const refused = await forged(999);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too-many-events' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(today(await report(c))).toMatchObject({ visitors: 1, views: EVENT_LIMITS.perAddress.burst });
    // Another client is not held back by this one.
    expect((await send(c, view('/en/'), { ip: '198.51.100.200' })).statusCode).toBe(204);
  });

  it("what is not counted takes nothing from the limits and is not read: a headless browser's pages do not use up the address's events", async () => {
    const c = await start();
    for (let i = 0; i < 100; i++) expect((await send(c, view('/en/'), { ua: 'Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36' })).statusCode).toBe(204);
    expect((await send(c, '{"not": "even valid', { headers: { dnt: '1' } })).statusCode).toBe(204);
    for (let i = 0; i < EVENT_LIMITS.perAddress.burst; i++) expect((await send(c, view('/en/'))).statusCode).toBe(204);
    expect((await send(c, view('/en/'))).statusCode).toBe(429);
    expect(today(await report(c)).views).toBe(EVENT_LIMITS.perAddress.burst);
  });

  it('a burst sent at once from one client at the start of a day: exactly the burst is taken, one visitor', async () => {
    const c = await start();
    c.clock.now += DAY;
    const answers = await Promise.all(Array.from({ length: 100 }, () => send(c, view('/en/'))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(EVENT_LIMITS.perAddress.burst);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - EVENT_LIMITS.perAddress.burst);
    expect(await rows(c, 'SELECT day FROM audience_salt')).toHaveLength(1);
    expect(today(await report(c))).toMatchObject({ visitors: 1, views: EVENT_LIMITS.perAddress.burst });
  });

  it('behind a trusted proxy the forwarded address is the visitor, as for sign-in; an IPv6 /64 is one client', async () => {
    const c = await start({ TRUST_PROXY: '127.0.0.1' });
    for (const ip of ['203.0.113.1', '203.0.113.2', '2001:db8:1:2::1']) await send(c, view('/en/'), { ip: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
    expect(today(await report(c)).visitors).toBe(3);
    const six = (i: number) => send(c, view('/en/'), { ip: '127.0.0.1', headers: { 'x-forwarded-for': `2001:db8:1:2::${(i + 2).toString(16)}` } });
    for (let i = 0; i < EVENT_LIMITS.perAddress.burst - 1; i++) expect((await six(i)).statusCode).toBe(204);
    expect((await six(100)).statusCode).toBe(429);
  });

  it('every client together: the overall limit and the day’s cap refuse the rest', async () => {
    const c = await start({}, { ...EVENT_LIMITS, overall: { burst: 5, perSecond: 1 } });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await send(c, view('/en/'), { ip: `198.51.100.${i}` })).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    c.clock.now += 10_000;
    expect((await send(c, view('/en/'), { ip: '198.51.100.99' })).statusCode).toBe(204);

    const d = await start({}, { ...EVENT_LIMITS, perDay: 3 });
    const day = [];
    for (let i = 0; i < 4; i++) day.push((await send(d, view('/en/'), { ip: `198.51.100.${i}` })).statusCode);
    expect(day).toEqual([204, 204, 204, 429]);
    expect((await report(d)).totals.views).toBe(3);
    d.clock.now += DAY;
    expect((await send(d, view('/en/'))).statusCode).toBe(204);
    await c.t.close();
  });
});

describe('what the endpoint refuses', () => {
  const cases: [string, string, number, string][] = [
    ['a body over 2 KB', JSON.stringify({ t: 'view', p: '/en/', r: 'x'.repeat(3000) }), 413, 'too-large'],
    ['a deeply nested body', `${'['.repeat(40)}${']'.repeat(40)}`, 400, 'too-deep'],
    ['not JSON', '{"t":"view",', 400, 'bad-json'],
    ['an empty body', '', 400, 'empty-body'],
    ['an array', '[]', 400, 'invalid'],
    ['a prototype key', '{"t":"view","p":"/en/","__proto__":{"polluted":true}}', 400, 'bad-json'],
    ['a wrong type', JSON.stringify({ t: 5, p: '/en/' }), 400, 'invalid'],
    ['an unknown type', JSON.stringify({ t: 'purchase', p: '/en/' }), 400, 'invalid'],
    ['an unknown field', JSON.stringify({ t: 'view', p: '/en/', ip: '1.2.3.4' }), 400, 'invalid'],
    ["another site's address", JSON.stringify({ t: 'view', p: 'https://evil.example/' }), 400, 'invalid'],
    ['a scheme-relative address', JSON.stringify({ t: 'view', p: '//evil.example/' }), 400, 'invalid'],
    ['a path over 512 characters', JSON.stringify({ t: 'view', p: `/${'a'.repeat(600)}` }), 400, 'invalid'],
    ['a click without its platform', JSON.stringify({ t: 'click', p: '/en/' }), 400, 'invalid'],
    ['an unknown platform', JSON.stringify({ t: 'click', p: '/en/', k: 'myspace' }), 400, 'invalid'],
    ['a play of no player', JSON.stringify({ t: 'play', p: '/en/', k: 'tidal' }), 400, 'invalid'],
    ['a slug that is no slug', JSON.stringify({ t: 'click', p: '/en/', k: 'spotify', s: '../../etc' }), 400, 'invalid'],
    ['a language of no page', JSON.stringify({ t: 'view', p: '/', l: 'fr' }), 400, 'invalid'],
  ];
  it.each(cases)('%s', async (_name, body, status, code) => {
    const c = await start();
    const res = await send(c, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect((await report(c)).totals.views).toBe(0);
  });

  it("another site's page cannot make its visitors count (Sec-Fetch-Site, Origin), nor a form post", async () => {
    const c = await start();
    expect((await send(c, view('/en/'), { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect((await send(c, view('/en/'), { headers: { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' } })).statusCode).toBe(403);
    expect((await send(c, 't=view&p=/en/', { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(415);
    // JSON itself is taken too.
    expect((await send(c, view('/en/'), { headers: { 'content-type': 'application/json' } })).statusCode).toBe(204);
    expect((await report(c)).totals.views).toBe(1);
  });
});

describe("the admin's report", () => {
  it('is behind the admin guard, takes 7, 30 or 365 days, and exports CSV by day', async () => {
    const c = await start();
    expect((await c.t.app.inject({ url: '/api/admin/audience?days=7' })).statusCode).toBe(401);
    expect((await c.t.app.inject({ url: '/api/admin/audience.csv?days=7' })).statusCode).toBe(401);
    const bad = await c.t.app.inject({ url: '/api/admin/audience?days=12', headers: { cookie: c.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid', field: 'days' });
    expect((await report(c, 365)).days).toHaveLength(365);
    await send(c, view('/en/'));
    await send(c, { t: 'click', p: '/en/', k: 'spotify' });
    const csv = await c.t.app.inject({ url: '/api/admin/audience.csv?days=7', headers: { cookie: c.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audience-7-days-2026-11-24.csv"');
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,visitors,views,platform_clicks,plays,booking_requests,newsletter_loaded,newsletter_failed');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('2026-11-18,0,0,0,0,0,0,0');
    expect(lines[7]).toBe('2026-11-24,1,1,1,0,0,0,0');
  });
});

describe('the server adapter', () => {
  it('reads the report and names the CSV over HTTP, as the dashboard does; a beacon sent by fetch is counted', async () => {
    const c = await start();
    const origin = await c.t.app.listen({ host: '127.0.0.1', port: 0 });
    let session = '';
    const jarFetch: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (session) headers.set('cookie', session);
      const response = await fetch(input, { ...init, headers });
      const set = response.headers.getSetCookie().find((line) => line.startsWith('scena_session='));
      if (set) session = set.split(';')[0]!;
      return response;
    };
    // What navigator.sendBeacon(url, string) sends: text/plain, same-origin.
    const beacon = await fetch(`${origin}/api/event`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', origin, 'user-agent': IPHONE },
      body: JSON.stringify({ t: 'view', p: '/en/?utm_source=instagram', r: '', l: 'en', w: 390 }),
    });
    expect(beacon.status).toBe(204);
    const backend = createServerBackend({ baseUrl: origin, fetch: jarFetch });
    await expect(backend.audience!(7)).rejects.toThrow('Sign in first.');
    await backend.signIn(ADMIN.email, ADMIN.password);
    const r = await backend.audience!(30);
    expect(r.days).toHaveLength(30);
    expect(r.totals).toEqual({ visitors: 1, views: 1 });
    expect(r.referrers).toEqual([{ source: 'instagram', visitors: 1 }]);
    expect(r.devices).toEqual([{ device: 'phone', visitors: 1 }]);
    const csv = await jarFetch(backend.audienceCsvUrl!(365));
    expect(csv.status).toBe(200);
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(366);
  });
});
