/**
 * Fan numbers per sample (issue 21; docs/decisions/0027-audio-with-ffmpeg.md): the public player's `sample-play` and
 * `sample-switch` events, `{ t, p, a: <sample id> }` as `track('sample-play', { a: id })` sends them, counted per
 * published sample in the admin's report today (the tally) and over rolled-up days, as release plays are.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../src/content/audience';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;
/** 12:00 in Bucharest on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 10);

let t: TestApp;
let cookie: string;
const clock = { now: NOON };
let mix: string;
let beat: string;

const admin = (method: 'POST', url: string, body: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload: body as object });
const send = (body: object, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/event',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', 'user-agent': CHROME },
    payload: JSON.stringify(body),
  } as InjectOptions);
const event = (type: 'sample-play' | 'sample-switch', id: string) => ({ t: type, p: '/en/', r: '', l: 'en', a: id });
async function report(days = 7): Promise<AudienceReport> {
  const res = await t.app.inject({ url: `/api/admin/audience?days=${days}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { build: { audience: { now: () => clock.now, maintainEveryMs: 0 } } });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  const service = (await admin('POST', '/services', { title_en: 'Mixing', title_ro: 'Mixaj', currency: 'EUR', booking: 'mixing' })).json<{
    item: { id: string };
  }>().item.id;
  const sample = async (title: string, kind: string) => {
    const res = await admin('POST', '/samples', { service, title_en: title, title_ro: title, audio: 'some-audio', before: '', kind, matching: 'on' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: { id: string } }>().item.id;
  };
  mix = await sample('Mix', 'track');
  beat = await sample('Beat', 'beat');
});
afterAll(async () => {
  await t.close();
});

describe('sample plays and switches', () => {
  it('are counted per sample today, most played first; an unknown id or a draft path counts nothing', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await send(event('sample-play', mix), ip)).statusCode).toBe(204);
    await send(event('sample-switch', mix));
    await send(event('sample-switch', mix));
    await send(event('sample-play', beat));
    // Answered like any event, never counted: an id no published sample has.
    expect((await send(event('sample-play', 'no-such-sample'))).statusCode).toBe(204);
    const r = await report();
    expect(r.samples).toEqual([
      { sample: mix, plays: 3, switches: 2 },
      { sample: beat, plays: 1, switches: 0 },
    ]);
    // Release plays (the Spotify and YouTube players) are not these.
    expect(r.events.plays).toBe(0);
  });

  it('refuses an event without the sample, or with something that is not an id', async () => {
    for (const body of [
      { t: 'sample-play', p: '/en/' },
      { t: 'sample-switch', p: '/en/', a: '../../etc' },
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'a' });
    }
  });

  it('are kept in the daily rollup once the day is over, and added to the next day’s', async () => {
    clock.now = NOON + DAY;
    await send(event('sample-play', beat));
    await send(event('sample-play', beat));
    await send(event('sample-play', beat));
    await send(event('sample-play', beat));
    const r = await report();
    expect(r.samples).toEqual([
      { sample: beat, plays: 5, switches: 0 },
      { sample: mix, plays: 3, switches: 2 },
    ]);
    const rolled = await t.app.services.db.client.execute('SELECT sample, plays, switches FROM audience_samples ORDER BY sample');
    expect(rolled.rows.map((row) => ({ ...row }))).toEqual(
      [
        { sample: beat, plays: 1, switches: 0 },
        { sample: mix, plays: 3, switches: 2 },
      ].sort((a, b) => a.sample.localeCompare(b.sample)),
    );
  });
});
