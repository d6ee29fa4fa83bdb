/**
 * The one admin guard: every route under /api/admin, found by listing the app's routes (so a route
 * added later is covered without this file changing), refuses a request without the admin's session
 * before it reads what was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

/**
 * Every method and address the app routes under /api/admin (HEAD aside: Fastify adds it to GETs),
 * read from Fastify's route tree: each line is a segment under the line above it by one level less.
 */
function adminRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    if (!url.startsWith('/api/admin/')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push({ method, url: url.replace(':id', 'some-id') });
  }
  return routes;
}

describe('the admin guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
    await addAccount(t.app, ADMIN);
  });
  afterAll(() => t.close());

  it('finds the admin routes it is meant to cover', () => {
    const urls = adminRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'PATCH /api/admin/settings',
      'PUT /api/admin/stats',
      'POST /api/admin/releases',
      'DELETE /api/admin/collaborators/some-id',
      'PUT /api/admin/releases/order',
      'POST /api/admin/password',
      'DELETE /api/admin/sessions',
      'GET /api/admin/history/:kind',
      'GET /api/admin/history/:kind/some-id',
      'POST /api/admin/history/:kind/restore',
      'POST /api/admin/history/:kind/some-id/restore',
      'GET /api/admin/removed/:kind',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to every admin route without a session, even for a body it would refuse', async () => {
    const routes = adminRoutes(t.app);
    // 4 of the account and the singletons, 4 for each list.
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, url } of routes) {
      // A body no schema takes: were it validated before the guard, the answer would be a 400 naming a field.
      const res = await t.app.inject({ method: method as 'POST', url, headers: JSON_HEADERS, payload: { unknownField: 1 } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ error: 'Sign in first.', code: 'unauthenticated' });
    }
  });

  it('lets the admin through to validation: the same body then gets the 400 naming the field', async () => {
    const cookie = await signIn(t.app, ADMIN);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload: { unknownField: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unknownField is not a known field', field: 'unknownField' });
  });
});
