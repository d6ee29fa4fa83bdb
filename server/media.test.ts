/**
 * Image uploads against the real app (app.inject, a real SQLite file and media folder), with real files
 * made here by sharp: each defence of docs/decisions/0023-images.md, as an admin or an attacker meets it.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { BOUNDARY, fileForm, MULTIPART, uploadMedia } from './test/uploads';

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
});
afterEach(async () => {
  await t.close();
});

const upload = (data: Buffer, filename: string, type?: string) => uploadMedia(t.app, cookie, data, filename, type);
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: unknown) =>
  t.app.inject({ method, url, headers: { ...JSON_HEADERS, cookie }, payload: JSON.stringify(body) });
const folder = () => readdirSync(t.app.services.config.mediaDir).sort();
const served = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
const photo = (width = 1000, height = 500, background = '#c83c1e') => solid(width, height, background).jpeg().toBuffer();

/**
 * A 20,000 × 20,000 PNG, 1 bit a pixel, all black: 50 MB of rows that deflate to about 50 KB. Decoded it
 * would be 400 megapixels (1.2 GB as RGB): a pixel bomb.
 */
function pixelBomb(side = 20_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an upload', { timeout: 60_000 }, () => {
  it('makes the item, three formats at each width up to its own (never upscaled), and a small placeholder', async () => {
    const res = await upload(await photo(1000, 500), 'Album cover.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json();
    expect(image).toMatchObject({ width: 1000, height: 500, name: 'Album cover.jpg', alt_en: '', alt_ro: '' });
    expect(image.src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder.length).toBeLessThan(600);
    const hash = image.src.slice('/media/'.length);
    expect(folder()).toEqual([320, 640, 960, 1000].flatMap((w) => ['avif', 'jpg', 'webp'].map((ext) => `${hash}-${w}.${ext}`)).sort());
    for (const [ext, format, type] of [
      ['avif', 'heif', 'image/avif'],
      ['webp', 'webp', 'image/webp'],
      ['jpg', 'jpeg', 'image/jpeg'],
    ] as const) {
      const res2 = await t.app.inject({ url: `${image.src}-640.${ext}` });
      expect(res2.headers['content-type']).toBe(type);
      expect(res2.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res2.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res2.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 640, 320]);
    }
    expect((await t.app.inject({ url: `${image.src}-1280.jpg` })).statusCode).toBe(404);
  });

  it('serves no EXIF at all: a photo with a GPS position loses it in every variant', async () => {
    const original = await solid(800, 600, '#335577')
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Model: 'X' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 35/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { image } = (await upload(original, 'gps.jpg')).json();
    for (const ext of ['avif', 'webp', 'jpg']) {
      for (const w of [320, 640, 800]) {
        const file = await served(`${image.src}-${w}.${ext}`);
        const meta = await sharp(file).metadata();
        expect(meta.exif, `${w}.${ext}`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(file.includes(Buffer.from('Exif\0'))).toBe(false);
      }
    }
  });

  it('turns a phone photo taken upright (EXIF orientation 6) upright, its width and height swapped', async () => {
    // Stored 400 × 300, left half red and right half blue; shown turned 90° clockwise: 300 × 400, red on top.
    const halves = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0000ff' } })
      .composite([{ input: await solid(200, 300, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { image } = (await upload(halves, 'upright.jpg')).json();
    expect([image.width, image.height]).toEqual([300, 400]);
    const file = await served(`${image.src}-300.jpg`);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 400, undefined]);
    const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const top = [data[0]!, data[1]!, data[2]!];
    const bottom = data.subarray(data.length - 3);
    expect(top[0]).toBeGreaterThan(200); // red on top
    expect(bottom[2]).toBeGreaterThan(200); // blue below
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const cmyk = await solid(320, 200, '#c83c1e').toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const { image } = (await upload(cmyk, 'print.jpg')).json();
    for (const ext of ['jpg', 'webp']) {
      const file = await served(`${image.src}-320.${ext}`);
      const meta = await sharp(file).metadata();
      expect([meta.space, meta.channels]).toEqual(['srgb', 3]);
      const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      // About the colour it was made of (#c83c1e), not CMYK numbers read as RGB.
      expect(Math.abs(data[0]! - 0xc8)).toBeLessThan(40);
      expect(Math.abs(data[1]! - 0x3c)).toBeLessThan(40);
      expect(Math.abs(data[2]! - 0x1e)).toBeLessThan(40);
    }
  });

  it('takes the type from the content: a PNG named .jpg and sent as image/jpeg is the PNG it is', async () => {
    const png = await solid(500, 400, '#22aa44').png().toBuffer();
    const res = await upload(png, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json();
    expect([image.width, image.height, image.name]).toEqual([500, 400, 'holiday.jpg']);
    expect((await sharp(await served(`${image.src}-500.jpg`)).metadata()).format).toBe('jpeg');
  });

  it('stores the same file once: a second upload answers with the first item', async () => {
    const file = await photo(700, 700);
    const first = await upload(file, 'a.jpg');
    const files = folder();
    const second = await upload(file, 'b.jpg');
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().image).toEqual(first.json().image);
    expect(folder()).toEqual(files);
    expect(await t.app.services.content.list('media')).toHaveLength(1);
  });

  it('stores the same file sent twice at once as one image', async () => {
    const file = await photo(640, 480, '#3366aa');
    const [a, b] = await Promise.all([upload(file, 'a.jpg'), upload(file, 'b.jpg')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().image.id).toBe(b.json().image.id);
    expect(await t.app.services.content.list('media')).toHaveLength(1);
  });

  it('processes ten uploads sent at once, all of them, one at a time', async () => {
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => photo(900, 600, `#${(i * 25).toString(16).padStart(2, '0')}8040`)));
    const results = await Promise.all(files.map((file, i) => upload(file, `photo-${i}.jpg`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await t.app.services.content.list('media')).toHaveLength(10);
    expect(t.app.services.media.queue.maxActive).toBe(1);
  });
});

describe('refusals', { timeout: 60_000 }, () => {
  /** Refused with `status`, the message naming the file, and nothing left in the media folder. */
  async function refused(data: Buffer, filename: string, status: number, message: RegExp, type?: string) {
    const before = folder();
    const res = await upload(data, filename, type);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ field: 'file' });
    expect(res.json().error).toMatch(message);
    expect(folder()).toEqual(before);
    expect(await t.app.services.content.list('media')).toEqual([]);
    return res;
  }

  it('refuses HTML named .jpg and sent as image/jpeg (a forged part header), saying what the file is not', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    await refused(html, 'photo.jpg', 415, /“photo\.jpg” is not a JPEG, PNG, WebP or AVIF image/, 'image/jpeg');
  });

  it('refuses an SVG with a script (SVGs are documents, docs/decisions/0055: one that runs something is refused there)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    await refused(svg, 'logo.svg', 415, /“logo\.svg” holds a script \(<script>\)/, 'image/svg+xml');
    expect(await t.app.services.content.list('documents')).toEqual([]);
  });

  it('refuses a GIF, and a JPEG signature in front of something else', async () => {
    await refused(await solid(10, 10, '#000').gif().toBuffer(), 'anim.gif', 415, /not a JPEG, PNG, WebP or AVIF/);
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), await solid(10, 10, '#000').png().toBuffer()]);
    await refused(polyglot, 'odd.jpg', 400, /damaged or incomplete/);
  });

  it('refuses a form with a second file after the first, storing neither', async () => {
    const before = folder();
    const [a, b] = await Promise.all([photo(300, 200, '#aa3366'), photo(300, 200, '#66aa33')]);
    const payload = Buffer.concat([fileForm(a, 'a.jpg').subarray(0, -`--${BOUNDARY}--\r\n`.length), fileForm(b, 'b.jpg')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { cookie, 'content-type': MULTIPART },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'one-file', field: 'file' });
    expect(res.headers.connection).toBe('close');
    expect(folder()).toEqual(before);
    expect(await t.app.services.content.list('media')).toEqual([]);
  });

  it('refuses an image too tall for the web formats (a 1000 × 17000 poster), not a server error', async () => {
    await refused(await solid(1000, 17_000, '#224466').png({ compressionLevel: 9 }).toBuffer(), 'poster.png', 400, /too tall for the web/);
  });

  it('refuses an empty file', async () => {
    await refused(Buffer.alloc(0), 'empty.jpg', 400, /“empty\.jpg” is empty/);
  });

  it('refuses a truncated JPEG', async () => {
    const full = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .jpeg()
      .toBuffer();
    await refused(full.subarray(0, Math.floor(full.length * 0.6)), 'cut.jpg', 400, /damaged or incomplete/);
  });

  it('refuses a 20,000 × 20,000 PNG of 50 KB quickly, without decoding it', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    await refused(bomb, 'bomb.png', 400, /20000 × 20000 pixels \(400 megapixels\): at most 50 megapixels/);
    // Decoding it would take many seconds; the header alone takes milliseconds (5 s: room for a busy machine).
    expect(performance.now() - started).toBeLessThan(5000);
    // Decoding would take 400 MB at least (1.2 GB as RGB).
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('cuts a 100 MB upload at 25 MB (413) and keeps nothing of it', async () => {
    const huge = Buffer.alloc(100 * 1024 * 1024);
    (await photo(64, 64)).copy(huge);
    const res = await refused(huge, 'huge.jpg', 413, /“huge\.jpg” is larger than 25 MB/);
    expect(res.headers.connection).toBe('close');
  });

  it('refuses a full library (409), keeping no file of the refused upload', async () => {
    for (let i = 0; i < 200; i++) {
      const res = await send('POST', '/api/admin/media', {
        src: `https://img.example/${i}.jpg`,
        width: 10,
        height: 10,
        placeholder: '',
        name: `${i}`,
        alt_en: '',
        alt_ro: '',
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await upload(await photo(), 'one-more.jpg');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'list-full', field: 'file' });
    expect(folder()).toEqual([]);
  });

  it('answers 401 to a stranger, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { 'content-type': MULTIPART },
      payload: fileForm(await photo(), 'x.jpg'),
    });
    expect(res.statusCode).toBe(401);
    expect(folder()).toEqual([]);
  });

  it('refuses an upload from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { cookie, origin: 'https://evil.example', 'content-type': MULTIPART },
      payload: fileForm(await photo(), 'x.jpg'),
    });
    expect(res.statusCode).toBe(403);
    // Multipart is taken at the upload's address only.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { cookie, 'content-type': MULTIPART },
      payload: fileForm(await photo(), 'x.jpg'),
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('the files', { timeout: 60_000 }, () => {
  it('are served only by their exact names: no other file of the data folder, whatever the path', async () => {
    const { image } = (await upload(await photo(), 'a.jpg')).json();
    const hash = image.src.slice('/media/'.length);
    writeFileSync(join(t.app.services.config.mediaDir, '.tmp-left'), 'secret');
    for (const url of [
      '/media/..%2Fscena.db',
      '/media/%2e%2e%2fscena.db',
      '/media/..%5Cscena.db',
      '/media/../scena.db',
      '/media/.tmp-left',
      `/media/${hash}-640.avif%2F..%2F..%2Fscena.db`,
      `/media/${hash}-640.AVIF`,
      `/media/${hash}-640.png`,
      `/media/${hash}`,
      `/media/${'0'.repeat(64)}-640.avif`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(Buffer.from('SQLite format'))).toBe(false);
    }
  });
});

describe('the media list on the generic routes', { timeout: 60_000 }, () => {
  const upload1 = async () => (await upload(await photo(), 'a.jpg')).json().image as Record<string, unknown> & { id: string };

  it('changes an upload’s name and alt texts, never its file facts', async () => {
    const image = await upload1();
    const { id, ...value } = image;
    const ok = await send('PUT', `/api/admin/media/${id}`, { ...value, name: 'Portrait', alt_en: 'The artist', alt_ro: 'Artistul' });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const [field, v] of [
      ['src', `/media/${'a'.repeat(64)}`],
      ['src', 'https://img.example/x.jpg'],
      ['width', 999],
      ['height', 1],
      ['placeholder', ''],
    ] as const) {
      const res = await send('PUT', `/api/admin/media/${id}`, { ...value, [field]: v });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    expect((await t.app.services.content.list('media'))[0]).toMatchObject({ ...value, name: 'Portrait', alt_en: 'The artist', alt_ro: 'Artistul' });
  });

  it('adds an image by its https address, but never an upload’s address without its file', async () => {
    const base = { width: 10, height: 10, placeholder: '', name: 'x', alt_en: '', alt_ro: '' };
    expect((await send('POST', '/api/admin/media', { ...base, src: 'https://img.example/a.jpg' })).statusCode).toBe(201);
    const forged = await send('POST', '/api/admin/media', { ...base, src: `/media/${'b'.repeat(64)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ field: 'src' });
  });

  it('refuses a save naming an image the library does not hold, naming the field, and stores nothing', async () => {
    const res = await send('PATCH', '/api/admin/settings', { heroTitle_en: 'New title', portrait: 'no-such-image' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', field: 'portrait' });
    expect(res.json().error).toMatch(/^portrait: no image in the media library has this id/);
    expect(await t.app.services.content.read('settings')).toBeUndefined();
    const cover = await send('POST', '/api/admin/releases', { title: 'Nocturn', meta: '', url: '', cover: 'no-such-image' });
    expect(cover.json()).toMatchObject({ code: 'invalid', field: 'cover' });
    expect(await t.app.services.content.list('releases')).toEqual([]);
  });

  it('never lets an image be removed while a save sent at the same moment names it (the checks and the writes are one step each)', async () => {
    const base = { width: 10, height: 10, placeholder: '', name: 'x', alt_en: 'A', alt_ro: 'O' };
    for (let round = 0; round < 10; round++) {
      const image = (await send('POST', '/api/admin/media', { ...base, src: `https://img.example/${round}.jpg` })).json().item as { id: string };
      // The removal first, then a save of the portrait and a new release's cover naming the same image, all at once.
      const [removal, portrait, cover] = await Promise.all([
        send('DELETE', `/api/admin/media/${image.id}`, {}),
        send('PATCH', '/api/admin/settings', { portrait: image.id }),
        send('POST', '/api/admin/releases', { title: `Round ${round}`, meta: '', url: '', cover: image.id }),
      ]);
      expect([200, 409]).toContain(removal.statusCode);
      const media = await t.app.services.content.list('media');
      const settings = (await t.app.services.content.read('settings')) as { portrait?: string } | undefined;
      const releases = (await t.app.services.content.list('releases')) as unknown as { cover: string }[];
      const named = [settings?.portrait, ...releases.map((r) => r.cover)];
      // Whoever won: an image that is gone is named nowhere, and a refused save says why.
      if (!media.some((item) => item.id === image.id)) {
        expect(named).not.toContain(image.id);
        for (const res of [portrait, cover]) if (res.statusCode >= 400) expect(res.json().code).toBe('invalid');
      }
      await send('PATCH', '/api/admin/settings', { portrait: '' });
    }
  });

  it('refuses to remove an image in use, naming where, and removes it once unused', async () => {
    const image = await upload1();
    await send('PATCH', '/api/admin/settings', { portrait: image.id });
    const release = (await send('POST', '/api/admin/releases', { title: 'Nocturn', meta: '', url: '', cover: image.id })).json().item;
    const res = await send('DELETE', `/api/admin/media/${image.id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'in-use',
      error: 'This image is used in: Settings › Portrait; Releases › “Nocturn” › Cover. Choose another image there first.',
    });
    await send('PATCH', '/api/admin/settings', { portrait: '' });
    await send('DELETE', `/api/admin/releases/${release.id}`, {});
    expect((await send('DELETE', `/api/admin/media/${image.id}`, {})).statusCode).toBe(200);
  });

  it('shows the public only the images the content points at', async () => {
    const used = await upload1();
    const unused = (await upload(await photo(640, 480, '#123456'), 'private.jpg')).json().image;
    expect((await t.app.inject({ url: '/api/media' })).json()).toEqual({ media: [] });
    expect((await t.app.inject({ url: '/api/content' })).json().media).toBeUndefined();
    await send('PATCH', '/api/admin/settings', { portrait: used.id });
    expect((await t.app.inject({ url: '/api/media' })).json()).toEqual({ media: [used] });
    const content = (await t.app.inject({ url: '/api/content' })).json();
    expect(content.media).toEqual([used]);
    const page = (await t.app.inject({ url: '/en/' })).body;
    expect(page).toContain(String(used.src));
    expect(page).not.toContain(unused.src);
    // The admin sees the whole library.
    const all = (await t.app.inject({ url: '/api/admin/media', headers: { cookie } })).json();
    expect(all.media).toHaveLength(2);
  });
});

describe('the share image (Open Graph, Twitter)', { timeout: 60_000 }, () => {
  const ogImage = async (lang: 'en' | 'ro') => /<meta property="og:image" content="([^"]+)">/.exec((await t.app.inject({ url: `/${lang}/` })).body)?.[1];

  it('is made per language at 1200 × 630 from the portrait, changes with it, and is served immutable', async () => {
    expect(await ogImage('en')).toBeUndefined();
    const first = (await upload(await photo(1600, 1000, '#aa3322'), 'p1.jpg')).json().image;
    const { id, ...value } = first;
    await send('PUT', `/api/admin/media/${id}`, { ...value, alt_en: 'The artist on stage', alt_ro: '' });
    await send('PATCH', '/api/admin/settings', { portrait: id });
    const en = await ogImage('en');
    expect(en).toMatch(/^\/media\/share-[0-9a-f]{64}-en\.jpg$/);
    // No Romanian alt text yet: the Romanian page shares it all the same, described as the portrait (decision 0049).
    expect(await ogImage('ro')).toMatch(/^\/media\/share-[0-9a-f]{64}-ro\.jpg$/);
    const res = await t.app.inject({ url: en! });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);

    await send('PUT', `/api/admin/media/${id}`, { ...value, alt_en: 'The artist on stage', alt_ro: 'Artistul pe scenă' });
    expect(await ogImage('ro')).toMatch(/^\/media\/share-[0-9a-f]{64}-ro\.jpg$/);
    // Another image chosen for sharing: another address (the old one stays valid where it was shared).
    const second = (await upload(await photo(1200, 1200, '#2233aa'), 'p2.jpg')).json().image;
    await send('PUT', `/api/admin/media/${second.id}`, { ...second, id: undefined, alt_en: 'Album', alt_ro: 'Album' });
    await send('PATCH', '/api/admin/settings', { shareImage: second.id });
    const changed = await ogImage('en');
    expect(changed).toMatch(/^\/media\/share-[0-9a-f]{64}-en\.jpg$/);
    expect(changed).not.toBe(en);
  });
});
