/** The JSON API, built in-process and called with app.inject, over a real SQLite file in a temporary folder. */
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetPassword } from './auth/accounts';
import { THROTTLE } from './auth/throttle';
import { ADMIN, JSON_HEADERS, OTHER, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { EMPTY_CONTENT } from '../src/content/page-data';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

const inject = (opts: InjectOptions) => t.app.inject(opts);
const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown, cookie?: string) =>
  inject({ method, url, headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) });
const content = async () => (await inject({ url: '/api/content' })).json();

describe('public reads', () => {
  it('serves empty content before anything is saved', async () => {
    expect(await content()).toEqual(EMPTY_CONTENT);
    expect((await inject({ url: '/api/settings' })).json()).toEqual({ settings: null });
    expect((await inject({ url: '/api/stats' })).json()).toEqual({ stats: null });
    expect((await inject({ url: '/api/releases' })).json()).toEqual({ releases: [] });
    expect((await inject({ url: '/api/collaborators' })).json()).toEqual({ collaborators: [] });
  });
});

describe('sign-in and sessions', () => {
  beforeEach(async () => {
    await addAccount(t.app, ADMIN);
  });

  it('signs the admin in with an HttpOnly, SameSite cookie holding a 256-bit token stored only as a hash', async () => {
    const res = await write('POST', '/api/session', ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { email: ADMIN.email, isAdmin: true } });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies[0]!;
    expect(cookie.name).toBe('scena_session');
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = (await t.app.services.db.client.execute('SELECT token_hash FROM sessions')).rows;
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash as ArrayBuffer).toString('base64url')).not.toBe(cookie.value);
    expect(readFileSync(t.dbFile).includes(cookie.value)).toBe(false);
    const me = await inject({ url: '/api/session', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.json()).toEqual({ user: { email: ADMIN.email, isAdmin: true } });
  });

  it('refuses a wrong password or an unknown account with "Login failed", setting no cookie', async () => {
    for (const body of [
      { ...ADMIN, password: 'not-the-password' },
      { email: 'nobody@example.com', password: ADMIN.password },
    ]) {
      const res = await write('POST', '/api/session', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Login failed');
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('gives another account "Not authorized" and no session', async () => {
    await addAccount(t.app, OTHER);
    const res = await write('POST', '/api/session', OTHER);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Not authorized');
    expect(res.cookies).toHaveLength(0);
  });

  it('compares the admin e-mail case-insensitively', async () => {
    const res = await write('POST', '/api/session', { email: 'ADMIN@TudorVale.ro', password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isAdmin).toBe(true);
  });

  it('issues a new token at each sign-in and revokes the old one; sign-out revokes the current one', async () => {
    const first = await signIn(t.app);
    const second = (await inject({ method: 'POST', url: '/api/session', headers: { ...JSON_HEADERS, cookie: first }, payload: ADMIN })).cookies[0]!;
    const secondCookie = `${second.name}=${second.value}`;
    expect(secondCookie).not.toBe(first);
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 1 }, first)).statusCode).toBe(401);
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 2 }, secondCookie)).statusCode).toBe(200);
    const out = await write('DELETE', '/api/session', {}, secondCookie);
    expect(out.statusCode).toBe(200);
    expect(out.cookies[0]!.value).toBe('');
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 3 }, secondCookie)).statusCode).toBe(401);
    expect((await inject({ url: '/api/session', headers: { cookie: secondCookie } })).json()).toEqual({ user: null });
  });

  it('ends every session of an account when its password is reset', async () => {
    const cookie = await signIn(t.app);
    await resetPassword(t.app.services.db, ADMIN.email, 'amber-meadow-5521');
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 1 }, cookie)).statusCode).toBe(401);
    expect((await write('POST', '/api/session', ADMIN)).statusCode).toBe(401);
    expect((await write('POST', '/api/session', { email: ADMIN.email, password: 'amber-meadow-5521' })).statusCode).toBe(200);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const db = t.app.services.db.client;
    const idle = await signIn(t.app);
    await db.execute({ sql: 'UPDATE sessions SET last_seen_at = ?', args: [Date.now() - 31 * 60_000] });
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 1 }, idle)).statusCode).toBe(401);
    const old = await signIn(t.app);
    await db.execute({ sql: 'UPDATE sessions SET created_at = ?, last_seen_at = ?', args: [Date.now() - 13 * 3_600_000, Date.now()] });
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 1 }, old)).statusCode).toBe(401);
    expect((await db.execute('SELECT count(*) AS n FROM sessions')).rows[0]!.n).toBe(0);
  });

  it('refuses every admin write without a session, and changes nothing', async () => {
    const calls: [string, string, unknown][] = [
      ['PATCH', '/api/admin/settings', { heroTitle_en: 'x' }],
      ['PUT', '/api/admin/stats', { monthlyListeners: 5 }],
      ['POST', '/api/admin/releases', { title: 't', meta: 'm', url: '', cover: '' }],
      ['POST', '/api/admin/collaborators', { name: 'n', role: 'r' }],
      ['PUT', '/api/admin/releases/order', { ids: [] }],
      ['DELETE', '/api/admin/releases/abc', {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await write(method as 'POST', url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await content()).toEqual(EMPTY_CONTENT);
  });
});

describe('secure cookies behind a declared HTTPS proxy', () => {
  it('uses the __Host- prefix, Secure and HSTS when the request came over HTTPS', async () => {
    const proxied = await testApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await addAccount(proxied.app, ADMIN);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...JSON_HEADERS, 'x-forwarded-proto': 'https', origin: 'http://localhost:80' },
        payload: ADMIN,
      });
      expect(res.statusCode).toBe(403); // the page was not served over HTTPS: another origin
      const ok = await proxied.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...JSON_HEADERS, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tudorvale.ro', origin: 'https://tudorvale.ro' },
        payload: ADMIN,
      });
      expect(ok.statusCode).toBe(200);
      const cookie = ok.cookies[0]!;
      expect(cookie.name).toBe('__Host-scena_session');
      expect(cookie.secure).toBe(true);
      expect(cookie.path).toBe('/');
      expect(cookie.domain).toBeUndefined();
      expect(ok.headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    } finally {
      await proxied.close();
    }
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await inject({ url: '/api/content', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('content writes by the admin', () => {
  let cookie: string;
  beforeEach(async () => {
    await addAccount(t.app, ADMIN);
    cookie = await signIn(t.app);
  });

  it('merges settings: fields sent replace, fields not sent (and links not sent) stay', async () => {
    expect((await write('PATCH', '/api/admin/settings', { heroTitle_en: 'Hello', links: { spotify: 'https://open.spotify.com/a' } }, cookie)).statusCode).toBe(
      200,
    );
    const res = await write(
      'PATCH',
      '/api/admin/settings',
      { bio1_ro: 'Salut', email: 'mailto:booking@tudorvale.ro', links: { youtube: 'https://youtube.com/@t' } },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const settings = {
      heroTitle_en: 'Hello',
      bio1_ro: 'Salut',
      email: 'mailto:booking@tudorvale.ro',
      links: { spotify: 'https://open.spotify.com/a', youtube: 'https://youtube.com/@t' },
    };
    expect(res.json()).toEqual({ settings });
    expect((await content()).settings).toEqual(settings);
  });

  it('saves stats as a whole number of 0 or more', async () => {
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 0 }, cookie)).statusCode).toBe(200);
    expect((await write('PUT', '/api/admin/stats', { monthlyListeners: 12345 }, cookie)).statusCode).toBe(200);
    for (const bad of [-1, 1.5, '12', null, 1e12]) {
      const res = await write('PUT', '/api/admin/stats', { monthlyListeners: bad }, cookie);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().field).toBe('monthlyListeners');
      expect(res.json().error).toMatch(/^monthlyListeners /);
    }
    expect((await content()).stats).toEqual({ monthlyListeners: 12345 });
  });

  it('adds, updates, reorders and removes releases; public lists come in the saved order', async () => {
    const add = async (title: string) => {
      const res = await write('POST', '/api/admin/releases', { title, meta: `${title} meta`, url: 'https://open.spotify.com/album/1', cover: '' }, cookie);
      expect(res.statusCode).toBe(201);
      return res.json().item as { id: string; title: string };
    };
    const a = await add('A');
    const b = await add('B');
    const c = await add('C');
    expect((await content()).releases.map((r: { title: string }) => r.title)).toEqual(['A', 'B', 'C']);
    expect((await write('PUT', `/api/admin/releases/${b.id}`, { title: 'B2', meta: 'new', url: '', cover: '' }, cookie)).statusCode).toBe(200);
    expect((await write('PUT', '/api/admin/releases/order', { ids: [c.id, a.id, b.id] }, cookie)).statusCode).toBe(200);
    const listed = (await inject({ url: '/api/releases' })).json().releases as Record<string, unknown>[];
    const pick = ({ id, title, meta, url, cover, slug, status }: Record<string, unknown>) => ({ id, title, meta, url, cover, slug, status });
    // Fields a write leaves out are stored empty (a release published, as the spec's were); the address is made from
    // the title and kept when the title changes.
    expect(listed.map(pick)).toEqual([
      { id: c.id, title: 'C', meta: 'C meta', url: 'https://open.spotify.com/album/1', cover: '', slug: 'c', status: 'published' },
      { id: a.id, title: 'A', meta: 'A meta', url: 'https://open.spotify.com/album/1', cover: '', slug: 'a', status: 'published' },
      { id: b.id, title: 'B2', meta: 'new', url: '', cover: '', slug: 'b', status: 'published' },
    ]);
    expect(listed[0]).toMatchObject({ kind: 'single', date: '', links: {}, description_en: '', description_ro: '', tracks: 0 });
    const d = await add('D');
    expect((await content()).releases.map((r: { title: string }) => r.title)).toEqual(['C', 'A', 'B2', 'D']);
    expect((await write('DELETE', `/api/admin/releases/${a.id}`, {}, cookie)).statusCode).toBe(200);
    expect((await write('DELETE', `/api/admin/releases/${a.id}`, {}, cookie)).statusCode).toBe(404);
    expect((await write('PUT', `/api/admin/releases/${a.id}`, { title: 'x', meta: '', url: '', cover: '' }, cookie)).statusCode).toBe(404);
    const partial = await write('PUT', '/api/admin/releases/order', { ids: [d.id, c.id] }, cookie);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().field).toBe('ids');
    expect((await write('PUT', '/api/admin/releases/order', { ids: [d.id, c.id, c.id] }, cookie)).statusCode).toBe(400);
    expect((await content()).releases.map((r: { title: string }) => r.title)).toEqual(['C', 'B2', 'D']);
  });

  it('gives each release its own address: made from the title, numbered when taken, refused when given twice, even at once', async () => {
    const add = (body: Record<string, unknown>) => write('POST', '/api/admin/releases', body, cookie);
    const first = (await add({ title: 'Lumini de oraș' })).json().item;
    expect(first.slug).toBe('lumini-de-oras');
    expect((await add({ title: 'Lumini de oraș!' })).json().item.slug).toBe('lumini-de-oras-2');
    expect((await add({ title: '🎵' })).json().item.slug).toBe('release');
    const taken = await add({ title: 'Other', slug: 'lumini-de-oras' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'slug-taken', field: 'slug' });
    // Renaming keeps the address; the admin may change it, not to another's.
    expect((await write('PUT', `/api/admin/releases/${first.id}`, { title: 'City Lights' }, cookie)).json().item.slug).toBe('lumini-de-oras');
    expect((await write('PUT', `/api/admin/releases/${first.id}`, { title: 'City Lights', slug: 'lumini-de-oras-2' }, cookie)).statusCode).toBe(409);
    // Ten concurrent adds of one address: exactly one lands.
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => add({ title: `Race ${i}`, slug: 'same-address' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const slugs = ((await inject({ url: '/api/releases' })).json().releases as { slug: string }[]).map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("keeps a draft release the admin's: visitors' list reads never hold it, the admin's does", async () => {
    const draft = (await write('POST', '/api/admin/releases', { title: 'Secret single', status: 'draft' }, cookie)).json().item;
    const out = (await write('POST', '/api/admin/releases', { title: 'Out now' }, cookie)).json().item;
    const ids = (res: { json(): { releases: { id: string }[] } }) => res.json().releases.map((r) => r.id);
    expect(ids(await inject({ url: '/api/releases' }))).toEqual([out.id]);
    expect(ids(await inject({ url: '/api/admin/releases', headers: { cookie } }))).toEqual([draft.id, out.id]);
    expect((await inject({ url: '/api/releases' })).body).not.toContain('Secret single');
  });

  it('adds, updates, reorders and removes collaborators', async () => {
    const x = (await write('POST', '/api/admin/collaborators', { name: 'Irina', role: 'Artist' }, cookie)).json().item;
    const y = (await write('POST', '/api/admin/collaborators', { name: 'Matei', role: 'Audio Engineer' }, cookie)).json().item;
    expect((await write('PUT', `/api/admin/collaborators/${x.id}`, { name: 'Irina D.', role: 'Artist' }, cookie)).statusCode).toBe(200);
    expect((await write('PUT', '/api/admin/collaborators/order', { ids: [y.id, x.id] }, cookie)).statusCode).toBe(200);
    expect((await content()).collaborators).toEqual([
      { id: y.id, name: 'Matei', roleKind: 'own', role: 'Audio Engineer', roleRo: '' },
      { id: x.id, name: 'Irina D.', roleKind: 'own', role: 'Artist', roleRo: '' },
    ]);
    expect((await write('DELETE', `/api/admin/collaborators/${y.id}`, {}, cookie)).statusCode).toBe(200);
    expect((await content()).collaborators).toEqual([{ id: x.id, name: 'Irina D.', roleKind: 'own', role: 'Artist', roleRo: '' }]);
  });

  it('refuses bad input with a 4xx naming the field, and stores nothing', async () => {
    await write('PATCH', '/api/admin/settings', { heroTitle_en: 'Kept' }, cookie);
    const before = await content();
    const cases: [string, string, unknown, string][] = [
      ['PATCH', '/api/admin/settings', { heroTitle_en: 'ok', isAdmin: true }, 'isAdmin'],
      ['PATCH', '/api/admin/settings', { links: { spotify: 'javascript:alert(1)' } }, 'links.spotify'],
      ['PATCH', '/api/admin/settings', { links: { youtube: 'http://youtube.com' } }, 'links.youtube'],
      ['PATCH', '/api/admin/settings', { links: { myspace: 'https://myspace.com' } }, 'links.myspace'],
      ['PATCH', '/api/admin/settings', { email: 'javascript:alert(1)//@x.com' }, 'email'],
      ['PATCH', '/api/admin/settings', { heroTitle_ro: 'x'.repeat(121) }, 'heroTitle_ro'],
      ['PATCH', '/api/admin/settings', { bio2_en: 42 }, 'bio2_en'],
      ['POST', '/api/admin/releases', { title: 'T', meta: 'M', url: 'data:text/html,<script>alert(1)</script>', cover: '' }, 'url'],
      ['POST', '/api/admin/releases', { title: 'T', slug: '../etc' }, 'slug'],
      ['POST', '/api/admin/releases', { title: 'T', slug: 'a/b' }, 'slug'],
      ['POST', '/api/admin/releases', { title: 'T', links: { spotify: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } }, 'links.spotify'],
      ['POST', '/api/admin/releases', { title: 'T', links: { spotify: 'https://open.spotify.com.evil.example/album/1' } }, 'links.spotify'],
      ['POST', '/api/admin/releases', { title: 'T', links: { deezer: 'javascript:alert(1)' } }, 'links.deezer'],
      ['POST', '/api/admin/releases', { title: 'T', date: '2026-02-30T20:00' }, 'date'],
      ['POST', '/api/admin/releases', { title: 'T', date: '2027-03-28T03:30' }, 'date'],
      ['POST', '/api/admin/releases', { title: 'T', status: 'scheduled' }, 'status'],
      ['POST', '/api/admin/collaborators', { name: 'N', role: ['r'] }, 'role'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await write(method as 'POST', url, body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().error.startsWith(field)).toBe(true);
    }
    const notObject = await write('PATCH', '/api/admin/settings', ['x'], cookie);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error).toMatch(/JSON object/);
    const broken = await inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload: '{"heroTitle_en": ' });
    expect(broken.statusCode).toBe(400);
    const proto = await inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload: '{"__proto__": {"x": 1}}' });
    expect(proto.statusCode).toBe(400);
    const huge = await write('PATCH', '/api/admin/settings', { bio1_en: 'x'.repeat(300_000) }, cookie);
    expect(huge.statusCode).toBe(413);
    expect(await content()).toEqual(before);
  });
});

describe('state changes only by same-origin JSON requests', () => {
  let cookie: string;
  beforeEach(async () => {
    await addAccount(t.app, ADMIN);
    cookie = await signIn(t.app);
  });

  it('refuses form posts, other content types, other origins and cross-site fetches', async () => {
    const attempts = [
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'monthlyListeners=1', status: 415 },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--', status: 415 },
      { headers: { 'content-type': 'text/plain' }, payload: '{"monthlyListeners":1}', status: 415 },
      { headers: {}, payload: undefined, status: 415 },
      { headers: { ...JSON_HEADERS, origin: 'https://evil.example' }, payload: '{"monthlyListeners":1}', status: 403 },
      { headers: { ...JSON_HEADERS, origin: 'null' }, payload: '{"monthlyListeners":1}', status: 403 },
      { headers: { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site' }, payload: '{"monthlyListeners":1}', status: 403 },
      { headers: { ...JSON_HEADERS, 'sec-fetch-site': 'same-site' }, payload: '{"monthlyListeners":1}', status: 403 },
    ];
    for (const a of attempts) {
      const res = await inject({ method: 'PUT', url: '/api/admin/stats', headers: { ...a.headers, cookie }, payload: a.payload });
      expect(res.statusCode, JSON.stringify(a.headers)).toBe(a.status);
    }
    expect((await content()).stats).toBeUndefined();
    const same = await inject({
      method: 'PUT',
      url: '/api/admin/stats',
      headers: { ...JSON_HEADERS, cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', host: 'localhost:80' },
      payload: '{"monthlyListeners":7}',
    });
    expect(same.statusCode).toBe(200);
    expect((await content()).stats).toEqual({ monthlyListeners: 7 });
  });

  it('has no GET route that changes anything', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/settings']) {
      expect((await inject({ url, headers: { cookie } })).statusCode).toBe(404);
    }
    // The admin's list read (drafts included) is a read: the content is as it was.
    const before = await content();
    const read = await inject({ url: '/api/admin/releases', headers: { cookie } });
    expect([read.statusCode, Array.isArray(read.json().releases)]).toEqual([200, true]);
    expect(await content()).toEqual(before);
    expect((await inject({ url: '/api/admin/releases' })).statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff and Referrer-Policy on every response, including errors', async () => {
    for (const url of ['/api/content', '/nope', '/api/nope', '/', '/assets/app-abc123.js']) {
      const res = await inject({ url });
      const csp = String(res.headers['content-security-policy']);
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(script).toContain("'self'");
      expect(script).not.toContain('unsafe-inline');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('brute force', () => {
  beforeEach(async () => {
    await addAccount(t.app, ADMIN);
  });
  const attempt = (password: string, headers: Record<string, string> = {}, email = ADMIN.email, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/session', headers: { ...JSON_HEADERS, ...headers }, payload: { email, password } });

  it(`refuses the right password after ${THROTTLE.accountLimit} failures for the account`, async () => {
    for (let i = 0; i < THROTTLE.accountLimit; i++) expect((await attempt('wrong-password-x')).statusCode).toBe(401);
    const locked = await attempt(ADMIN.password, {}, ADMIN.email.toUpperCase());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/Too many/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // From another address too: the lock is on the account.
    expect((await t.app.inject({ method: 'POST', url: '/api/session', headers: JSON_HEADERS, payload: ADMIN, remoteAddress: '10.1.1.1' })).statusCode).toBe(
      429,
    );
    // Once the lock has passed, the right password works again.
    await t.app.services.db.client.execute('UPDATE login_throttle SET locked_until = 0, failures = 0');
    expect((await attempt(ADMIN.password)).statusCode).toBe(200);
  }, 20_000);

  it(`refuses one address after ${THROTTLE.addressLimit} failures, and a forged X-Forwarded-For does not help`, async () => {
    for (let i = 0; i < THROTTLE.addressLimit; i++) {
      expect((await attempt('wrong-password-x', { 'x-forwarded-for': `203.0.113.${i}` }, `user${i}@example.com`)).statusCode).toBe(401);
    }
    expect((await attempt(ADMIN.password, { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/session', headers: JSON_HEADERS, payload: ADMIN, remoteAddress: '10.9.9.9' })).statusCode).toBe(
      200,
    );
  }, 30_000);

  it('counts per client address given by a declared trusted proxy', async () => {
    const proxied = await testApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await addAccount(proxied.app, ADMIN);
      for (let i = 0; i < THROTTLE.addressLimit; i++) {
        await attempt('wrong-password-x', { 'x-forwarded-for': '203.0.113.9' }, `user${i}@example.com`, proxied.app);
      }
      expect((await attempt(ADMIN.password, { 'x-forwarded-for': '203.0.113.9' }, ADMIN.email, proxied.app)).statusCode).toBe(429);
      expect((await attempt(ADMIN.password, { 'x-forwarded-for': '198.51.100.7' }, ADMIN.email, proxied.app)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 30_000);
});

describe('request log', () => {
  it('writes one structured line per request and never a password or session token', async () => {
    await addAccount(t.app, ADMIN);
    const before = t.logs.length;
    await write('POST', '/api/session', { ...ADMIN, password: 'Wrong-Secret-Value-1' });
    const cookie = await signIn(t.app);
    await write('PUT', '/api/admin/stats', { monthlyListeners: 'x' }, cookie);
    await inject({ url: '/api/content', headers: { cookie } });
    // Security events are lines of their own (server/abuse.test.ts checks them).
    const lines = t.logs
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(lines.map((l) => [l.method, l.url, l.status])).toEqual([
      ['POST', '/api/session', 401],
      ['POST', '/api/session', 200],
      ['PUT', '/api/admin/stats', 400],
      ['GET', '/api/content', 200],
    ]);
    const all = t.logs.join('\n');
    for (const secret of ['Wrong-Secret-Value-1', ADMIN.password, cookie.split('=')[1]!]) expect(all).not.toContain(secret);
  });
});
