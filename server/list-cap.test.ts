/**
 * Lists have a size cap (LIST_LIMITS), held under concurrent adds: a burst of POSTs past the cap, all
 * sent at once, stores exactly the cap, and each refusal says which list is full and what to do.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMITS, type ListName } from '../src/content/model';
import { buildApp } from './app';
import { loadConfig } from './config';
import { ADMIN, JSON_HEADERS, addAccount, logCollector, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
/** A second server over the same database file, as a second process would be: it has its own connection. */
let twin: FastifyInstance;
let twinCookie: string;

beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { dist: false });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
  twin = await buildApp(loadConfig({ DATABASE_URL: t.dbFile, DIST_DIR: join(t.dir, 'no-dist'), LOG_LEVEL: 'silent' }), { logStream: logCollector().stream });
  twinCookie = await signIn(twin);
});
afterAll(async () => {
  await twin?.close();
  await t.close();
});

const body = (list: ListName, i: number) =>
  list === 'releases' ? { title: `Release ${i}`, meta: '2026', url: '', cover: '' } : { name: `Artist ${i}`, role: 'Artist' };
const add = (list: ListName, i: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/${list}`, headers: { ...JSON_HEADERS, cookie }, payload: body(list, i) });
const version = async () => Number((await t.app.services.db.client.execute('SELECT version FROM content_version')).rows[0]!.version);

describe.each(['releases', 'collaborators'] as const)('%s: at most LIST_LIMITS items', (list) => {
  const cap = LIST_LIMITS[list];
  const extra = 15;

  it(`${cap + extra} adds sent at once store exactly ${cap}; the rest are refused with a clear message`, async () => {
    const before = await version();
    const answers = await Promise.all(Array.from({ length: cap + extra }, (_, i) => add(list, i)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(cap);
    expect(codes.filter((c) => c === 409)).toHaveLength(extra);
    const refusal = answers.find((r) => r.statusCode === 409)!.json();
    expect(refusal).toMatchObject({ error: `${list}: at most ${cap} items; remove one first`, code: 'list-full', field: list });
    const stored = (await t.app.inject({ method: 'GET', url: `/api/${list}` })).json()[list] as { id: string }[];
    expect(stored).toHaveLength(cap);
    // Only the adds that went in moved the content version (a refused add changes nothing).
    expect(await version()).toBe(before + cap);
  }, 60_000);

  it('after removing one, one more fits, and the next is refused again', async () => {
    const stored = (await t.app.inject({ method: 'GET', url: `/api/${list}` })).json()[list] as { id: string }[];
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/${list}/${stored[0]!.id}`, headers: { ...JSON_HEADERS, cookie }, payload: '{}' });
    expect(removed.statusCode).toBe(200);
    expect((await add(list, 1000)).statusCode).toBe(201);
    expect((await add(list, 1001)).statusCode).toBe(409);
  });

  it('two servers on one database file, adding at once, cannot pass the cap together', async () => {
    const stored = (await t.app.inject({ method: 'GET', url: `/api/${list}` })).json()[list] as { id: string }[];
    for (const item of stored.slice(0, 3)) {
      await t.app.inject({ method: 'DELETE', url: `/api/admin/${list}/${item.id}`, headers: { ...JSON_HEADERS, cookie }, payload: '{}' });
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? twin : t.app).inject({
          method: 'POST',
          url: `/api/admin/${list}`,
          headers: { ...JSON_HEADERS, cookie: i % 2 ? twinCookie : cookie },
          payload: body(list, 2000 + i),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).filter((c) => c === 201)).toHaveLength(3);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/${list}` })).json()[list]).toHaveLength(cap);
  }, 60_000);
});
