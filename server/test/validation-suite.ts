/**
 * Shared by validation-*.property.test.ts (split in two files so they run on both cores).
 * Bad input, property-based (fast-check, 1,000 runs per field under `npm run fuzz`, 200 in `npm test`: test/runs.ts; on every write):
 * no unsafe URL is ever accepted, no request gets a 5xx, a refused request changes nothing stored,
 * and each field is accepted exactly when the rules say so. The fields, their values and the oracle come
 * from the content declarations (src/content/fields/arbitraries.ts): a declared field is tested here.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldCases, validValue, type FieldCase as DeclaredCase } from '../../src/content/fields/arbitraries';
import { storedFields, type Kind } from '../../src/content/fields/declare';
import { KINDS, LISTS } from '../../src/content/kinds';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './helpers';
import { propertyRuns } from './runs';
import { storedState } from './stored-state';

// 40 a field in CI (server/test/runs.ts): 208 fields at 100 took a minute of one core.
const RUNS = propertyRuns(1000, 25);
// A RAM-backed folder when there is one: 30,000 requests (at the full count), many of them fsynced writes.
const TMP = existsSync('/dev/shm') ? '/dev/shm' : undefined;

export function validationSuite(part: 'settings' | 'lists'): void {
  let t: TestApp;
  let cookie: string;
  /** An item of each list, for the updates. */
  const ids: Record<string, string> = {};
  const serverErrors: string[] = [];
  const unsafeAccepted: string[] = [];

  beforeAll(async () => {
    t = await testApp({ LOG_LEVEL: 'silent' }, { dist: false, tmpRoot: TMP });
    await addAccount(t.app, ADMIN);
    cookie = await signIn(t.app);
    for (const kind of LISTS) {
      ids[kind.name] = (await send('POST', `/api/admin/${kind.name}`, validValue(kind))).json().item.id;
      await send('POST', `/api/admin/${kind.name}`, validValue(kind));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(method: string, url: string, body: unknown) {
    const res = await t.app.inject({ method: method as 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
    if (res.statusCode >= 500) serverErrors.push(`${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode}`);
    return res;
  }

  const state = () => storedState(t.app.services.db);

  const roundTrip = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

  interface FieldCase extends DeclaredCase {
    name: string;
    method: string;
    url: () => string;
    body: (value: unknown) => Record<string, unknown>;
  }

  /** The value at a path of a body: { links: { spotify: v } }. */
  const at = (path: string[], value: unknown): Record<string, unknown> =>
    path.reduceRight<Record<string, unknown>>((inner, key, i) => ({ [key]: i === path.length - 1 ? value : inner }), {});

  /** Each declared field, on each write the API has for its kind (a list: add and update). */
  const cases: FieldCase[] = KINDS.flatMap((kind: Kind) =>
    fieldCases(kind).flatMap((c): FieldCase[] => {
      const body = (v: unknown) => ({ ...validValue(kind), ...at(c.path, v) });
      if (kind.shape === 'singleton') {
        return [
          { ...c, name: `${kind.name}.${c.path.join('.')}`, method: kind.save === 'merge' ? 'PATCH' : 'PUT', url: () => `/api/admin/${kind.name}`, body },
        ];
      }
      return (['add', 'update'] as const).map((op) => ({
        ...c,
        name: `${op} ${kind.item}.${c.path.join('.')}`,
        method: op === 'add' ? 'POST' : 'PUT',
        url: () => (op === 'add' ? `/api/admin/${kind.name}` : `/api/admin/${kind.name}/${ids[kind.name]}`),
        body,
      }));
    }),
  );

  /** The stored value a field case wrote, from a state() string. */
  function stored(c: FieldCase, snapshot: string, itemId?: string): unknown {
    const s = JSON.parse(snapshot) as { singletons: Record<string, Record<string, unknown>> | null; lists: [string, string, Record<string, unknown>][] };
    const value = c.kind.shape === 'singleton' ? s.singletons?.[c.kind.name] : s.lists.find(([kind, id]) => kind === c.kind.name && id === itemId)?.[2];
    return c.path.reduce<unknown>((o, k) => (o as Record<string, unknown> | null | undefined)?.[k], value);
  }

  describe(`every write field (${part}), ${RUNS.toLocaleString('en')} generated values each`, () => {
    let last = '';
    for (const c of cases.filter((x) => (part === 'settings') === (x.kind.shape === 'singleton'))) {
      it(
        c.name,
        async () => {
          last = await state();
          await fc.assert(
            fc.asyncProperty(c.arbitrary, async (value) => {
              const res = await send(c.method, c.url(), c.body(value));
              expect(res.statusCode).toBeLessThan(500);
              const sent = roundTrip(value);
              const now = await state();
              if (res.statusCode >= 400) {
                expect(res.json().error.length).toBeGreaterThan(0);
                expect(now).toBe(last);
                if (c.accepts) expect(c.accepts(sent), `refused ${JSON.stringify(sent)}`).toBe(false);
                return;
              }
              last = now;
              const item = res.json().item as { id: string } | undefined;
              const value2 = stored(c, now, item?.id ?? (c.url().split('/')[4] || undefined));
              if (sent !== undefined && c.safe && !c.safe(value2)) unsafeAccepted.push(`${c.name}: ${JSON.stringify(value2)}`);
              if (sent !== undefined) expect(value2).toEqual(sent);
              if (c.accepts) expect(c.accepts(sent), `accepted ${JSON.stringify(sent)}`).toBe(true);
              if (item && c.method === 'POST') {
                // Keep the lists short: remove what was just added.
                expect((await send('DELETE', `${c.url()}/${item.id}`, {})).statusCode).toBe(200);
                last = await state();
              }
            }),
            { numRuns: RUNS },
          );
        },
        120_000,
      );
    }

    // Defined in one part only (not skipped in the other: a skipped test fails `npm test`).
    if (part === 'lists')
      it('unknown fields, wrong ids and bad orders are refused without a server error or a change', async () => {
        const endpoints = KINDS.map((kind: Kind) => ({
          method: kind.shape === 'list' ? 'POST' : kind.save === 'merge' ? 'PATCH' : 'PUT',
          url: `/api/admin/${kind.name}`,
          base: validValue(kind),
        }));
        const known = new Set(KINDS.flatMap((kind: Kind) => storedFields(kind).map((f) => f.key)));
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...endpoints),
            fc.dictionary(
              fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', 'position')),
              fc.anything({ maxDepth: 1 }),
              { minKeys: 1, maxKeys: 3 },
            ),
            async (endpoint, extra) => {
              const keys = Object.keys(roundTrip(extra) as object).filter((k) => !known.has(k));
              fc.pre(keys.length > 0);
              const before = await state();
              const res = await send(endpoint.method, endpoint.url, { ...endpoint.base, ...extra });
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
              expect(res.statusCode).toBeLessThan(500);
              expect(await state()).toBe(before);
            },
          ),
          { numRuns: RUNS },
        );
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...LISTS), fc.string({ maxLength: 120 }), fc.constantFrom('PUT', 'DELETE'), async (list, id, method) => {
            fc.pre(!Object.values(ids).includes(id) && id !== 'order');
            const before = await state();
            const res = await send(method, `/api/admin/${list.name}/${encodeURIComponent(id)}`, method === 'PUT' ? validValue(list) : {});
            expect([400, 404]).toContain(res.statusCode);
            expect(await state()).toBe(before);
          }),
          { numRuns: RUNS },
        );
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...LISTS.map((l) => l.name)),
            fc.anything({ maxDepth: 2 }),
            fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }),
            async (list, junk, ids) => {
              const current = (await t.app.services.content.snapshot())[list as 'releases'].map((x) => x.id);
              const order = fc.sample(fc.constantFrom(ids, [...current, ...ids], junk, current.slice(1), [...current, current[0]]), 1)[0];
              const before = await state();
              const res = await send('PUT', `/api/admin/${list}/order`, { ids: order });
              const isPermutation =
                Array.isArray(order) && order.length === current.length && new Set(order).size === order.length && current.every((id) => order.includes(id));
              if (isPermutation) expect(res.statusCode).toBe(200);
              else {
                expect(res.statusCode).toBe(400);
                expect(await state()).toBe(before);
              }
            },
          ),
          { numRuns: RUNS },
        );
      }, 120_000);

    it('found no unsafe URL accepted and no server error', () => {
      expect(unsafeAccepted).toEqual([]);
      expect(serverErrors).toEqual([]);
    });
  });
}
