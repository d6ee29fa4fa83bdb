/**
 * The booking endpoint under any input (fast-check, 1,000 runs under `npm run fuzz`, 200 in `npm test`: test/runs.ts) and under a burst (100 requests at once), against
 * the real SQLite database: never a server error; a refused request stores nothing (no item, no version, no
 * notice); an accepted one is stored once with exactly what was sent; what is stored always meets the declaration;
 * in a burst each request is stored or refused with a reason, none lost, none doubled.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailValue, textValue } from '../src/content/fields/arbitraries';
import { kindSchema } from '../src/content/fields/schema';
import { linkCount } from '../src/content/fields/checks';
import { bookings } from '../src/content/kinds';
import { JSON_HEADERS, testApp, type TestApp } from './test/helpers';
import { propertyRuns } from './test/runs';

// 200 in CI: fewer runs leave the no-token form post with every field valid ("press Send again") unmet at times.
const RUNS = propertyRuns(2000);

const VISITOR = bookings.inbox.visitorFields;

describe(`POST /api/booking, any body (${RUNS.toLocaleString('en')} runs)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits out of the way (they have tests of their own); mail on, to a port where nothing listens: notices only wait.
    t = await testApp(
      { LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'site@example.com' },
      { build: { booking: { limits: { perAddress: 1e9, perSite: 1e9 }, timing: { pollMs: 3_600_000, retryDelayMs: () => 3_600_000 } } } },
    );
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  const STATE = `SELECT json_object(
    'items', (SELECT json_group_array(json_array(id, json(data))) FROM (SELECT * FROM list_items WHERE kind = 'bookings' ORDER BY id)),
    'history', (SELECT count(*) FROM history WHERE kind = 'bookings'),
    'outbox', (SELECT count(*) FROM booking_outbox)) AS s`;
  const state = async () => String((await t.app.services.db.client.execute(STATE)).rows[0]!.s);
  const items = async () =>
    (await t.app.services.db.client.execute("SELECT data FROM list_items WHERE kind = 'bookings'")).rows.map(
      (r) => JSON.parse(String(r.data)) as Record<string, unknown>,
    );

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const valid = {
    name: fc.constantFrom('Ana', 'Ioana Țăran', 'DJ 🎧 Nocturn', 'A'.repeat(120)),
    email: fc.oneof(
      fc.constantFrom('ana@example.com', 'ioana.taran@mail.example.ro'),
      fc.emailAddress().filter((e) => e.length <= 254 && !/[?#%]/.test(e)),
    ),
    service: fc.constantFrom(...bookings.fields.service.options),
    city: fc.constantFrom('', 'Cluj-Napoca', 'c'.repeat(80)),
    venue: fc.constantFrom('', 'Form Space', 'v'.repeat(120)),
    budget: fc.constantFrom('', '300 EUR', 'b'.repeat(60)),
    date: fc.constantFrom('', day(0), day(-1), day(400)),
    message: fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
    lang: fc.constantFrom('en', 'ro'),
  };
  const wild = {
    name: fc.oneof(textValue(120), fc.constantFrom('Ana\r\nBcc: x@example.com', 'Ana\n', '')),
    email: fc.oneof(emailValue, fc.constantFrom('ana@example.com\r\nBcc: x@example.com', 'mailto:ana@example.com', '')),
    service: fc.oneof(fc.constantFrom('beats', 'other ', ''), fc.anything({ maxDepth: 1 })),
    city: fc.oneof(textValue(80), fc.constantFrom('Cluj\r\nBcc: x@example.com', '   ')),
    venue: textValue(120),
    budget: textValue(60),
    date: fc.oneof(fc.constantFrom(day(-2), day(-400), '2027-02-30', '2027-13-01', '27-01-01'), fc.string({ maxLength: 12 })),
    message: fc.oneof(textValue(5000), fc.constantFrom('see https://a.example www.b.example http://c.example HTTPS://d.example', 'x'.repeat(5001), '   ')),
    lang: fc.oneof(fc.constantFrom('de', 'EN', ''), fc.anything({ maxDepth: 1 })),
  };
  /** Each field valid (mostly), wild, or left out. */
  const field = (name: keyof typeof valid) =>
    fc.oneof(
      { weight: 24, arbitrary: valid[name] },
      { weight: 2, arbitrary: wild[name] as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const body = fc.record({
    fields: fc.record(Object.fromEntries(VISITOR.map((f) => [f, field(f)])) as { [K in keyof typeof valid]: fc.Arbitrary<unknown> }),
    honeypot: fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.string({ minLength: 1 }) },
    ),
    token: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'too-soon', 'forged', 'none'),
    extra: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()) },
    ),
    form: fc.boolean(),
  });

  it('never fails on the server, stores nothing when refused, stores exactly what was sent when accepted', async () => {
    const schema = kindSchema(bookings);
    const seen = new Set<string>();
    let accepted = 0;
    let pressAgain = 0;
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const tokens = t.app.services.booking.tokens;
        const token =
          b.token === 'ok'
            ? await tokens.issue(Date.now() - 10_000)
            : b.token === 'too-soon'
              ? await tokens.issue()
              : b.token === 'forged'
                ? 'b1.zz.AAAA'
                : undefined;
        const payload: Record<string, unknown> = {
          ...b.extra,
          ...b.fields,
          ...(b.honeypot === undefined ? {} : { website: b.honeypot }),
          ...(token ? { token } : {}),
        };
        for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
        const before = await state();
        // A form sends text only, as the browser encodes it (a lone surrogate becomes U+FFFD): compared as the server reads it.
        const encoded = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString();
        if (b.form) for (const [k, v] of new URLSearchParams(encoded)) payload[k] = v;
        const res = b.form
          ? await t.app.inject({ method: 'POST', url: '/api/booking', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: encoded })
          : await t.app.inject({ method: 'POST', url: '/api/booking', headers: JSON_HEADERS, payload: JSON.stringify(payload) });
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        expect([200, 201, 400, 413]).toContain(res.statusCode);
        const after = await state();
        const honeypot = typeof payload.website === 'string' ? payload.website !== '' : payload.website !== undefined;
        // A form posted without a token (the cached page's, without JavaScript) is never stored: answered 200 with the
        // form again and a fresh token (or, with a field at fault, 400 and the form with its errors).
        if (b.form && !token && !honeypot) {
          expect(after).toBe(before);
          if (res.statusCode === 200) {
            expect(res.body).toMatch(/name="token" value="b1s\./);
            pressAgain++;
          }
          return;
        }
        const ok = res.statusCode === 200 || res.statusCode === 201;
        if (!ok) {
          // Refused: nothing stored, no version, no notice.
          expect(after).toBe(before);
          return;
        }
        const sent = Object.fromEntries(VISITOR.map((f) => [f, payload[f] ?? (f === 'lang' ? 'en' : '')]));
        const key = JSON.stringify(VISITOR.map((f) => sent[f]));
        if (honeypot || seen.has(key)) {
          expect(after).toBe(before);
          return;
        }
        seen.add(key);
        accepted++;
        const stored = (await items()).filter((i) => JSON.stringify(VISITOR.map((f) => i[f])) === key);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ ...sent, status: 'new' });
        expect(schema.safeParse(stored[0]).success).toBe(true);
        expect(String(stored[0]!.name)).not.toMatch(/[\r\n]/);
        expect(linkCount(String(stored[0]!.message))).toBeLessThanOrEqual(3);
      }),
      { numRuns: RUNS },
    );
    // The runs reached both sides: many accepted, many refused.
    expect(accepted).toBeGreaterThan(RUNS / 10);
    expect(pressAgain).toBeGreaterThan(0);
    expect((await items()).length).toBe(accepted);
    expect(Number((await t.app.services.db.client.execute('SELECT count(*) AS n FROM booking_outbox')).rows[0]!.n)).toBe(accepted);
  }, 300_000);
});

describe('100 booking requests at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  /** 80 different requests and 20 exact copies of the first 20, each from its own address, all sent at once. */
  async function burst(tag: string) {
    const tokens = await Promise.all(Array.from({ length: 100 }, () => t.app.services.booking.tokens.issue(Date.now() - 10_000)));
    const bodies = Array.from({ length: 100 }, (_, i) => ({
      name: `Visitor ${i % 80}`,
      email: `v${i % 80}@example.com`,
      service: 'beat',
      budget: '',
      date: '',
      message: `${tag} request ${i % 80}`,
      lang: 'en',
      website: '',
    }));
    const answers = await Promise.all(
      bodies.map((b, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/booking',
          headers: { ...JSON_HEADERS, 'x-forwarded-for': `10.${tag.length}.${Math.floor(i / 200)}.${i + 1}` },
          payload: { ...b, token: tokens[i] },
        }),
      ),
    );
    const rows = (await t.app.services.db.client.execute("SELECT data FROM list_items WHERE kind = 'bookings'")).rows.map(
      (r) => (JSON.parse(String(r.data)) as { message: string }).message,
    );
    return { bodies, answers, rows: rows.filter((m) => m.startsWith(`${tag} `)) };
  }

  it('each is stored or refused with a reason (the site’s hourly limit), none lost, none doubled', async () => {
    const { bodies, answers, rows } = await burst('first');
    for (const a of answers) {
      expect(a.statusCode, a.body).toBeLessThan(500);
      if (a.statusCode !== 201) {
        expect(a.statusCode).toBe(429);
        expect(a.json().code).toBe('booking-site-busy');
        expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // None doubled: each message at most once. None lost: every request answered 201 is in the inbox.
    expect(new Set(rows).size).toBe(rows.length);
    answers.forEach((a, i) => {
      if (a.statusCode === 201) expect(rows).toContain(bodies[i]!.message);
    });
    // The site takes 40 an hour: 40 stored; a copy of a stored one is answered as a success, the rest refused.
    expect(rows).toHaveLength(40);
    const taken = new Set(rows);
    answers.forEach((a, i) => expect(a.statusCode === 201).toBe(taken.has(bodies[i]!.message)));
  }, 60_000);

  it('with room for all, stores the 80 different requests once each and folds the 20 copies', async () => {
    await t.app.services.db.client.execute('DELETE FROM booking_counts');
    // Limits of the test app raised for this burst: the counts live in the database, so set them far in the future.
    await t.app.services.db.client.execute({ sql: "INSERT INTO booking_counts (key, window_start, count) VALUES ('site', ?, -1000)", args: [Date.now()] });
    const { answers, rows } = await burst('second');
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(201));
    expect(rows).toHaveLength(80);
    expect(new Set(rows).size).toBe(80);
  }, 60_000);
});
