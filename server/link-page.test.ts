/**
 * The link page on Scena's server (issue 31; docs/decisions/0051-link-page.md): /links in the visitor's language and
 * its two language pages, with no script; each view counted as it is served (an Instagram in-app browser's as source
 * `instagram`; never a bot's or a Do-Not-Track one); each button through /links/go/<id>, which counts the click and
 * answers 303 to a target the content holds, and to nothing else (never an open redirect). His own links refuse a
 * `javascript:` address.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../src/content/audience';
import { LINK_PAGE_CSS, renderLinkPage } from '../src/site/links/link-page';
import { SAMPLE_CONTENT } from './sample';
import { JSON_HEADERS, testApp, signedInApp, type SignedInApp } from './test/helpers';
import { smtpSink } from './test/smtp';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 606558466)';

let t: SignedInApp;
let cookie: string;
let linkIds: string[];
let showId: string;

const admin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload: body as object });
const get = (url: string, headers: Record<string, string> = {}, ip = '198.51.100.7') =>
  t.app.inject({ url, remoteAddress: ip, headers: { 'user-agent': CHROME, ...headers } } as InjectOptions);
async function report(): Promise<AudienceReport> {
  const res = await t.app.inject({ url: '/api/admin/audience?days=7', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await signedInApp({ LOG_LEVEL: 'silent' });
  cookie = t.cookie;
  const release = await admin('POST', '/releases', {
    title: 'Zori de zi',
    date: '2025-03-14T00:00',
    links: { spotify: 'https://open.spotify.com/album/5kVZa4lFUmAQlBogl1fkd6' },
  });
  expect(release.statusCode, release.body).toBe(201);
  linkIds = [];
  for (const [label_en, label_ro, url, icon] of [
    ['My merch', 'Merch', 'https://shop.example.com/', 'website'],
    ['Instagram', 'Instagram', 'https://www.instagram.com/tudorvale', 'instagram'],
  ]) {
    const res = await admin('POST', '/links', { label_en, label_ro, url, icon });
    expect(res.statusCode, res.body).toBe(201);
    linkIds.push(res.json<{ item: { id: string } }>().item.id);
  }
  const year = new Date().getUTCFullYear() + 1;
  const show = await admin('POST', '/shows', {
    status: 'published',
    venue: 'Form Space',
    city: 'Cluj-Napoca',
    country: 'RO',
    start: `${year}-06-05T22:00`,
    kind: 'live-set',
    tickets: 'https://tickets.example.com/form-space',
  });
  expect(show.statusCode, show.body).toBe(201);
  showId = show.json<{ item: { id: string } }>().item.id;
});
afterAll(async () => {
  await t.close();
});

describe('the link page', () => {
  it('answers /links in the visitor’s language and each language at its own address, with no script, its parts in place', async () => {
    const ro = await get('/links', { 'accept-language': 'ro-RO,ro;q=0.9' });
    expect(ro.statusCode).toBe(200);
    expect(ro.body).toContain('<html lang="ro">');
    expect(ro.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const en = await get('/en/links/', { 'accept-language': 'ro' });
    expect(en.body).toContain('<html lang="en">');
    expect((await get('/ro/linkuri/')).body).toContain('<html lang="ro">');
    expect((await get('/en/links')).headers.location).toBe('/en/links/');
    for (const res of [ro, en]) expect(res.body).not.toMatch(/<script/i);
    // The hreflang pair and the canonical address.
    expect(en.body).toContain('<link rel="canonical" href="https://tudorvale.ro/en/links/">');
    expect(en.body).toContain('hreflang="ro" href="https://tudorvale.ro/ro/linkuri/"');
    // The latest release's Listen, the next show's Tickets, Work with me, the sign-up, his links in his order.
    const hrefs = [...en.body.matchAll(/<a class="b[^"]*" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/links/go/r-spotify',
      `/links/go/t-${showId}`,
      '/en/#services',
      '/en/#newsletter',
      `/links/go/l-${linkIds[0]}`,
      `/links/go/l-${linkIds[1]}`,
    ]);
    expect(en.body).toContain('Listen on Spotify');
    expect(ro.body).toContain('Lucrează cu mine');
    expect(ro.body).toContain('>Merch<');
    // In the sitemap, both languages with /links their x-default.
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://tudorvale.ro/ro/linkuri/</loc>');
    expect(sitemap).toContain('hreflang="x-default" href="https://tudorvale.ro/links"');
  });

  it('counts each view as it is served: an Instagram in-app browser’s as source instagram, never a bot’s or a Do-Not-Track one', async () => {
    const before = await report();
    const views = (r: AudienceReport) => r.pages.filter((p) => p.path === '/links').reduce((n, p) => n + p.views, 0);
    await get('/links?utm_source=ig', {}, '198.51.100.20');
    await get('/links', { 'user-agent': INSTAGRAM }, '198.51.100.21');
    await get('/links', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, '198.51.100.22');
    await get('/links', { dnt: '1' }, '198.51.100.23');
    await get('/links', { cookie }, '198.51.100.24');
    const after = await report();
    expect(views(after) - views(before)).toBe(2);
    expect(after.referrers).toEqual(
      expect.arrayContaining([
        { source: 'instagram', visitors: 1 },
        { source: 'ig', visitors: 1 },
      ]),
    );
  });

  it('sends each button to its target with 303 and counts the click: a platform, a show’s tickets, his own link', async () => {
    const listen = await get('/links/go/r-spotify');
    expect(listen.statusCode).toBe(303);
    expect(listen.headers.location).toBe('https://open.spotify.com/album/5kVZa4lFUmAQlBogl1fkd6');
    expect(listen.headers['referrer-policy']).toBe('no-referrer');
    expect((await get(`/links/go/t-${showId}`)).headers.location).toBe('https://tickets.example.com/form-space');
    expect((await get(`/links/go/l-${linkIds[0]}`)).headers.location).toBe('https://shop.example.com/');
    expect((await get(`/links/go/l-${linkIds[1]}`, { dnt: '1' })).headers.location).toBe('https://www.instagram.com/tudorvale');
    const r = await report();
    expect(r.platforms).toEqual(
      expect.arrayContaining([
        { platform: 'spotify', clicks: 1 },
        { platform: 'website', clicks: 1 },
      ]),
    );
    // Do Not Track: followed, not counted.
    expect(r.platforms.find((p) => p.platform === 'instagram')).toBeUndefined();
    expect(r.shows).toEqual([{ show: showId, tickets: 1, calendars: 0 }]);
    expect(r.releases.find((x) => x.slug === 'zori-de-zi')?.clicks).toBe(1);
  });

  it('sends nowhere but a target the content holds: any other address is the not-found page, with no Location', async () => {
    for (const url of [
      '/links/go/https%3A%2F%2Fevil.example.com%2F',
      '/links/go/l-nope',
      '/links/go/r-deezer',
      '/links/go/x-https:evil.example.com',
      '/links/go/t-' + 'a'.repeat(200),
      '/links/go/l-..%2F..%2Fetc',
      '/links/go/%2F%2Fevil.example.com',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('refuses a link of javascript: (or data:, or http) for his own links', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'http://example.com/']) {
      const res = await admin('POST', '/links', { label_en: 'X', label_ro: 'X', url, icon: 'website' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ field: 'url' });
    }
  });

  it('is carried by the static builds (Firebase, none) as plain links straight to the targets, with no script and the site’s palette', async () => {
    const html = renderLinkPage('ro', SAMPLE_CONTENT, { path: '/ro/linkuri/', now: Date.now(), counted: false, fansForm: false });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('/links/go/');
    expect(html).toContain('href="https://www.instagram.com/tudorvale"');
    expect(html).toContain('href="/ro/#newsletter"');
    // The palette is the site's (src/base.css).
    const { readFileSync } = await import('node:fs');
    const base = readFileSync(new URL('../src/base.css', import.meta.url), 'utf8');
    for (const name of ['--bg', '--bg-2', '--bg-3', '--text', '--muted', '--accent', '--focus', '--line']) {
      const value = new RegExp(`${name}: ([^;]+);`).exec(base)?.[1];
      expect(LINK_PAGE_CSS, name).toContain(`${name}:${value}`);
    }
  });
});

describe('the link page’s sign-up without JavaScript', () => {
  it('holds the own list’s plain form when mail is set up, which the sign-up route takes as the home page’s (“press again”, in the page’s language)', async () => {
    const sink = await smtpSink();
    const app = await testApp({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://fans.example', ...sink.env });
    try {
      const page = await app.app.inject({ url: '/ro/linkuri/', headers: { 'user-agent': CHROME } });
      const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/.exec(page.body);
      expect(form?.[1]).toBe('/api/fans');
      // The fields the browser sends from it: lang, the honeypot left empty, the address.
      const fields = [...form![2]!.matchAll(/<input[^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?/g)].map((m) => [
        m[1]!,
        m[2] ?? (m[1] === 'email' ? 'dan@example.com' : ''),
      ]);
      expect(fields.map(([name]) => name)).toEqual(['lang', 'website', 'email']);
      const res = await app.app.inject({
        method: 'POST',
        url: form![1]!,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Aproape gata: te rog să apeși din nou pe „Abonează-mă”.');
    } finally {
      await app.close();
      await sink.close();
    }
  });
});
