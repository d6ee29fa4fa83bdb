/**
 * A release's page on Scena's server: published ones for everyone, cached and expiring by themselves when a
 * scheduled release's minute comes; drafts for the signed-in admin only, never cached; a real 404 otherwise;
 * the sitemap from the content. (The page's own markup is the React build's: src/site/release, e2e/release-pages.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localAt } from '../src/content/zoned-time';
import { RELEASE_ZONE } from '../src/content/release-cycle';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await testApp();
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
});
afterEach(async () => {
  await t.close();
});

const add = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...JSON_HEADERS, cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; slug: string };
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const h1 = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

describe('release pages', () => {
  it('answer each published release in both languages, and a real 404 in the address’s language otherwise', async () => {
    await add({ title: 'Lumini de oraș' });
    const en = await get('/en/music/lumini-de-oras/');
    expect(en.statusCode).toBe(200);
    expect(h1(en.body)).toBe('Lumini de oraș');
    expect(en.body).toContain('<meta name="scena-page" content="release">');
    expect((await get('/ro/muzica/lumini-de-oras/')).statusCode).toBe(200);
    expect((await get('/en/music/lumini-de-oras')).headers.location).toBe('/en/music/lumini-de-oras/');
    // The other language's section name, an unknown slug, an unsafe one: the not-found page, 404.
    for (const url of ['/ro/music/lumini-de-oras/', '/en/muzica/lumini-de-oras/']) expect((await get(url)).statusCode).toBe(404);
    const missing = await get('/ro/muzica/nu-exista/');
    expect([missing.statusCode, h1(missing.body)]).toEqual([404, 'Pagina nu a fost găsită']);
    expect(missing.body).toContain('<html lang="ro">');
    for (const url of ['/en/music/..%2F..%2Fetc/', '/en/music/Lumini/', '/en/music/a%2Fb/', `/en/music/${'a'.repeat(81)}/`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(h1(res.body), url).toBe('Page not found');
    }
  });

  it('keep a draft the admin’s: 404 for visitors, a fresh, unstored preview for the signed-in admin', async () => {
    await add({ title: 'Secret single', status: 'draft' });
    expect((await get('/en/music/secret-single/')).statusCode).toBe(404);
    const preview = await get('/en/music/secret-single/', { cookie });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('preview as of');
    expect(preview.body).toContain('<meta name="scena-page" content="release-preview">');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    // Nothing of it was kept: the next visitor still gets the 404, and no public read names it.
    const after = await get('/en/music/secret-single/');
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Secret single');
    expect((await get('/api/content')).body).not.toContain('Secret single');
    expect((await get('/sitemap.xml')).body).not.toContain('secret-single');
    // A forged or ended session is a visitor's.
    expect((await get('/en/music/secret-single/', { cookie: 'scena_session=forged-token' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { ...JSON_HEADERS, cookie }, payload: {} })).statusCode).toBe(200);
    expect((await get('/en/music/secret-single/', { cookie })).statusCode).toBe(404);
  });

  it('switch a scheduled release to out at its minute, with nobody acting (the page cache expires then)', async () => {
    // The clock is faked (Date alone: the server's timers stay real), and moved past the minute instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // The next minute on the artist's clock: the release's minute.
      const soon = Date.now() + 60_000 - (Date.now() % 60_000);
      await add({ title: 'Next single', date: localAt(soon, RELEASE_ZONE) });
      const before = await get('/en/music/next-single/');
      expect(before.statusCode).toBe(200);
      const renderedAt = (html: string) => Number(/name="scena-rendered-at" content="(\d+)"/.exec(html)![1]);
      expect(renderedAt(before.body)).toBeLessThan(soon);
      // Cached until then: the same page again, a second before the minute too.
      vi.setSystemTime(soon - 1_000);
      expect(renderedAt((await get('/en/music/next-single/')).body)).toBe(renderedAt(before.body));
      vi.setSystemTime(soon + 50);
      const after = await get('/en/music/next-single/');
      expect(renderedAt(after.body)).toBeGreaterThanOrEqual(soon);
      // …and the home page too.
      expect(renderedAt((await get('/en/')).body)).toBeGreaterThanOrEqual(soon);
    } finally {
      vi.useRealTimers();
    }
  });

  it('list the home pages and every published release, in both languages, in the sitemap', async () => {
    await add({ title: 'Nocturn' });
    await add({ title: 'Draft', status: 'draft' });
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://tudorvale.ro/',
      'https://tudorvale.ro/en/',
      'https://tudorvale.ro/ro/',
      'https://tudorvale.ro/en/music/nocturn/',
      'https://tudorvale.ro/ro/muzica/nocturn/',
      'https://tudorvale.ro/en/music/',
      'https://tudorvale.ro/ro/muzica/',
      'https://tudorvale.ro/en/links/',
      'https://tudorvale.ro/ro/linkuri/',
      'https://tudorvale.ro/en/press/',
      'https://tudorvale.ro/ro/presa/',
    ]);
    expect(sitemap.body).toContain('<xhtml:link rel="alternate" hreflang="ro" href="https://tudorvale.ro/ro/muzica/nocturn/"/>');
  });
});
