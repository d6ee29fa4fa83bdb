/**
 * Every route of the API description (docs/openapi.json) meets generated requests (server/test/openapi-requests.ts):
 * shapes at their edges, wrong types, fields left out and added, 1 MB strings, deep nesting, bad UTF-8, other content
 * types, bad Range headers, huge numbers, with the admin's session and without. What must hold for each: no 5xx and no
 * unhandled rejection; a refusal's status is one the description gives for the route, and under /api/ it is in the
 * problem format (`{error, code}` with a code of server/errors.ts whose status it has); and a refused request stores
 * nothing (the content and the other tables, before and after). `npm test` runs a few requests per route; `npm run
 * fuzz` (SCENA_FUZZ=full) 1,000 per route and prints a table: route, requests, statuses seen, slowest.
 *
 * The fans' and letters' routes are fuzzed twice: on the first app, which has no mail set up (most of them answer that
 * the list needs mail), and on a second one whose mail goes to a real SMTP server inside the test (smtp-server), where
 * they reach their validation, the list and the sending.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from './auth/accounts';
import { REFUSALS, type RefusalCode } from './errors';
import { smtpSink } from './test/smtp';
import { ADMIN, JSON_HEADERS, addAccount, testApp, type TestApp } from './test/helpers';
import { requestsFor, type FuzzRequest, type Operation } from './test/openapi-requests';
import { FULL_FUZZ, fuzzRuns } from './test/runs';
import { storedState } from './test/stored-state';

const RUNS = fuzzRuns(1000, 8);
// A RAM-backed folder when there is one: many thousands of requests at the full count, some of them fsynced writes.
const TMP = existsSync('/dev/shm') ? '/dev/shm' : undefined;
/** Beyond the content (STATE_SQL): what a refused request could otherwise have stored. */
const TABLES = ['history', 'booking_outbox', 'subscribers', 'subscribers_erased', 'letters', 'letter_deliveries', 'audience_events', 'accounts'];
/** Requests answered by a page rather than JSON even under /api/: a form posted without JavaScript gets the form again. */
const FORM_POSTS = new Set(['POST /api/booking', 'POST /api/fans']);

const document = JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
};
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

interface Seen {
  requests: number;
  statuses: Map<number, number>;
  slowestMs: number;
}

/** One app under fuzz: its admin's session, and the ids and names that exist in it. */
interface Target {
  t: TestApp;
  cookie: string;
  known: Record<string, string[]>;
}

const seen = new Map<string, Seen>();
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** A fresh session of the admin's, made directly (no sign-in: the fuzzed sign-ins may have locked the address out). */
async function freshCookie(t: TestApp) {
  const account = (await findAccount(t.app.services.db, ADMIN.email))!;
  return `scena_session=${await t.app.services.sessions.create(account.id)}`;
}

async function target(env: Record<string, string> = {}): Promise<Target> {
  const t = await testApp({ LOG_LEVEL: 'silent', ...env }, { tmpRoot: TMP, build: { hashing: { concurrency: 1, waiting: 2 } } });
  await addAccount(t.app, ADMIN);
  const cookie = await freshCookie(t);
  // Things that exist, so generated paths reach past "not found": a release, a letter, an upload, an audio file.
  const post = async (url: string, payload: unknown) =>
    (await t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(payload) })).json() as Record<
      string,
      { id: string }
    >;
  const release = await post('/api/admin/releases', { title: 'Fuzz', slug: 'fuzz', status: 'published', kind: 'single', date: '2026-01-01' });
  const letter = await post('/api/admin/letters', { subject_en: 'Hi', subject_ro: 'Salut', body_en: 'Text', body_ro: 'Text' });
  const upload = await post('/api/admin/uploads', { name: 'a.wav', size: 100 });
  const audioName = `${'a'.repeat(64)}.webm`;
  writeFileSync(join(t.app.services.config.mediaDir, audioName), Buffer.alloc(4096, 1));
  const known: Record<string, string[]> = {
    id: [release.item?.id, letter.letter?.id, upload.upload?.id].filter((id): id is string => typeof id === 'string'),
    name: [audioName],
    slug: ['fuzz'],
    kind: ['releases', 'settings'],
  };
  return { t, cookie, known };
}

let plain: Target;
let mailed: Target;
let sink: Awaited<ReturnType<typeof smtpSink>>;

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  sink = await smtpSink();
  [plain, mailed] = await Promise.all([target(), target(sink.env)]);
  // On the app with mail, a confirmed fan, so that a letter sent or tested goes somewhere.
  const imported = await mailed.t.app.inject({
    method: 'POST',
    url: '/api/admin/fans/import?commit=1',
    headers: { 'content-type': 'text/csv', cookie: mailed.cookie },
    payload: 'first_name,email,status,created_at\nAna,fan@example.com,active,2025-03-04 10:00:00 UTC\n',
  });
  if (imported.statusCode !== 200) throw new Error(`the fan's import: ${imported.statusCode} ${imported.body}`);
  const listed = await mailed.t.app.inject({ url: '/api/admin/fans', headers: { cookie: mailed.cookie } });
  if (!listed.body.includes('fan@example.com')) throw new Error(`the fan imported is not listed: ${listed.body}`);
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  if (FULL_FUZZ) {
    const rows = [...seen].map(([route, s]) => ({
      route,
      requests: s.requests,
      statuses: [...s.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
      slowestMs: Math.round(s.slowestMs),
    }));
    const table = [
      '| route | requests | statuses seen (count) | slowest ms |',
      '|---|---:|---|---:|',
      ...rows.map((r) => `| ${r.route} | ${r.requests} | ${r.statuses} | ${r.slowestMs} |`),
    ].join('\n');
    const total = rows.reduce((sum, r) => sum + r.requests, 0);
    console.log(`${table}\n\n${rows.length} routes, ${total} requests.`);
    if (process.env.SCENA_FUZZ_TABLE) writeFileSync(process.env.SCENA_FUZZ_TABLE, `${table}\n\n${rows.length} routes, ${total} requests.\n`);
  }
  await Promise.all([plain?.t.close(), mailed?.t.close()]);
  await sink?.close();
});

const CODES = new Set(Object.keys(REFUSALS));

/** What is wrong with one answer to one request, or undefined. */
function problemWith(operation: Operation, request: FuzzRequest, status: number, type: string, body: string): string | undefined {
  if (status >= 500) return `${status} (a server error)`;
  if (status < 400) return undefined;
  const route = `${operation.method} ${operation.path}`;
  // A path that did not fit the route's pattern (longer than Fastify's 200-character parameter) meets the next route:
  // the catch-all's 404, documented there.
  if (!operation.responses[String(status)] && status !== 404) return `${status} is not among the statuses the description gives`;
  if (type.startsWith('application/json') && request.method !== 'HEAD') {
    let problem: { error?: unknown; code?: unknown };
    try {
      problem = JSON.parse(body) as typeof problem;
    } catch {
      return 'a refusal whose JSON does not parse';
    }
    if (typeof problem.error !== 'string' || typeof problem.code !== 'string' || !CODES.has(problem.code))
      return `not the problem format: ${body.slice(0, 200)}`;
    if (REFUSALS[problem.code as RefusalCode].status !== status) return `${problem.code} answered ${status}`;
    return undefined;
  }
  const form = FORM_POSTS.has(route) && (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  // The address as the server reads it (`/api/..` is `/`).
  const api = new URL(request.url, 'http://localhost').pathname.startsWith('/api/');
  if (api && !form && request.method !== 'HEAD') return `a refusal under /api/ that is not JSON (${type})`;
  return undefined;
}

describe('every route of docs/openapi.json, fuzzed', () => {
  it('has routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const operation of operations) fuzz(operation, () => plain, '');
});

/** The routes that need mail (the fans' list, the letters), again on an app whose mail is set up. */
const MAIL_ROUTE = /^\/(?:api\/(?:admin\/)?)?(?:fans|letters)\b/;

describe('the fans’ and letters’ routes of docs/openapi.json, fuzzed with mail set up (a real SMTP server)', () => {
  const mailRoutes = operations.filter((operation) => MAIL_ROUTE.test(operation.path));
  it('has the fans’ and letters’ routes', () => {
    expect(mailRoutes.length).toBeGreaterThanOrEqual(15);
  });
  for (const operation of mailRoutes) fuzz(operation, () => mailed, ' (mail set up)');
  // The fan imported was listed before the fuzz (beforeAll). The fuzz's own valid requests may erase them since: with
  // 1,000 requests a route (`npm run fuzz`), a signed-in DELETE /api/admin/fans/1 is among them, and is obeyed.
  it('met an app whose list works: the list still answers with its counts, and no promise was left rejected', async () => {
    const fans = await mailed.t.app.inject({ url: '/api/admin/fans', headers: { cookie: await freshCookie(mailed.t) } });
    expect(fans.statusCode).toBe(200);
    expect(fans.json()).toMatchObject({ mail: true, counts: { confirmed: expect.any(Number) }, rows: expect.any(Array) });
    expect(rejections).toEqual([]);
  });
});

/** One route's test: generated requests to the app `of()` gives, each answer checked. */
function fuzz(operation: Operation, of: () => Target, label: string) {
  const route = `${operation.method} ${operation.path}${label}`;
  it(
    route,
    async () => {
      const target = of();
      const { t, known } = target;
      const stats: Seen = seen.get(route) ?? { requests: 0, statuses: new Map(), slowestMs: 0 };
      seen.set(route, stats);
      await t.app.services.audience.store.flush();
      let before = await storedState(t.app.services.db, TABLES);
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, known), async (request) => {
          const started = performance.now();
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.signedIn ? { ...request.headers, cookie: target.cookie } : request.headers,
            payload: request.payload,
          });
          const ms = performance.now() - started;
          stats.requests++;
          stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
          stats.slowestMs = Math.max(stats.slowestMs, ms);
          const type = String(res.headers['content-type'] ?? '');
          const problem = problemWith(operation, request, res.statusCode, type, res.body);
          // A letter sent or queued goes out after the answer (the route kicks the sender and does not wait): its
          // deliveries are this request's doing, so the pass is waited for here, not met by the next request's check.
          await t.app.services.letters.kick();
          // The fan numbers are written in batches: what this request counted (the link page counts as it is served)
          // is written now, so that it is this request's, not the next one's.
          await t.app.services.audience.store.flush();
          const after = await storedState(t.app.services.db, TABLES);
          const stored = res.statusCode >= 400 && after !== before;
          before = after;
          // A sign-out (this session, or every one) ends the session the next requests use: a new one.
          if (request.signedIn && res.statusCode < 300 && request.method === 'DELETE' && /^\/api\/(?:admin\/)?sessions?$/.test(request.url.split('?')[0]!))
            target.cookie = await freshCookie(t);
          const what = `${request.method} ${request.url.slice(0, 200)} (${request.body}, ${request.headers['content-type'] ?? 'no type'}${request.signedIn ? ', signed in' : ''}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(problem, what).toBeUndefined();
          expect(stored, `a refused request changed what is stored: ${what}`).toBe(false);
        }),
        { numRuns: RUNS },
      );
      expect(rejections).toEqual([]);
    },
    FULL_FUZZ ? 600_000 : 30_000,
  );
}

describe('cases the fuzz found, kept as examples', () => {
  it('an upload sent as multipart/form-data without a boundary, or cut off before its end, is a 400 naming the form, not a 500', async () => {
    const cases = [
      { type: 'multipart/form-data', payload: undefined },
      { type: 'multipart/form-data', payload: 'junk' },
      { type: 'multipart/form-data; boundary=x', payload: 'junk' },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nab' },
    ];
    for (const { type, payload } of cases) {
      const { t, cookie } = plain;
      const before = await storedState(t.app.services.db, TABLES);
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { cookie, 'content-type': type }, payload });
      expect(res.statusCode, `${type} ${payload}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'file' });
      expect(await storedState(t.app.services.db, TABLES)).toBe(before);
    }
    expect(rejections).toEqual([]);
  });
});
