import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const requestLines = (logs: string[], url: string) => logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.url === url);

describe('GET /healthz and /readyz', () => {
  it('answer ok with nothing secret, are not cached, not counted and not logged at info', async () => {
    t = await testApp();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', media: 'ok' } });
    // No path, version or address in the answers.
    for (const body of [health.body, ready.body]) expect(body).not.toMatch(/\/|\d+\.\d+/);
    // A page's request is logged at info; the probes' are not.
    await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(requestLines(t.logs, '/robots.txt')).toHaveLength(1);
    expect(requestLines(t.logs, '/healthz')).toHaveLength(0);
    expect(requestLines(t.logs, '/readyz')).toHaveLength(0);
    // Not a visit: nothing reaches the fan numbers.
    const events = await t.app.services.db.client.execute('SELECT count(*) AS n FROM audience_events');
    expect(events.rows[0]!.n).toBe(0);
  });

  it('/readyz answers 503 when the database is not migrated to this Scena', async () => {
    t = await testApp();
    await t.app.services.db.client.execute('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'fail', media: 'ok' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the media folder cannot take a file', async () => {
    t = await testApp();
    rmSync(t.app.services.config.mediaDir, { recursive: true, force: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ database: 'ok', media: 'fail' });
  });
});
