/**
 * Visitors' booking requests on Scena's server (docs/decisions/0025-booking-requests.md), against the real SQLite
 * database through app.inject: each spam and abuse defence, the form without JavaScript, the inbox kept out of
 * everything public, the admin's CSV export.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { buildApp } from './app';
import { csvCell } from '../src/content/csv';
import { exportContent, importFromFile } from './maintenance';
import { loadConfig } from './config';
import { MIN_FILL_MS, TOKEN_TTL_MS } from './booking/token';
import { ADMIN, JSON_HEADERS, addAccount, fakeDist, signIn, tempDir, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
/** The server's clock, moved by the tests: a token is taken only MIN_FILL_MS after it was issued. */
let clock = Date.parse('2026-11-24T12:00:00.000Z');
const now = () => clock;

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }, { build: { booking: { now } } });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
}, 30_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Each test starts with an empty inbox and fresh counts, an hour after the last.
  await t.app.services.db.client.batch(["DELETE FROM list_items WHERE kind = 'bookings'", 'DELETE FROM booking_counts', 'DELETE FROM booking_outbox'], 'write');
  clock += 2 * 3_600_000;
});

let address = 0;
/** A client address of its own for each request, unless one is given: the per-address limit stays out of the way. */
const nextAddress = () => `203.0.113.${(address = (address % 250) + 1)}`;

async function token(): Promise<string> {
  const res = await t.app.inject({ url: '/api/booking/token' });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
/** A token issued MIN_FILL_MS ago, as a person who took a few seconds to type would send it. */
async function filledToken(): Promise<string> {
  const made = await token();
  clock += MIN_FILL_MS;
  return made;
}

let count = 0;
const request = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Pop',
  email: 'ana@example.com',
  service: 'mixing',
  budget: '300 EUR',
  date: '',
  message: `Hi, I would like a mix of my track, number ${++count}.`,
  lang: 'en',
  website: '',
  ...over,
});

async function send(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...JSON_HEADERS, 'x-forwarded-for': nextAddress(), ...headers },
    payload: JSON.stringify(body),
  });
}
const sendValid = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  send({ ...request(over), token: await filledToken() }, headers);

async function stored(): Promise<Record<string, unknown>[]> {
  const res = await t.app.inject({ url: '/api/admin/bookings', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().bookings;
}
const contentVersion = async () => Number((await t.app.services.db.client.execute('SELECT version FROM content_version')).rows[0]!.version);

describe('a booking request', () => {
  it('gets a fresh token that no cache keeps', async () => {
    const res = await t.app.inject({ url: '/api/booking/token' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().token).toMatch(/^b1\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('is stored for the admin alone, new, with the server’s time and its language; no page or public read changes', async () => {
    const versionBefore = await contentVersion();
    const res = await sendValid({ lang: 'ro', date: '2026-12-24', name: 'Ioana Țăran' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [item, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ name: 'Ioana Țăran', email: 'ana@example.com', service: 'mixing', date: '2026-12-24', lang: 'ro', status: 'new' });
    expect(item!.receivedAt).toBe(new Date(clock).toISOString());
    // Not public anywhere: the content, a list read, the page.
    expect(await contentVersion()).toBe(versionBefore);
    const content = await t.app.inject({ url: '/api/content' });
    expect(content.body).not.toContain('Ioana');
    expect(Object.keys(content.json())).not.toContain('bookings');
    expect((await t.app.inject({ url: '/api/bookings' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/en/' })).body).not.toContain('Ioana');
    expect((await t.app.inject({ url: '/api/admin/bookings' })).statusCode).toBe(401);
  });

  it('sent within 3 s of its token is refused (a script), and taken at 3 s', async () => {
    const made = await token();
    clock += MIN_FILL_MS - 1;
    const early = await send({ ...request(), token: made });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'booking-too-soon', field: 'token' });
    expect(await stored()).toEqual([]);
    clock += 1;
    expect((await send({ ...request(), token: made })).statusCode).toBe(201);
  });

  it('with a token over a day old, forged, missing or from another key is refused, nothing stored', async () => {
    const old = await token();
    clock += TOKEN_TTL_MS + 1;
    expect((await send({ ...request(), token: old })).json()).toMatchObject({ code: 'booking-token-expired' });
    const good = await filledToken();
    const [v, issued, mac] = good.split('.');
    const earlier = (parseInt(issued!, 36) - 60_000).toString(36);
    for (const forged of [`${v}.${earlier}.${mac}`, `${v}.${issued}.${mac!.slice(0, -2)}AA`, '', 'b1.x.y', 42]) {
      const res = await send({ ...request(), token: forged });
      expect(res.statusCode, String(forged)).toBe(400);
      expect(res.json().code).toBe('booking-token-invalid');
    }
    expect((await send(request())).json().code).toBe('booking-token-invalid');
    expect(await stored()).toEqual([]);
  });

  it('with the honeypot filled is answered like a success and not stored', async () => {
    const res = await sendValid({ website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
  });

  it('refuses a line break in the name or the address (no header injection), naming the field', async () => {
    for (const [field, value] of [
      ['name', 'Ana\r\nBcc: victim@example.com'],
      ['name', 'Ana\nPop'],
      ['email', 'ana@example.com\r\nBcc: victim@example.com'],
      ['email', 'ana@example.com\n'],
      ['budget', '300\r\nX-Header: 1'],
    ] as const) {
      const res = await sendValid({ [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().problems.map((p: { field: string }) => p.field)).toContain(field);
    }
    expect(await stored()).toEqual([]);
  });

  it('takes at most 3 links in the message', async () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? `www.site${i}.example` : `HTTPS://site${i}.example/x`)).join(' and ');
    const four = await sendValid({ message: `Listen: ${links(4)}` });
    expect(four.statusCode).toBe(400);
    // The problem's id and parameters, for a client that words it in its own language (src/content/fields/messages.ts).
    expect(four.json().problems).toEqual([{ field: 'message', message: 'must hold at most 3 links', id: 'linksAtMost', params: { most: '3' } }]);
    expect((await sendValid({ message: `Listen: ${links(3)}` })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('keeps to its sizes: fields over their limits are named, a body over 64 KB is refused while read', async () => {
    const res = await sendValid({ name: 'n'.repeat(121), message: 'm'.repeat(5001), budget: 'b'.repeat(61), email: `${'a'.repeat(250)}@example.com` });
    expect(res.statusCode).toBe(400);
    expect([...new Set(res.json().problems.map((p: { field: string }) => p.field))].sort()).toEqual(['budget', 'email', 'message', 'name']);
    const empty = await sendValid({ name: '  ', message: '' });
    expect(
      empty
        .json()
        .problems.map((p: { field: string }) => p.field)
        .sort(),
    ).toEqual(['message', 'name']);
    const huge = await send({ ...request(), message: 'x'.repeat(70_000), token: await filledToken() });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('too-large');
    // The longest request the model allows (5,000 three-byte characters) fits.
    expect((await sendValid({ message: 'ș'.repeat(5000) })).statusCode).toBe(201);
  });

  it('refuses a day already past, a day that does not exist, and a service or language not offered', async () => {
    const yesterday = new Date(clock - 86_400_000).toISOString().slice(0, 10);
    const before = new Date(clock - 2 * 86_400_000).toISOString().slice(0, 10);
    const past = await sendValid({ date: before });
    expect(past.json().problems).toEqual([{ field: 'date', message: 'must not be in the past' }]);
    expect((await sendValid({ date: '2027-02-30' })).json().problems[0].field).toBe('date');
    expect((await sendValid({ service: 'ghostwriting' })).json().problems[0].field).toBe('service');
    expect((await sendValid({ lang: 'de' })).json().problems[0].field).toBe('lang');
    expect((await sendValid({ extra: 'x' })).json().problems).toEqual([{ field: 'extra', message: 'is not a known field' }]);
    // Yesterday in UTC is still today somewhere.
    expect((await sendValid({ date: yesterday })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('sent twice exactly is stored once, both answered as a success', async () => {
    const body = request();
    expect((await send({ ...body, token: await filledToken() })).statusCode).toBe(201);
    expect((await send({ ...body, token: await filledToken() })).statusCode).toBe(201);
    expect((await send({ ...body, message: `${String(body.message)}!`, token: await filledToken() })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(2);
  });

  it('takes 5 an hour from one client address (read behind TRUST_PROXY as sign-in does), then 429 with Retry-After', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i++) expect((await sendValid({}, from)).statusCode).toBe(201);
    const sixth = await sendValid({}, from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('booking-rate-limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    // Another client is not held back.
    expect((await sendValid({}, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(6);
    // An hour later the address may send again.
    clock += 3_600_000;
    expect((await sendValid({}, from)).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 5; i++) expect((await sendValid({}, { 'x-forwarded-for': `2001:db8:1:2::${i + 1}` })).statusCode).toBe(201);
    expect((await sendValid({}, { 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).json().code).toBe('booking-rate-limited');
  });

  it('takes 40 an hour for the whole site, then 429 for everyone', async () => {
    for (let i = 0; i < 40; i++) expect((await sendValid({}, { 'x-forwarded-for': `192.0.2.${i + 1}` })).statusCode).toBe(201);
    const busy = await sendValid({}, { 'x-forwarded-for': '192.0.2.200' });
    expect(busy.statusCode).toBe(429);
    expect(busy.json().code).toBe('booking-site-busy');
    expect(busy.headers['retry-after']).toBeDefined();
    expect(await stored()).toHaveLength(40);
  });

  it('counts 20 sent at once from one address exactly: 5 stored, 15 refused', async () => {
    const from = { 'x-forwarded-for': '198.51.100.50' };
    const tokens = await Promise.all(Array.from({ length: 20 }, () => token()));
    clock += MIN_FILL_MS;
    const answers = await Promise.all(tokens.map((tk) => send({ ...request(), token: tk }, from)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429 && a.json().code === 'booking-rate-limited')).toHaveLength(15);
    expect(await stored()).toHaveLength(5);
  });

  it('refuses JSON nested too deeply, and a form of 6,000 names, without a server error', async () => {
    const deep = await t.app.inject({ method: 'POST', url: '/api/booking', headers: JSON_HEADERS, payload: `{"name":${'['.repeat(40)}${']'.repeat(40)}}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('too-deep');
    const names = Array.from({ length: 6_000 }, (_, i) => `k${i}=1`).join('&');
    const started = Date.now();
    const wide = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      payload: `${names}&token=${await filledToken()}&__proto__=x&constructor=y`,
    });
    expect(wide.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stored()).toEqual([]);
  });

  it('refuses a form posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ ...request(), token: await filledToken() } as Record<string, string>).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });
});

describe('the form without JavaScript', () => {
  const post = async (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      payload: new URLSearchParams(fields).toString(),
    });

  it('answers a thank-you page in the visitor’s language, and the request is in the inbox', async () => {
    const res = await post({ ...(request({ lang: 'ro' }) as Record<string, string>), token: await filledToken() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="ro">');
    expect(res.body).toContain('Mulțumesc! Cererea ta a fost trimisă.');
    expect(await stored()).toHaveLength(1);
  });

  it('answers the form again with every value kept (escaped), each error named, and a fresh token', async () => {
    const typed = { name: '<script>alert(1)</script>', email: 'not an address', service: 'mastering', budget: '"200"', message: 'x'.repeat(5001), lang: 'en' };
    const res = await post({ ...typed, token: await filledToken() });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('value="&quot;200&quot;"');
    expect(res.body).toContain(`>${'x'.repeat(5001)}</textarea>`);
    expect(res.body).toContain('<option value="mastering" selected="">');
    expect(res.body).toContain('<p id="booking-email-error" class="field-error">Please enter your e-mail address, for example ana@example.com.</p>');
    expect(res.body).toMatch(/<textarea id="booking-message"[^>]*aria-invalid="true" aria-describedby="booking-message-error"/);
    expect(res.body).toContain('Please check the fields marked below.');
    // The site's inline style, and no script (the CSP allows the one by its hash and none of the other).
    expect(res.body).toContain('<style>body{color:#fff}</style>');
    expect(res.body).not.toContain('<script');
    const fresh = /name="token" value="([^"]+)"/.exec(res.body)![1]!;
    expect(fresh).toMatch(/^b1\./);
    expect(await stored()).toEqual([]);
    // Corrected and sent again with the page's token, it arrives.
    clock += MIN_FILL_MS;
    const again = await post({ ...typed, name: 'Ana', email: 'ana@example.com', message: 'Now shorter.', token: fresh });
    expect(again.statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it("a promoter's live show or DJ set: refused without the event's city, named above the fields in Romanian; stored with its city and venue", async () => {
    const live = {
      ...(request({ lang: 'ro', service: 'live', budget: '800–1.200 EUR', date: '2027-03-20' }) as Record<string, string>),
      city: ' ',
      venue: 'Form Space',
    };
    const res = await post({ ...live, token: await filledToken() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<option value="live" selected="">Concert / set DJ</option>');
    expect(res.body).toContain('<a href="#booking-city">Te rog să scrii orașul concertului (cel mult 80 de caractere, pe un singur rând).</a>');
    expect(res.body).toMatch(/<input id="booking-city"[^>]*autofocus=""[^>]*aria-invalid="true"/);
    expect(res.body).toContain('value="Form Space"');
    expect(res.body).toContain('value="800–1.200 EUR"');
    expect(await stored()).toEqual([]);
    // The same check for the page's script (JSON), and a line break in the city is refused as in a name.
    expect((await sendValid({ service: 'live', city: '' })).json().problems).toEqual([
      { field: 'city', id: 'givenWhen', message: 'must be given when service is live', params: { field: 'service', equals: 'live' } },
    ]);
    expect((await sendValid({ service: 'live', city: 'Cluj\r\nBcc: x@example.com' })).json().problems[0].field).toBe('city');
    const fresh = /name="token" value="([^"]+)"/.exec(res.body)![1]!;
    clock += MIN_FILL_MS;
    expect((await post({ ...live, city: 'Cluj-Napoca', token: fresh })).statusCode).toBe(200);
    expect(await stored()).toMatchObject([
      { service: 'live', city: 'Cluj-Napoca', venue: 'Form Space', budget: '800–1.200 EUR', date: '2027-03-20', lang: 'ro' },
    ]);
  });

  it('keeps the values when the token has expired, asking in Romanian to send it again', async () => {
    const old = await token();
    clock += TOKEN_TTL_MS + 1;
    const res = await post({ ...(request({ lang: 'ro', name: 'Mihai Ștefănescu' }) as Record<string, string>), token: old });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Formularul a stat deschis prea mult. Te rog să îl trimiți din nou.');
    expect(res.body).toContain('value="Mihai Ștefănescu"');
  });

  /** The value of the form's hidden token in a page, if any. */
  const tokenIn = (html: string) => /name="token" value="([^"]*)"/.exec(html)?.[1];

  it.each([
    ['no token', 'en', en],
    ['an empty token', 'ro', ro],
  ] as const)(
    'stores nothing sent with %s (%s): the form again in that language, every value kept, a fresh token, "press Send again"',
    async (how, lang, dict) => {
      const typed = { ...(request({ lang, name: 'Ioana „Fără Script”', budget: '<b>200</b>' }) as Record<string, string>) };
      const res = await post(how === 'no token' ? typed : { ...typed, token: '' });
      // 200: the first of the two presses every visitor without JavaScript makes, not a fault of theirs (docs/decisions/0025).
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<html lang="${lang}">`);
      // "One more step", in the text's colour: a step, not a fault (issue 32).
      expect(res.body).toContain(`<p role="status" class="booking__status booking__note">${dict['booking.pressAgain']}</p>`);
      expect(res.body).not.toContain('role="alert"');
      // Every value kept, escaped; nothing marked at fault; the send button focused, its words the message's.
      expect(res.body).toContain('value="Ioana „Fără Script”"');
      expect(res.body).toContain('value="&lt;b&gt;200&lt;/b&gt;"');
      expect(res.body).toContain(`>${typed.message}</textarea>`);
      expect(res.body).toContain('<option value="mixing" selected="">');
      expect(res.body).not.toContain('aria-invalid');
      expect(res.body).toMatch(new RegExp(`<button type="submit"[^>]* autofocus="">${dict['booking.submit']}</button>`));
      expect(dict['booking.pressAgain']).toContain(dict['booking.submit']);
      // A token of the second step, issued now: the next press is taken at once.
      const fresh = tokenIn(res.body)!;
      expect(fresh).toMatch(/^b1s\./);
      expect(await t.app.services.booking.tokens.check(fresh)).toEqual({ ok: true });
      expect(await stored()).toEqual([]);
    },
  );

  it("takes the second press at once with the answer page's token; a token of the page's script still waits 3 s", async () => {
    const typed = request({ lang: 'ro', name: 'Radu Fără Grabă' }) as Record<string, string>;
    const first = await post(typed);
    expect(await stored()).toEqual([]);
    const second = await post({ ...typed, token: tokenIn(first.body)! });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(ro['booking.sent']);
    expect((await stored()).map((b) => b.name)).toEqual(['Radu Fără Grabă']);

    // The token the page's script asks for (GET /api/booking/token) keeps the minimum time: sooner is too soon, the
    // same token back, so the 3 s still count from its issue.
    const fresh = await t.app.services.booking.tokens.issue();
    const other = { ...typed, name: 'Radu Cu Script', message: 'Altă cerere.' };
    clock += MIN_FILL_MS - 1;
    const soon = await post({ ...other, token: fresh });
    expect(soon.statusCode).toBe(400);
    expect(soon.body).toContain(ro['booking.tooSoon']);
    expect(soon.body).toContain('value="Radu Cu Script"');
    expect(tokenIn(soon.body)).toBe(fresh);
    expect(await stored()).toHaveLength(1);

    clock += 1;
    const sent = await post({ ...other, token: tokenIn(soon.body)! });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(ro['booking.sent']);
    expect((await stored()).map((b) => b.name).sort()).toEqual(['Radu Cu Script', 'Radu Fără Grabă']);
  });

  it('still answers the honeypot and the fields’ faults before asking for the token', async () => {
    const trapped = await post({ ...(request({ website: 'https://spam.example' }) as Record<string, string>) });
    expect(trapped.body).toContain(en['booking.sent']);
    const faulty = await post({ ...(request({ email: 'not an address' }) as Record<string, string>) });
    expect(faulty.statusCode).toBe(400);
    expect(faulty.body).toContain(en['booking.emailInvalid']);
    expect(tokenIn(faulty.body)).toMatch(/^b1\./);
    expect(await stored()).toEqual([]);
  });

  it('answers 429 with the form again and Retry-After when the address has sent enough', async () => {
    const from = '198.51.100.99';
    const one = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
        payload: new URLSearchParams({ ...(request() as Record<string, string>), token: await filledToken() }).toString(),
      });
    for (let i = 0; i < 5; i++) expect((await one()).statusCode).toBe(200);
    const res = await one();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body).toContain('Too many requests right now. What you wrote is kept here');
  });
});

describe('the inbox for the admin', () => {
  it('changes a request’s status without touching the pages', async () => {
    await sendValid();
    const [item] = await stored();
    const before = await contentVersion();
    const { id, ...value } = item as { id: string } & Record<string, unknown>;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/bookings/${id}`,
      headers: { ...JSON_HEADERS, cookie },
      payload: { ...value, status: 'handled' },
    });
    expect(res.statusCode).toBe(200);
    expect((await stored())[0]!.status).toBe('handled');
    expect(await contentVersion()).toBe(before);
  });

  it('exports CSV, newest first, with formula-like cells made harmless', async () => {
    await sendValid({ name: '=HYPERLINK("https://evil.example","Click")', message: '+1 call me', budget: '-5' });
    clock += 60_000;
    await sendValid({ name: '@SUM(A1)', message: 'Hello, "friend"\nsecond line' });
    const res = await t.app.inject({ url: '/api/admin/bookings.csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"id","name","email","service","city","venue","budget","date","message","lang","status","receivedAt"');
    expect(lines[1]).toContain(`"'@SUM(A1)"`);
    expect(lines[1]).toContain('"Hello, ""friend""\nsecond line"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(lines[2]).toContain(`"'+1 call me"`);
    expect(lines[2]).toContain(`"'-5"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect((await t.app.inject({ url: '/api/admin/bookings.csv' })).statusCode).toBe(401);
  });

  it('exports the inbox with the content; importing a file from before the inbox keeps the requests', async () => {
    await sendValid({ name: 'Kept Through Import' });
    const exported = await exportContent(t.app.services.db);
    expect(JSON.stringify(exported.content)).toContain('Kept Through Import');
    // A file from before bookings existed: its content has no inbox at all.
    const { bookings: _inbox, ...older } = exported.content as Record<string, unknown>;
    const file = join(t.dir, 'older-export.json');
    writeFileSync(file, JSON.stringify({ ...exported, content: older, history: [] }));
    await importFromFile(t.app.services.db, file);
    expect((await stored()).map((b) => b.name)).toEqual(['Kept Through Import']);
    const entries = (await t.app.inject({ url: `/api/admin/history/bookings/${String((await stored())[0]!.id)}`, headers: { cookie } })).json().entries;
    expect(entries).toHaveLength(1);
    // A file with an inbox replaces it, as every list.
    writeFileSync(file, JSON.stringify({ ...exported, content: { ...older, bookings: [] }, history: [] }));
    await importFromFile(t.app.services.db, file);
    expect(await stored()).toEqual([]);
  });

  it('says mail is off when SMTP_URL is not set, and nothing waits in the outbox', async () => {
    await sendValid();
    const res = await t.app.inject({ url: '/api/admin/mail', headers: { cookie } });
    expect(res.json()).toEqual({ configured: false, pending: 0, failing: [] });
  });
});

describe('the booking form on a cached page', () => {
  it('carries no token, in either language, in the page or the page cache; posted as it is, nothing is stored', async () => {
    // The site's own page: a build whose server entry is the real one (src/entry-server.tsx), as `npm run build` makes it.
    const tmp = tempDir();
    const dist = fakeDist(tmp.dir);
    writeFileSync(
      join(dist, 'server', 'entry-server.js'),
      `export { renderPage, renderHead } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'entry-server.tsx'))};\n`,
    );
    // The token's clock, moved below: the page has been in the cache a while when the script reads it.
    let at = Date.now();
    const app = await buildApp(loadConfig({ DATABASE_URL: join(tmp.dir, 'scena.db'), DIST_DIR: dist, LOG_LEVEL: 'silent' }), { booking: { now: () => at } });
    try {
      const tokenLike = /name="token"|\bb1\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{20,}|booking-token/;
      for (const lang of ['en', 'ro'] as const) {
        const page = await app.inject({ url: `/${lang}/`, headers: { 'accept-encoding': 'identity' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toMatch(/<form [^>]*action="\/api\/booking" method="post"/);
        expect(page.body).not.toMatch(tokenLike);
        // What the page cache keeps (and the fast path serves), in each encoding.
        const cached = await app.services.pages.page(lang, `/${lang}/`);
        for (const body of [cached.identity, brotliDecompressSync(cached.br), gunzipSync(cached.gzip)]) expect(body.toString()).not.toMatch(tokenLike);
        expect(app.services.pages.peekPage(lang, `/${lang}/`)?.identity.toString()).not.toMatch(tokenLike);

        // A script reads the page, cached a minute ago, and posts its form at once, as a browser without JavaScript
        // would: nothing stored (a token rendered into the page would be a minute old, past the 3 s).
        at += 60_000;
        const fields = new URLSearchParams();
        for (const [, name, value] of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(name!, value!);
        Object.entries({ name: 'Bot', email: 'bot@example.com', service: 'beat', message: 'Buy now', website: '' }).forEach(([k, v]) => fields.set(k, v));
        const posted = await app.inject({
          method: 'POST',
          url: '/api/booking',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: fields.toString(),
        });
        expect(posted.statusCode).toBe(200);
        expect(posted.body).toContain(lang === 'en' ? en['booking.pressAgain'] : ro['booking.pressAgain']);
        expect((await app.services.db.client.execute("SELECT count(*) AS n FROM list_items WHERE kind = 'bookings'")).rows[0]!.n).toBe(0);
      }
    } finally {
      await app.close();
      tmp.remove();
    }
  }, 30_000);
});

describe('without TRUST_PROXY', () => {
  it('counts the connection’s own address: a forged X-Forwarded-For does not spread requests over addresses', async () => {
    const plain = await testApp({ LOG_LEVEL: 'silent' });
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          await plain.app.inject({
            method: 'POST',
            url: '/api/booking',
            headers: { ...JSON_HEADERS, 'x-forwarded-for': `203.0.113.${i + 1}` },
            payload: { ...request(), token: await plain.app.services.booking.tokens.issue(Date.now() - 10_000) },
          }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await plain.close();
    }
  });
});
