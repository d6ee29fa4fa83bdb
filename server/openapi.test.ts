/**
 * The API description (docs/openapi.json) is the server's: regenerated from Fastify's own route table and the routes'
 * schemas, it must equal the checked-in file, hold every route, and describe what each route reads.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from './errors';
import { describeApi, openApiPath, routeKey, serialize, undescribed, type Description } from './openapi';
import { DESCRIBED } from './openapi-routes';

let described: Description;
beforeAll(async () => {
  described = await describeApi();
}, 60_000);

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` writes now (else: run npm run openapi and commit docs/openapi.json)', async () => {
    const checkedIn = readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8');
    expect(checkedIn === (await serialize(described.document)), 'docs/openapi.json is stale: run npm run openapi').toBe(true);
  });

  it('holds every route of Fastify’s table, by its method and path', () => {
    const paths = described.document.paths as Record<string, Record<string, unknown>>;
    const missing = described.routes.filter((r) => !paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => routeKey(r.method, r.url));
    expect(missing).toEqual([]);
    expect(described.routes.length).toBeGreaterThan(100);
  });

  it('describes what each route reads: a route schema, or an entry in server/openapi-routes.ts saying why not', () => {
    const problems = described.routes
      .map((r) => ({ key: routeKey(r.method, r.url), parts: undescribed(r) }))
      .filter((r) => r.parts.length)
      .map(
        ({ key, parts }) =>
          `${key} reads ${parts.join(' and ')} without a schema: add schema: { ${parts.join(', ')} } to the route, or describe it in DESCRIBED (server/openapi-routes.ts) with the reason`,
      );
    expect(problems).toEqual([]);
  });

  it('names a route that reads a body or params with no schema and no description', () => {
    expect(undescribed({ method: 'POST', url: '/api/admin/new-thing/:id', schemaParts: [], bodyLimit: 1024 })).toEqual(['params', 'body']);
    expect(undescribed({ method: 'POST', url: '/api/admin/new-thing/:id', schemaParts: ['params', 'body'], bodyLimit: 1024 })).toEqual([]);
  });

  it('describes no route that is not there any more', () => {
    const keys = new Set(described.routes.map((r) => routeKey(r.method, r.url)));
    expect(Object.keys(DESCRIBED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('gives the problem format with every code of server/errors.ts, and each refusal’s status on the routes', () => {
    const components = described.document.components as { schemas: { Problem: { properties: { code: { enum: string[] } } } } };
    expect(components.schemas.Problem.properties.code.enum).toEqual(Object.keys(REFUSALS));
    const paths = described.document.paths as Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    const session = paths['/api/session']!.post!.responses;
    expect(session['401']!.description).toContain('`login-failed`');
    expect(session['429']!.description).toContain('`too-many-attempts`');
    expect(paths['/api/admin/letters/{id}']!.put!.responses['409']!.description).toContain('`letter-state`');
  });
});
