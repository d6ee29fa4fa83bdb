/**
 * Image uploads against the real app (app.inject, a real SQLite file and media folder), with real files
 * made here by sharp: each defence of docs/decisions/0023-images.md, as an admin or an attacker would meet it.
 */
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, addAccount, signIn, testApp, type TestApp } from './test/helpers';

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

const BOUNDARY = '----scena-test-boundary';
/** A multipart body with one file part, as a browser's FormData sends it. */
function form(data: Buffer, filename: string, type = 'application/octet-stream', field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const upload = (data: Buffer, filename: string, type?: string, headers: Record<string, string> = { cookie }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(data, filename, type),
  });
const mediaFiles = () => readdirSync(t.app.services.config.mediaDir).sort();

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

describe('uploading an image', () => {
  it('makes the item and its variants', async () => {
    const res = await upload(await photo(1000, 500), 'cover.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json();
    expect(image).toMatchObject({ width: 1000, height: 500, name: 'cover.jpg', alt_en: '', alt_ro: '' });
    expect(image.src).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(mediaFiles()).toHaveLength(12);
    const file = await t.app.inject({ url: `${image.src}-640.avif` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/avif');
  });
});
