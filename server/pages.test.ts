/** The public page as the server sends it: rendered with the current content, cached, compressed. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ASSET, ASSET_BODY, INLINE_CSS, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { createHash } from 'node:crypto';
import type { PublicContent } from '../src/content/model';
import { EMPTY_CONTENT } from '../src/content/page-data';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="scena-content">(.*?)<\/script>/s.exec(html)![1]!);

describe('the public page', () => {
  it('holds the current content in the requested language, names the server backend, and changes when the content does', async () => {
    const en = await t.app.inject({ url: '/' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Default title</h1>');
    expect(en.body).toContain('<meta name="scena-backend" content="server">');
    expect(embedded(en.body)).toEqual(EMPTY_CONTENT);

    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    const title = 'Salut </script><script>alert(1)</script>';
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { ...JSON_HEADERS, cookie },
      payload: { heroTitle_en: 'Hello', heroTitle_ro: title },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...JSON_HEADERS, cookie },
      payload: { title: 'Nocturn', meta: '2023', url: '', cover: '' },
    });

    const ro = await t.app.inject({ url: '/ro/' });
    expect(ro.body).toContain('<html lang="ro">');
    expect(ro.body).toContain('<title>Page ro /ro/</title>');
    expect(ro.body).toContain('<h1>Salut &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h1>');
    expect(ro.body).toContain('<li>Nocturn</li>');
    expect(ro.body).not.toContain('<script>alert(1)');
    expect(embedded(ro.body).settings.heroTitle_ro).toBe(title);
    expect((await t.app.inject({ url: '/en/' })).body).toContain('<h1>Hello</h1>');
    expect((await t.app.inject({ url: '/' })).body).toContain('<title>Page en /</title>');
  });

  it('is rendered once per content version', async () => {
    const first = await t.app.inject({ url: '/en/' });
    const second = await t.app.inject({ url: '/en/' });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await t.app.inject({ url: '/en/', headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
  });

  it('notices content changed by another process (the admin CLI) within a second', async () => {
    const before = await t.app.inject({ url: '/en/' });
    await t.app.services.db.client.batch(
      ['INSERT INTO singletons (kind, data) VALUES (\'settings\', \'{"heroTitle_en":"From the CLI"}\')', 'UPDATE content_version SET version = version + 1'],
      'write',
    );
    await new Promise((r) => setTimeout(r, 1100));
    const after = await t.app.inject({ url: '/en/' });
    expect(after.body).toContain('<h1>From the CLI</h1>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('is sent compressed with brotli or gzip as the client accepts', async () => {
    const plain = (await t.app.inject({ url: '/en/' })).body;
    const br = await t.app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 2);
    const gz = await t.app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('allows its own inline style by hash in the CSP', async () => {
    const hash = createHash('sha256').update(INLINE_CSS).digest('base64');
    expect((await t.app.inject({ url: '/' })).headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('redirects the prerendered file names and the addresses without a slash', async () => {
    expect((await t.app.inject({ url: '/index.html' })).headers.location).toBe('/');
    expect((await t.app.inject({ url: '/ro/index.html' })).headers.location).toBe('/ro/');
    expect((await t.app.inject({ url: '/ro' })).headers.location).toBe('/ro/');
  });

  it('serves the admin shell for /admin and its sub-paths, naming the server backend', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/releases']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="scena-backend" content="server">');
      expect(res.body).toContain('noindex');
    }
  });
});

describe('the fast path for rendered pages', () => {
  it('answers over HTTP with the same status, headers and body as the app, and logs the request', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(origin + path, { headers });
      const all = Object.fromEntries([...res.headers].filter(([k]) => !['date', 'keep-alive', 'connection'].includes(k)));
      return { status: res.status, headers: all, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
    };
    for (const path of ['/', '/en/', '/ro/', '/api/content']) {
      for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const logged = t.logs.length;
        const first = await get(path, headers); // rendered by the app (or already cached)
        const second = await get(path, headers); // from the cache, by the fast path
        expect(second, `${path} ${JSON.stringify(headers)}`).toEqual(first);
        expect(t.logs.length - logged).toBe(2);
        const [byFirst, bySecond] = t.logs.slice(-2).map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(bySecond).toMatchObject({ method: 'GET', url: path, status: 200, msg: 'request' });
        // The app's lines carry its request id; the fast path's do not.
        if (Object.keys(headers).length === 0) expect(byFirst!.reqId).toBeDefined();
        expect(bySecond!.reqId).toBeUndefined();
      }
    }
    const etag = (await fetch(`${origin}/ro/`)).headers.get('etag')!;
    expect((await fetch(`${origin}/ro/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('shows each admin write on the very next request, from the cache or the fast path, well within the 1 s recheck', async () => {
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const write = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${origin}/api/admin${path}`, { method, headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(body) });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const content = async () => (await fetch(`${origin}/api/content`)).json() as Promise<PublicContent>;
    const page = async () => (await fetch(`${origin}/en/`)).text();
    const titles = async () => (await content()).releases.map((r) => r.title);
    /** Each write, with the cache warm (read twice: the second from the fast path) just before it. */
    const after = async <T>(change: () => Promise<T>): Promise<T> => {
      await content();
      await content();
      await page();
      await page();
      const started = Date.now();
      const result = await change();
      // Quicker than the version recheck, so only the write's own invalidation can explain a change seen.
      expect(Date.now() - started).toBeLessThan(500);
      return result;
    };

    await after(() => write('PATCH', '/settings', { heroTitle_en: 'Saved just now' }));
    expect(await page()).toContain('<h1>Saved just now</h1>');
    await after(() => write('PUT', '/stats', { monthlyListeners: 4321 }));
    expect((await content()).stats).toEqual({ monthlyListeners: 4321 });
    await after(() => write('PUT', '/stats', { monthlyListeners: 99 }));
    expect((await content()).stats).toEqual({ monthlyListeners: 99 });
    const { item: first } = (await after(() => write('POST', '/releases', { title: 'Nocturn', meta: '2023', url: '', cover: '' }))) as { item: { id: string } };
    expect(await page()).toContain('<li>Nocturn</li>');
    const { item: second } = (await write('POST', '/releases', { title: 'Aubade', meta: '2024', url: '', cover: '' })) as { item: { id: string } };
    await after(() => write('PUT', `/releases/${first.id}`, { title: 'Nocturn (live)', meta: '2023', url: '', cover: '' }));
    expect(await titles()).toEqual(['Nocturn (live)', 'Aubade']);
    await after(() => write('PUT', '/releases/order', { ids: [second.id, first.id] }));
    expect(await titles()).toEqual(['Aubade', 'Nocturn (live)']);
    await after(() => write('DELETE', `/releases/${second.id}`, {}));
    expect(await titles()).toEqual(['Nocturn (live)']);
    await after(() => write('POST', `/history/releases/${second.id}/restore`, { version: 1 }));
    expect(await titles()).toEqual(['Nocturn (live)', 'Aubade']);
    await after(() => write('POST', '/history/stats/restore', { version: 1 }));
    expect((await content()).stats).toEqual({ monthlyListeners: 4321 });
  });

  it("keeps answering from the cache while it rechecks the version, and serves another process's change right after", async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect((await fetch(`${origin}/api/content`)).status).toBe(200);
    expect((await fetch(`${origin}/api/content`)).status).toBe(200); // cached now
    await t.app.services.db.client.batch(
      [
        'INSERT INTO singletons (kind, data) VALUES (\'settings\', \'{"heroTitle_en":"Changed elsewhere"}\')',
        'UPDATE content_version SET version = version + 1',
      ],
      'write',
    );
    await new Promise((r) => setTimeout(r, 1100));
    const logged = t.logs.length;
    const seen: string[] = [];
    for (let i = 0; i < 50 && !seen.includes('Changed elsewhere'); i++) {
      const res = await fetch(`${origin}/api/content`);
      expect(res.status).toBe(200);
      seen.push(((await res.json()) as { settings?: { heroTitle_en?: string } }).settings?.heroTitle_en ?? '');
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen.at(-1)).toBe('Changed elsewhere');
    // The first request past the second was answered at once from the cache (no request id: the fast path).
    expect(JSON.parse(t.logs[logged]!)).not.toHaveProperty('reqId');
    expect(seen.length).toBeLessThan(50);
  });
});

describe('static files', () => {
  it('serves hashed assets precompressed with a one-year immutable cache, other files with no-cache', async () => {
    const br = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_BODY);
    const plain = await t.app.inject({ url: ASSET });
    expect(plain.body).toBe(ASSET_BODY);
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/../server/template.html' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers 503 with how to build when the site is not built, while the API still works', async () => {
    const bare = await testApp({}, { dist: false });
    try {
      const res = await bare.app.inject({ url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await bare.app.inject({ url: '/api/content' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
