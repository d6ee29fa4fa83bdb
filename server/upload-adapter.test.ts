/**
 * The admin adapter's uploadImage against the real server (a real SQLite file and media folder, on a
 * loopback port), through a browser's XMLHttpRequest and FormData (jsdom's, on the server's origin, with
 * the admin's session cookie), with files made here by sharp.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { BackendError, type ContentAdmin } from '../src/content/backend';
import { createServerBackend, UPLOAD_CANCELLED } from '../src/content/backends/server';

let t: TestApp;
/** The little of jsdom used here (the package ships no types). */
interface Dom {
  window: Window & typeof globalThis;
  cookieJar: { setCookieSync(cookie: string, url: string): void; removeAllCookiesSync(): void };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: { url: string }) => Dom };

let dom: Dom;
let backend: ContentAdmin;
let address: string;

beforeEach(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' }, { dist: false });
  await addAccount(t.app, ADMIN);
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  dom = new JSDOM('', { url: `${address}/admin/media` });
  dom.cookieJar.setCookieSync(`${await signIn(t.app)}; Path=/`, address);
  backend = createServerBackend({ baseUrl: address, uploadRealm: dom.window });
});
afterEach(async () => {
  dom.window.close();
  await t.close();
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
/** A File of the test's window: what an <input type=file> gives. */
const file = (data: Buffer, name: string, type = 'image/jpeg') => new dom.window.File([new Uint8Array(data)], name, { type }) as unknown as File;
const stored = async () => (await t.app.services.content.list('media')) as { id: string }[];

describe('uploadImage on the server backend', () => {
  it('uploads a photo, reporting progress up to every byte, and answers the library item made of it', async () => {
    const progress: [number, number][] = [];
    const image = await backend.uploadImage!(file(await photo(800, 600), 'Studio, night.jpg'), {
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(image).toMatchObject({ width: 800, height: 600, name: 'Studio, night.jpg', alt_en: '', alt_ro: '' });
    expect(image.src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(progress.length).toBeGreaterThan(0);
    const [loaded, total] = progress[progress.length - 1]!;
    expect(loaded).toBe(total);
    expect((await stored()).map((item) => item.id)).toEqual([image.id]);
    const thumb = await fetch(`${address}${image.src}-320.webp`);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it("refuses a file that is not an image with the server's own message, naming the file field", async () => {
    const error = await backend.uploadImage!(file(Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.jpg')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ field: 'file' });
    expect((error as BackendError).message).toMatch(/JPEG|PNG|WebP|AVIF/);
    expect((error as BackendError).code).not.toBe('http-415');
    expect(await stored()).toEqual([]);
  });

  it('cancels: an aborted upload rejects as cancelled; one aborted before it starts stores nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(backend.uploadImage!(file(await photo(400, 300), 'early.jpg'), { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
      message: UPLOAD_CANCELLED,
    });
    expect(await stored()).toEqual([]);
    // Cancelled while sending: the first progress event aborts it. (Over loopback the whole body may have
    // reached the server by then, which then keeps the image: the promise still ends as cancelled.)
    const during = new AbortController();
    // Noise does not compress: a PNG of several megabytes, long enough to send to be cancelled on its way.
    const big = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const result = backend.uploadImage!(file(big, 'noise.png', 'image/png'), { signal: during.signal, onProgress: () => during.abort() });
    await expect(result).rejects.toMatchObject({ code: 'aborted', message: UPLOAD_CANCELLED });
    // (The server may have taken the whole body and be making its variants: on a busy machine that takes a while.)
  }, 60_000);

  it("signed out: refused with the server's message before anything is stored", async () => {
    dom.cookieJar.removeAllCookiesSync();
    const error = await backend.uploadImage!(file(await photo(100, 100), 'a.jpg')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: expect.not.stringMatching(/^(aborted|http-)/), message: expect.stringMatching(/sign in/i) });
    expect(await stored()).toEqual([]);
  });
});
