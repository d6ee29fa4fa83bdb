/**
 * An upload's refusals as this server answers them (the real app, a real SQLite file and media folder), in their
 * declared words (src/content/media-problems.ts): the English word for word as before the declaration (tests, e2e and
 * scripts read it), and the answer read as the admin's server backend reads it (failure), then worded by the admin
 * (wordError): in Romanian with „the file's name” and the advice, in English as the API says it.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAdminLanguage } from '../src/admin/language';
import { wordError } from '../src/admin/problem-words';
import { failure, type ErrorBody } from '../src/content/backends/server-public';
import { signedInApp, type SignedInApp } from './test/helpers';
import { pngClaiming, uploadMedia } from './test/uploads';

let t: SignedInApp;
beforeAll(async () => {
  t = await signedInApp({ LOG_LEVEL: 'silent' });
});
afterAll(() => t.close());
afterEach(() => setAdminLanguage('en'));

const upload = (data: Buffer, filename: string) => uploadMedia(t.app, t.cookie, data, filename, 'image/jpeg');

/** A 26 MB "photo": a JPEG's first bytes, then zeros. */
const oversized = async () => {
  const big = Buffer.alloc(26 * 1024 * 1024);
  (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
  ).copy(big);
  return big;
};

/** Each refusal: what is uploaded, the answer's status and code, its English (the API's) and the Romanian admin's words. */
const CASES = [
  {
    what: 'a GIF named .jpg',
    reach: async () =>
      upload(
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        'anim.jpg',
      ),
    status: 415,
    code: 'unsupported-type',
    en: '“anim.jpg” is not a JPEG, PNG, WebP or AVIF image.',
    ro: 'Fișierul „anim.jpg” nu este o imagine JPEG, PNG, WebP sau AVIF.',
  },
  {
    what: 'a PDF named .jpg',
    reach: () => upload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'.repeat(4)), 'Rider 2026.jpg'),
    status: 415,
    code: 'unsupported-type',
    en: '“Rider 2026.jpg” is not a JPEG, PNG, WebP or AVIF image.',
    ro: 'Fișierul „Rider 2026.jpg” nu este o imagine JPEG, PNG, WebP sau AVIF.',
  },
  {
    what: 'a text file named .wav',
    reach: () => upload(Buffer.from('not audio, whatever its name says\n'.repeat(4)), 'x.wav'),
    status: 415,
    code: 'not-audio',
    en: '“x.wav” is not a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file.',
    ro: 'Fișierul „x.wav” nu este un fișier WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus.',
  },
  {
    what: 'a 26 MB image',
    reach: async () => upload(await oversized(), 'Concert 1.5.jpg'),
    status: 413,
    code: 'too-large',
    en: '“Concert 1.5.jpg” is larger than 25 MB: export it smaller (a photo for the web needs no more than a few MB).',
    ro: 'Fișierul „Concert 1.5.jpg” depășește 25 MB: exportați-l mai mic (pentru web, o fotografie nu are nevoie de mai mult de câțiva MB).',
  },
  {
    what: 'an empty file',
    reach: () => upload(Buffer.alloc(0), 'empty.jpg'),
    status: 400,
    code: 'empty',
    en: '“empty.jpg” is empty (0 bytes).',
    ro: 'Fișierul „empty.jpg” este gol (0 octeți).',
  },
  {
    what: 'a JPEG that cannot be read (server/media/images.ts)',
    reach: () => upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'broken.jpg'),
    status: 400,
    code: 'corrupt',
    en: '“broken.jpg”: The file is not a JPEG, PNG, WebP or AVIF image that can be read: it may be damaged or incomplete.',
    ro: 'Fișierul „broken.jpg” nu este o imagine JPEG, PNG, WebP sau AVIF care poate fi citită: poate fi deteriorat sau incomplet.',
  },
  {
    what: 'a PNG of 400 megapixels (server/media/images.ts)',
    reach: () => upload(pngClaiming(20_000), 'huge.png'),
    status: 400,
    code: 'too-many-pixels',
    en: '“huge.png”: The image is 20000 × 20000 pixels (400 megapixels): at most 50 megapixels.',
    ro: 'Imaginea „huge.png” are 20000 × 20000 px (400 MP): sunt acceptați cel mult 50 de megapixeli.',
  },
];

describe('an upload’s refusal, as the server words it and the admin reads it', { timeout: 60_000 }, () => {
  it.each(CASES)('$what: the API’s English as before, the Romanian admin’s own words with the name and the advice', async (c) => {
    const res = await c.reach();
    expect(res.statusCode, res.body).toBe(c.status);
    const body = res.json<ErrorBody>();
    expect(body).toEqual({ error: c.en, code: c.code, field: 'file' });

    const error = failure(new Response(null, { status: res.statusCode }), body, 'Save failed');
    expect(wordError(error, 'Save failed')).toBe(c.en);
    setAdminLanguage('ro');
    expect(wordError(error, 'Salvarea nu a reușit')).toBe(c.ro);
  });

  it('an image too tall for the web and one cut short (server/media/images.ts): their numbers and sharp’s words kept', async () => {
    const poster = await upload(
      await sharp({ create: { width: 1000, height: 17_000, channels: 3, background: '#246' } })
        .png()
        .toBuffer(),
      'poster.png',
    );
    const tall = failure(new Response(null, { status: poster.statusCode }), poster.json<ErrorBody>(), 'Save failed');
    expect([tall.code, tall.message]).toEqual([
      'too-many-pixels',
      '“poster.png”: The image is 1000 × 17000 pixels: too tall for the web at that width (at most 16383 pixels high once 1000 wide); crop it.',
    ]);

    const whole = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .jpeg()
      .toBuffer();
    const res = await upload(whole.subarray(0, whole.length >> 1), 'cut.jpg');
    const cut = failure(new Response(null, { status: res.statusCode }), res.json<ErrorBody>(), 'Save failed');
    const reason = /^“cut\.jpg”: The image could not be read to the end: it is damaged or incomplete \((.+)\)\.$/.exec(cut.message)?.[1];
    expect([cut.code, reason], cut.message).toEqual(['corrupt', expect.any(String)]);

    setAdminLanguage('ro');
    expect(wordError(tall, 'x')).toBe(
      'Imaginea „poster.png” are 1000 × 17000 px: este prea înaltă pentru web la această lățime (cel mult 16383 px înălțime la 1000 px lățime); decupați-o.',
    );
    expect(wordError(cut, 'x')).toBe(`Imaginea „cut.jpg” nu a putut fi citită până la capăt: este deteriorată sau incompletă (${reason}).`);
  });
});
