/**
 * The upload over a real connection (a child server): a stranger's huge upload is answered 401 at once,
 * before its body is read, and the connection is closed rather than drained.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ChildServer } from './test/child-server';
import { tempDir } from './test/helpers';

const tmp = tempDir('scena-media-server-');
let server: ChildServer;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: join(tmp.dir, 'scena.db'), DIST_DIR: join(tmp.dir, 'no-dist') });
});
afterAll(async () => {
  await server.kill();
  tmp.remove();
});

describe('an upload without a session', () => {
  it('is answered 401 within a second of its headers, having sent a fraction of its 200 MB', async () => {
    const total = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const { port } = new URL(server.url);
    const started = performance.now();
    const result = await new Promise<{ status: number; ms: number; sent: number; connection?: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/media',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(total) },
      });
      req.on('response', (res) => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, sent, connection: res.headers.connection });
        res.resume();
        req.destroy();
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const pump = () => {
        // Slowly, as a phone would: the answer must not wait for the body.
        if (answered || sent >= total) return;
        sent += chunk.length;
        req.write(chunk);
        setTimeout(pump, 5);
      };
      pump();
    });
    expect(result.status).toBe(401);
    expect(result.ms).toBeLessThan(1000);
    expect(result.sent).toBeLessThan(total / 4);
    expect(result.connection).toBe('close');
  });
});
