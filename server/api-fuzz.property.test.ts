/**
 * Every route of the API description (docs/openapi.json) meets generated requests (server/test/openapi-requests.ts):
 * shapes at their edges, wrong types, fields left out and added, 1 MB strings, deep nesting, bad UTF-8, other content
 * types, bad Range headers, huge numbers, with the admin's session and without. What must hold for each: no 5xx and no
 * unhandled rejection; a refusal's status is one the description gives for the route, and under /api/ it is in the
 * problem format (`{error, code}` with a code of server/errors.ts whose status it has); and a refused request stores
 * nothing (the content and the other tables, before and after). `npm test` runs a few requests per route; `npm run
 * fuzz` (SCENA_FUZZ=full) 1,000 per route and prints a table: route, requests, statuses seen, slowest.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from './auth/accounts';
import { REFUSALS, type RefusalCode } from './errors';
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

let t: TestApp;
let cookie = '';
const known: Record<string, string[]> = {};
const seen = new Map<string, Seen>();
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** A fresh session of the admin's, made directly (no sign-in: the fuzzed sign-ins may have locked the address out). */
async function freshCookie() {
  const account = (await findAccount(t.app.services.db, ADMIN.email))!;
  return `scena_session=${await t.app.services.sessions.create(account.id)}`;
}

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  t = await testApp({ LOG_LEVEL: 'silent' }, { tmpRoot: TMP, build: { hashing: { concurrency: 1, waiting: 2 } } });
  await addAccount(t.app, ADMIN);
  cookie = await freshCookie();
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
  known.id = [release.item?.id, letter.letter?.id, upload.upload?.id].filter((id): id is string => typeof id === 'string');
  known.name = [audioName];
  known.slug = ['fuzz'];
  known.kind = ['releases', 'settings'];
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
  await t?.close();
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

  for (const operation of operations) {
    const route = `${operation.method} ${operation.path}`;
    it(
      route,
      async () => {
        const stats: Seen = seen.get(route) ?? { requests: 0, statuses: new Map(), slowestMs: 0 };
        seen.set(route, stats);
        let before = await storedState(t.app.services.db, TABLES);
        await fc.assert(
          fc.asyncProperty(requestsFor(operation, known), async (request) => {
            const started = performance.now();
            const res = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.signedIn ? { ...request.headers, cookie } : request.headers,
              payload: request.payload,
            });
            const ms = performance.now() - started;
            stats.requests++;
            stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
            stats.slowestMs = Math.max(stats.slowestMs, ms);
            const type = String(res.headers['content-type'] ?? '');
            const problem = problemWith(operation, request, res.statusCode, type, res.body);
            const after = await storedState(t.app.services.db, TABLES);
            const stored = res.statusCode >= 400 && after !== before;
            before = after;
            // A sign-out (this session, or every one) ends the session the next requests use: a new one.
            if (request.signedIn && res.statusCode < 300 && request.method === 'DELETE' && /^\/api\/(?:admin\/)?sessions?$/.test(request.url.split('?')[0]!))
              cookie = await freshCookie();
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
});

describe('cases the fuzz found, kept as examples', () => {
  it('an upload sent as multipart/form-data without a boundary, or cut off before its end, is a 400 naming the form, not a 500', async () => {
    const cases = [
      { type: 'multipart/form-data', payload: undefined },
      { type: 'multipart/form-data', payload: 'junk' },
      { type: 'multipart/form-data; boundary=x', payload: 'junk' },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nab' },
    ];
    for (const { type, payload } of cases) {
      const before = await storedState(t.app.services.db, TABLES);
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { cookie, 'content-type': type }, payload });
      expect(res.statusCode, `${type} ${payload}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'file' });
      expect(await storedState(t.app.services.db, TABLES)).toBe(before);
    }
    expect(rejections).toEqual([]);
  });
});
