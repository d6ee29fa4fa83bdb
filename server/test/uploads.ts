/**
 * Uploads to the media library as the admin's upload control sends them (one file in a multipart form), and a file
 * that lies about its size: for the tests of the media routes, their refusals and a full disk.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const BOUNDARY = '----scena-test-boundary';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with one file part, as a browser's FormData sends it. */
export function fileForm(data: Buffer, filename: string, type = 'application/octet-stream'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** POST /api/admin/media with one file, signed in with `cookie`. */
export const uploadMedia = (app: FastifyInstance, cookie: string, data: Buffer, filename: string, type?: string) =>
  app.inject({ method: 'POST', url: '/api/admin/media', headers: { cookie, 'content-type': MULTIPART }, payload: fileForm(data, filename, type) });

/** A PNG that claims `side` × `side` pixels with one short row of data: its size is read before anything is decoded. */
export function pngClaiming(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
