/**
 * The press kit on Scena's server (issue 31; docs/decisions/0054-press-kit.md): /en/press/ and /ro/presa/ with no
 * script, their JSON-LD, the sitemap; the photos downloaded at the largest size kept without metadata, the PNG logo with
 * its transparency; the ZIP read back entry by entry, written once for 100 requests at once and again only when what
 * it holds changes; the home page never carries the press kit; the short bio's 60 words.
 */
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n/translate';
import { EMPTY_CONTENT } from '../src/content/page-data';
import { renderPressPage } from '../src/site/press/press-page';
import { JSON_HEADERS, signedInApp, type SignedInApp } from './test/helpers';
import { uploadMedia } from './test/uploads';
import { unzip } from './test/unzip';
import { writePressKit, type KitEntry, type KitResolver } from './press/kit';

let t: SignedInApp;
let cookie: string;
let riderId: string;

const admin = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload: body as object });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

const SHORT_EN = 'Tudor Vale is a producer from Cluj-Napoca who makes warm electronic music for late nights and early trains.';
const SHORT_RO = 'Tudor Vale este un producător din Cluj-Napoca care face muzică electronică caldă pentru nopți lungi și trenuri de dimineață.';

beforeAll(async () => {
  t = await signedInApp({ LOG_LEVEL: 'silent' });
  cookie = t.cookie;
  // A 2,400 × 1,600 photo with GPS in its EXIF, and a logo with a transparent background.
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#6a4c93' } })
    .composite([{ input: Buffer.from('<svg width="2400" height="1600"><circle cx="1200" cy="800" r="600" fill="#ffd84d"/></svg>') }])
    .withExif({ IFD0: { Artist: 'Ana Pop' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 46/1 0/1' } })
    .jpeg()
    .toBuffer();
  const logo = await sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="1200" height="400"><rect x="100" y="100" width="1000" height="200" fill="#c9a5ff"/></svg>') }])
    .png()
    .toBuffer();
  const photoRes = await uploadMedia(t.app, cookie, photo, 'press.jpg', 'image/jpeg');
  expect(photoRes.statusCode, photoRes.body).toBe(201);
  const logoRes = await uploadMedia(t.app, cookie, logo, 'logo.png', 'image/png');
  expect(logoRes.statusCode, logoRes.body).toBe(201);
  // A two-page rider, uploaded as the documents library takes it.
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.addPage();
  const riderRes = await uploadMedia(t.app, cookie, Buffer.from(await pdf.save()), 'rider.pdf', 'application/pdf');
  expect(riderRes.statusCode, riderRes.body).toBe(201);
  riderId = riderRes.json<{ document: { id: string } }>().document.id;
  const photoId = photoRes.json<{ image: { id: string } }>().image.id;
  const logoId = logoRes.json<{ image: { id: string } }>().image.id;
  for (const [method, url, body] of [
    ['PATCH', '/settings', { email: 'booking@tudorvale.ro' }],
    [
      'PATCH',
      '/press',
      {
        bioShort_en: SHORT_EN,
        bioShort_ro: SHORT_RO,
        bioLong_en: 'First paragraph.\n\nSecond paragraph.',
        bioLong_ro: 'Primul paragraf.\n\nAl doilea paragraf.',
        contactName: 'Ioana Radu',
        contactEmail: 'press@tudorvale.ro',
        logoPng: logoId,
        rider: riderId,
      },
    ],
    ['POST', '/pressPhotos', { image: photoId, credit: 'Ana Pop' }],
    [
      'POST',
      '/quotes',
      {
        quote_en: 'A warm, patient record.',
        quote_ro: 'Un disc cald și răbdător.',
        outlet: 'Scena9',
        url: 'https://www.scena9.ro/article/x',
        date: '2026-03-14',
      },
    ],
    ['POST', '/releases', { title: 'Zori de zi', status: 'published', date: '2025-03-14T00:00' }],
  ] as const) {
    const res = await admin(method, url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  }
});
afterAll(async () => {
  await t.close();
});

describe('the press page', () => {
  it('answers each language at its own address with no script but its JSON-LD: bios, facts, photo with credit, logo, quote, contacts', async () => {
    for (const [path, lang, short, credit] of [
      ['/en/press/', 'en', SHORT_EN, 'Photo: Ana Pop'],
      ['/ro/presa/', 'ro', SHORT_RO, 'Foto: Ana Pop'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(short);
      expect(html).toContain(credit);
      expect(html).toContain('Ioana Radu');
      expect(html).toContain('mailto:press@tudorvale.ro');
      expect(html).toContain('mailto:booking@tudorvale.ro');
      expect(html).toContain('Scena9');
      expect(html).toContain('1920\u00a0×\u00a01280');
      expect(html).toContain('href="/press-kit.zip"');
      // The rider: a download of the PDF, its pages said.
      // (named in the page's language)
      expect(html).toMatch(new RegExp(`href="/media/[0-9a-f]{64}\\.pdf" download="tudor-vale-${lang === 'en' ? 'technical-rider' : 'rider-tehnic'}\\.pdf"`));
      expect(html).toContain(lang === 'en' ? '2 pages' : '2 pagini');
      expect(html).toContain('<link rel="alternate" hreflang="ro" href="https://');
      // No script but the JSON-LD, which is a ProfilePage about a MusicGroup.
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map((s) => s[1])).toEqual([' type="application/ld+json"']);
      const ld = JSON.parse(scripts[0]![2]!) as { '@type': string; mainEntity: { '@type': string; name: string; description: string; sameAs: string[] } };
      expect(ld['@type']).toBe('ProfilePage');
      expect(ld.mainEntity['@type']).toBe('MusicGroup');
      expect(ld.mainEntity.description).toBe(short);
      expect(ld.mainEntity.sameAs.every((u) => u.startsWith('https://'))).toBe(true);
    }
    expect((await get('/en/press')).headers.location).toBe('/en/press/');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('/en/press/</loc>');
    expect(sitemap).toContain('/ro/presa/</loc>');
  });

  it('serves the photo at the largest size kept, 1,920 px on its long side, with no EXIF (GPS) left', async () => {
    const html = (await get('/en/press/')).body;
    const href = /<a class="b" href="([^"]+-1920\.jpg)" download="([^"]+)"/.exec(html);
    expect(href, 'a download of the 1920 JPEG').not.toBeNull();
    expect(href![2]).toBe('tudor-vale-press-photo-1-ana-pop.jpg');
    const res = await get(href![1]!);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1280]);
    expect(meta.exif).toBeUndefined();
  });

  it('serves the PNG logo with its transparent background', async () => {
    const res = await get('/press/logo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tudor-vale-logo.png"');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3], 'the corner is transparent').toBe(0);
  });

  it('falls back to the site’s About for the bios when the press kit has none', () => {
    const html = renderPressPage('ro', EMPTY_CONTENT, { now: Date.now() });
    expect(html).toContain(translate('ro', 'about.bio3'));
  });
});

describe('the press kit ZIP', () => {
  it('holds both bios as text, the photo and the logo, read back entry by entry', async () => {
    const res = await get('/press-kit.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tudor-vale-press-kit.zip"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual([
      'tudor-vale-bio-en.txt',
      'tudor-vale-bio-ro.txt',
      'photos/tudor-vale-press-photo-1-ana-pop.jpg',
      'logo/tudor-vale-logo.png',
      'tudor-vale-technical-rider.pdf',
    ]);
    const rider = /href="(\/media\/[0-9a-f]{64}\.pdf)"/.exec((await get('/en/press/')).body)![1]!;
    expect(entries.get('tudor-vale-technical-rider.pdf')!.equals((await get(rider)).rawPayload)).toBe(true);
    const ro = entries.get('tudor-vale-bio-ro.txt')!.toString('utf8');
    expect(ro).toContain(SHORT_RO);
    expect(ro).toContain('Al doilea paragraf.');
    expect(ro).toContain('Foto: Ana Pop');
    expect(ro).toContain('„Un disc cald și răbdător.”'.slice(1, -1));
    expect(ro).toContain('\r\n');
    expect(entries.get('tudor-vale-bio-en.txt')!.toString('utf8')).toContain(SHORT_EN);
    const html = (await get('/en/press/')).body;
    const photo = await get(/href="([^"]+-1920\.jpg)"/.exec(html)![1]!);
    expect(entries.get('photos/tudor-vale-press-photo-1-ana-pop.jpg')!.equals(photo.rawPayload)).toBe(true);
    expect((await sharp(entries.get('logo/tudor-vale-logo.png')!).metadata()).hasAlpha).toBe(true);
    expect((await get('/press-kit.zip', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('is written a second after a change, before anyone asks', async () => {
    const before = t.app.services.press.writes;
    expect((await admin('PATCH', '/press', { contactName: 'Ioana R.' })).statusCode).toBe(200);
    await expect.poll(() => t.app.services.press.writes, { timeout: 10_000 }).toBe(before + 1);
    const res = await get('/press-kit.zip');
    expect((await unzip(res.rawPayload)).get('tudor-vale-bio-en.txt')!.toString('utf8')).toContain('Ioana R.');
    expect(t.app.services.press.writes).toBe(before + 1);
  });

  it('is written once for 100 requests at once after a change, and not again until what it holds changes', async () => {
    const changed = await admin('PATCH', '/press', { contactName: 'Ioana Radu-Pop' });
    expect(changed.statusCode).toBe(200);
    // Asked at once, before the write a second later.
    const before = t.app.services.press.writes;
    const answers = await Promise.all(Array.from({ length: 100 }, () => get('/press-kit.zip')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(t.app.services.press.writes - before).toBe(1);
    expect((await unzip(answers[0]!.rawPayload)).get('tudor-vale-bio-en.txt')!.toString('utf8')).toContain('Ioana Radu-Pop');
    // A change the kit does not hold (a link of the link page) writes nothing new.
    await admin('POST', '/links', { label_en: 'Merch', label_ro: 'Merch', url: 'https://shop.example.com/', icon: 'website' });
    expect((await get('/press-kit.zip')).headers.etag).toBe(answers[0]!.headers.etag);
    expect(t.app.services.press.writes - before).toBe(1);
  });
});

describe('the press kit writer', () => {
  it('rejects, handled, when its file cannot be opened while the entries are read (never an unhandled rejection)', async () => {
    const out = createWriteStream(join(tmpdir(), `scena-missing-${process.pid}`, 'kit.zip'));
    const slow: KitResolver = () => new Promise((resolve) => setTimeout(() => resolve(Buffer.from('x')), 100));
    const plan: KitEntry[] = [
      {
        name: 'photo.jpg',
        source: { kind: 'photo', item: { id: 'p', src: '/media/p', width: 1, height: 1, name: 'p.jpg', alt_en: '', alt_ro: '', placeholder: '' } },
      },
    ];
    await expect(writePressKit(plan, slow, out)).rejects.toThrow(/ENOENT/);
  });
});

describe('the press kit stays off the home page', () => {
  it('is in neither the home page nor GET /api/content, and the home page’s media leave out its photos', async () => {
    const home = (await get('/en/')).body;
    const json = (await get('/api/content')).body;
    for (const body of [home, json]) {
      expect(body).not.toContain(SHORT_EN);
      expect(body).not.toContain('Scena9');
      expect(body).not.toContain('"pressPhotos"');
    }
    expect((JSON.parse(json) as { media?: unknown[] }).media ?? []).toHaveLength(0);
  });
});

describe('the short bio', () => {
  it('takes 60 words and refuses 61, naming the field', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `cuvânt${i}`).join(' \n');
    expect((await admin('PATCH', '/press', { bioShort_en: words(60) })).statusCode).toBe(200);
    const refused = await admin('PATCH', '/press', { bioShort_en: ` ${words(61)} ` });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('bioShort_en');
    expect(refused.body).toContain('must be at most 60 words');
  });
});
