/**
 * Sign-in under abuse (issue 11, item 3), through the app over a real SQLite file: concurrent bursts,
 * strangers locking the admin out, growing back-off, device cookies, the hashing queue, IPv6
 * networks, the throttle table's growth, nesting bombs and body limits, and the security events.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsSchema } from '../src/content/model';
import { HASH_QUEUE_DEFAULTS } from './auth/hash-queue';
import { THROTTLE, accountKey, clientNetwork } from './auth/throttle';
import { HttpError, parseBody } from './errors';
import { BODY_LIMITS, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';
import { ADMIN, JSON_HEADERS, OTHER, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
  await addAccount(t.app, ADMIN);
});
afterEach(async () => {
  await t.close();
});

const signInAs = (payload: unknown, opts: Partial<InjectOptions> & { cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: { ...JSON_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.headers as Record<string, string>) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const wrong = (i: number) => ({ email: ADMIN.email, password: `wrong-password-${i}` });
const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
/** 40 wrong passwords for the admin at once, each from another address. */
const strangerBurst = () => Promise.all(Array.from({ length: 40 }, (_, i) => signInAs(wrong(i), { remoteAddress: `198.51.100.${i + 1}` })));
const events = (type: string) => t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.security === type);
/** Signs the admin in from its own browser; returns the Cookie header with its device cookie only. */
async function adminDevice(remoteAddress = '192.0.2.10'): Promise<string> {
  const res = await signInAs(ADMIN, { remoteAddress });
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'scena_device')!;
  return `${device.name}=${device.value}`;
}

describe('a burst of wrong passwords', () => {
  it(`evaluates at most ${THROTTLE.accountLimit} of 40 sent at once from 40 addresses; the rest get 429 without a hash`, async () => {
    const burst = await strangerBurst();
    expect(statuses(burst)).toEqual({ 401: THROTTLE.accountLimit, 429: 40 - THROTTLE.accountLimit });
    expect(events('sign-in.failed')).toHaveLength(THROTTLE.accountLimit);
    for (const r of burst.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  }, 30_000);
});

describe('device cookies', () => {
  it("let the admin's own browser sign in at once after strangers locked the account; a stranger gets 429 with Retry-After", async () => {
    const device = await adminDevice();
    await strangerBurst();
    const admin = await signInAs(ADMIN, { remoteAddress: '192.0.2.10', cookie: device });
    expect(admin.statusCode).toBe(200);
    // The same right password from a browser without the cookie (a stranger who guessed it, or the
    // admin on a new machine) waits.
    const stranger = await signInAs(ADMIN, { remoteAddress: '192.0.2.99' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toMatch(/Too many failed sign-ins/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(60);
  }, 30_000);

  it("are HttpOnly, SameSite=Strict, signed, and name their account: a changed or another account's cookie is not trusted", async () => {
    await addAccount(t.app, OTHER);
    const res = await signInAs(ADMIN, { remoteAddress: '192.0.2.10' });
    const cookie = res.cookies.find((c) => c.name === 'scena_device')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBeGreaterThan(30 * 86_400);
    const parts = cookie.value.split('.');
    expect(Buffer.from(parts[1]!, 'base64url').toString()).toBe(ADMIN.email);
    // The HMAC key lives in the database, made at first need; never in the cookie.
    const key = (await t.app.services.db.client.execute('SELECT value FROM server_secrets')).rows[0]!.value as ArrayBuffer;
    expect(Buffer.from(key).length).toBe(32);
    await strangerBurst();
    const forged = [
      [parts[0], parts[1], parts[2], 'AAAAAAAAAAAAAAAAAAAAAA', parts[4]].join('.'), // another nonce
      [parts[0], Buffer.from(OTHER.email).toString('base64url'), ...parts.slice(2)].join('.'), // another account
      `${cookie.value.slice(0, -2)}AA`, // another signature
    ];
    for (const value of forged) {
      expect((await signInAs(ADMIN, { remoteAddress: '192.0.2.10', cookie: `scena_device=${value}` })).statusCode, value).toBe(429);
    }
    expect((await signInAs(ADMIN, { remoteAddress: '192.0.2.10', cookie: `scena_device=${cookie.value}` })).statusCode).toBe(200);
  }, 30_000);

  it(`give a device its own budget of ${THROTTLE.deviceLimit} failures, after which the cookie is not trusted`, async () => {
    const device = await adminDevice();
    await strangerBurst();
    for (let i = 0; i < THROTTLE.deviceLimit; i++) {
      expect((await signInAs(wrong(i), { remoteAddress: '192.0.2.10', cookie: device })).statusCode).toBe(401);
    }
    // Budget spent: the browser is an unknown client now, and unknown clients are locked out.
    expect((await signInAs(ADMIN, { remoteAddress: '192.0.2.10', cookie: device })).statusCode).toBe(429);
  }, 30_000);

  it('use the __Host- prefix and Secure over HTTPS, as the session cookie does', async () => {
    const proxied = await testApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await addAccount(proxied.app, ADMIN);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...JSON_HEADERS, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tudorvale.ro', origin: 'https://tudorvale.ro' },
        payload: ADMIN,
      });
      expect(res.statusCode).toBe(200);
      const device = res.cookies.find((c) => c.name === '__Host-scena_device')!;
      expect(device.secure).toBe(true);
      expect(device.path).toBe('/');
      expect(device.domain).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('back-off for unknown clients', () => {
  it('grows per failure beyond the limit: 2, 4, 8, then 15 minutes, instead of one flat lock', async () => {
    const db = t.app.services.db.client;
    for (let i = 0; i < THROTTLE.accountLimit; i++) await signInAs(wrong(i), { remoteAddress: `203.0.113.${i}` });
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      const locked = await signInAs(ADMIN, { remoteAddress: '192.0.2.50' });
      expect(locked.statusCode).toBe(429);
      waits.push(Number(locked.headers['retry-after']));
      // The lock has passed: one more wrong password is evaluated, and locks for longer.
      await db.execute({ sql: 'UPDATE login_throttle SET locked_until = ? WHERE key = ?', args: [Date.now() - 1, accountKey(ADMIN.email)] });
      expect((await signInAs(wrong(100 + round), { remoteAddress: `203.0.113.${100 + round}` })).statusCode).toBe(401);
    }
    expect(waits.map((s) => Math.round(s / 60))).toEqual([2, 4, 8, 15, 15]);
  }, 30_000);
});

describe('hashing concurrency', () => {
  it(`checks at most ${HASH_QUEUE_DEFAULTS.concurrency} passwords at once; beyond a small queue, a fast 429 with Retry-After`, async () => {
    // 30 different unknown e-mails from 30 addresses: nothing for the throttle to refuse.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInAs({ email: `user${i}@example.com`, password: 'some-password-1' }, { remoteAddress: `203.0.113.${i}` })),
    );
    // At most `room` are admitted while the first checks run (more only if some finished meanwhile).
    const room = HASH_QUEUE_DEFAULTS.concurrency + HASH_QUEUE_DEFAULTS.waiting;
    const counts = statuses(burst);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[429]).toBeGreaterThanOrEqual(15);
    for (const busy of burst.filter((r) => r.statusCode === 429)) {
      expect(busy.json()).toMatchObject({ code: 'busy', error: expect.stringMatching(/busy/) });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(counts[401]).toBeGreaterThanOrEqual(room);
    expect(t.app.services.hashing.mostRunning).toBe(HASH_QUEUE_DEFAULTS.concurrency);
    expect(events('sign-in.refused').filter((e) => e.reason === 'busy')).toHaveLength(counts[429]!);
  }, 30_000);
});

describe('client addresses', () => {
  it('limits an IPv6 client per /64: other addresses in its network are refused, another network is not', async () => {
    for (let i = 0; i < THROTTLE.addressLimit; i++) {
      expect(
        (await signInAs({ email: `user${i}@example.com`, password: 'some-password-1' }, { remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` })).statusCode,
      ).toBe(401);
    }
    expect((await signInAs(ADMIN, { remoteAddress: '2001:db8:1:2:ffff:ee:dd:cc' })).statusCode).toBe(429);
    expect((await signInAs(ADMIN, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  }, 30_000);

  it('counts IPv4-mapped IPv6 as the IPv4 address', async () => {
    for (let i = 0; i < THROTTLE.addressLimit; i++) {
      await signInAs({ email: `user${i}@example.com`, password: 'some-password-1' }, { remoteAddress: '::ffff:203.0.113.7' });
    }
    expect((await signInAs(ADMIN, { remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
  }, 30_000);

  it('reads every IPv6 form to the same network', () => {
    expect(clientNetwork('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:0:0:ffff::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:a:b:c:d:1.2.3.4')).toBe('2001:db8:a:b::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('::ffff:c000:201')).toBe('192.0.2.1');
    expect(clientNetwork('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('the throttle table', () => {
  it('is pruned: rows quiet for an hour go, recent and locked ones stay', async () => {
    const db = t.app.services.db.client;
    const hourAgo = Date.now() - 61 * 60_000;
    await db.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            INSERT INTO login_throttle (key, failures, last_at, locked_until) SELECT 'address:10.0.' || i, 3, ?, 0 FROM n`,
      args: [hourAgo],
    });
    await db.execute({ sql: "INSERT INTO login_throttle (key, failures, last_at, locked_until) VALUES ('address:10.9.9.9', 2, ?, 0)", args: [Date.now()] });
    await db.execute({
      sql: "INSERT INTO login_throttle (key, failures, last_at, locked_until) VALUES ('account:x@example.com', 9, ?, ?)",
      args: [hourAgo, Date.now() + 60_000],
    });
    await signInAs(wrong(1));
    const keys = (await db.execute('SELECT key FROM login_throttle ORDER BY key')).rows.map((r) => r.key);
    expect(keys).toEqual(['account:admin@tudorvale.ro', 'account:x@example.com', 'address:10.9.9.9', 'address:127.0.0.1']);
  });

  it('stays bounded when an attacker spreads attempts over many addresses and e-mails', async () => {
    const db = t.app.services.db.client;
    await db.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10500)
            INSERT INTO login_throttle (key, failures, last_at, locked_until) SELECT 'address:10.1.' || i, 1, ? + i, 0 FROM n`,
      args: [Date.now() - 30 * 60_000],
    });
    await signInAs(wrong(1));
    const count = Number((await db.execute('SELECT count(*) AS n FROM login_throttle')).rows[0]!.n);
    expect(count).toBeLessThanOrEqual(10_002);
    // The oldest went first.
    expect((await db.execute("SELECT count(*) AS n FROM login_throttle WHERE key = 'address:10.1.10500'")).rows[0]!.n).toBe(1);
  });
});

describe('request bodies', () => {
  const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it('refuses a nesting bomb with a 400 before JSON.parse, quickly, on every route', async () => {
    const cookie = await signIn(t.app);
    const bombs: [string, string, string][] = [
      ['POST', '/api/session', `{"email":${nestedArrays(1900)}}`],
      ['POST', '/api/session', nestedObjects(600)],
      ['PATCH', '/api/admin/settings', nestedArrays(45_000)],
      ['PATCH', '/api/admin/settings', nestedObjects(15_000)],
      ['PUT', '/api/admin/releases/order', nestedArrays(100_000)],
    ];
    for (const [method, url, payload] of bombs) {
      const started = performance.now();
      const res = await t.app.inject({ method: method as 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
      const ms = performance.now() - started;
      expect(res.statusCode, `${url} ${payload.length}`).toBe(400);
      expect(res.json()).toEqual({ error: `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, code: 'too-deep' });
      expect(ms, url).toBeLessThan(250);
    }
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user.email).toBe(ADMIN.email);
  });

  it("refuses a body over its route's limit with 413 and the limit, before reading the rest", async () => {
    const cookie = await signIn(t.app);
    const cases: [string, string, number][] = [
      ['POST', '/api/session', BODY_LIMITS.credentials],
      ['POST', '/api/admin/password', BODY_LIMITS.credentials],
      ['PATCH', '/api/admin/settings', BODY_LIMITS.content],
      ['POST', '/api/admin/releases', BODY_LIMITS.content],
      ['PUT', '/api/admin/collaborators/order', BODY_LIMITS.order],
      ['DELETE', '/api/session', BODY_LIMITS.default],
      ['POST', '/api/nothing-here', BODY_LIMITS.default],
    ];
    for (const [method, url, limit] of cases) {
      const payload = JSON.stringify({ email: 'x'.repeat(limit) });
      const res = await t.app.inject({ method: method as 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toEqual({ error: `The request body is too large: at most ${limit / 1024} KB here.`, code: 'too-large' });
    }
  });

  it('still takes every body the model allows: the longest settings, in three-byte characters', async () => {
    const cookie = await signIn(t.app);
    const long = (n: number) => '語'.repeat(n);
    const link = (n: number) => `https://example.com/${long(n - 20)}`;
    const settings = {
      heroTitle_en: long(120),
      heroTitle_ro: long(120),
      bio1_en: long(2000),
      bio2_en: long(2000),
      bio3_en: long(2000),
      bio1_ro: long(2000),
      bio2_ro: long(2000),
      bio3_ro: long(2000),
      email: `mailto:${'a'.repeat(64)}@${'b'.repeat(180)}.ro`,
      links: { spotify: link(2048), artistconnect: link(2048), youtube: link(2048), instagram: link(2048), tiktok: link(2048), twitter: link(2048) },
    };
    const body = JSON.stringify(settings);
    expect(Buffer.byteLength(body)).toBeGreaterThan(70 * 1024);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload: body });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('walks a parsed body without recursion: a value nested 100,000 deep is a 400, not a stack overflow', () => {
    let deep: unknown = '\uD800';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(() => parseBody(SettingsSchema, deep)).toThrow(HttpError);
    try {
      parseBody(SettingsSchema, deep);
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).field!.split('.')).toHaveLength(100_000);
    }
  });

  it('scans depth in strings and escapes correctly', () => {
    const at = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(nestsDeeperThan(at(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(at(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [['x']]]), 2)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });
});

describe('security events', () => {
  it('logs sign-in succeeded, failed and refused, sign-out, sign out everywhere and password changed, never a secret', async () => {
    await addAccount(t.app, OTHER);
    const newPassword = 'copper-willow-7731';
    await signInAs({ ...ADMIN, password: 'Wrong-Secret-Value-1' });
    await signInAs({ email: 'Typed-Password-In-Email-9', password: 'Wrong-Secret-Value-2' });
    await signInAs(OTHER);
    const res = await signInAs(ADMIN);
    const cookies = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { ...JSON_HEADERS, cookie: cookies },
      payload: { currentPassword: ADMIN.password, newPassword },
    });
    expect(change.statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { ...JSON_HEADERS, cookie: cookies }, payload: '{}' });
    const again = await signInAs({ ...ADMIN, password: newPassword });
    const session = `${again.cookies[0]!.name}=${again.cookies[0]!.value}`;
    await t.app.inject({ method: 'DELETE', url: '/api/admin/sessions', headers: { ...JSON_HEADERS, cookie: session }, payload: '{}' });
    for (let i = 0; i < THROTTLE.accountLimit + 1; i++) await signInAs(wrong(i), { remoteAddress: '203.0.113.1' });

    const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.security);
    const summary = lines.map((l) => [l.security, l.reason ?? null, l.email ?? null]);
    expect(summary).toEqual([
      ['sign-in.failed', 'bad-password', ADMIN.email],
      ['sign-in.failed', 'unknown-account', null],
      ['sign-in.refused', 'not-admin', OTHER.email],
      ['sign-in.succeeded', null, ADMIN.email],
      ['password.changed', null, ADMIN.email],
      ['sign-out', null, ADMIN.email],
      ['sign-in.succeeded', null, ADMIN.email],
      ['sign-out.everywhere', null, ADMIN.email],
      ...Array.from({ length: THROTTLE.accountLimit }, () => ['sign-in.failed', 'bad-password', ADMIN.email]),
      ['sign-in.refused', 'account-locked', ADMIN.email],
    ]);
    for (const line of lines) {
      expect(line.msg).toBe('security event');
      expect(typeof line.ip).toBe('string');
    }
    expect(lines.find((l) => l.security === 'sign-out.everywhere')!.sessionsEnded).toBe(1);
    const all = t.logs.join('\n');
    const secrets = [
      'Wrong-Secret-Value-1',
      'Wrong-Secret-Value-2',
      'Typed-Password-In-Email-9',
      ADMIN.password,
      OTHER.password,
      newPassword,
      ...res.cookies.map((c) => c.value),
      ...again.cookies.map((c) => c.value),
    ];
    for (const secret of secrets) expect(all).not.toContain(secret);
  }, 30_000);
});
