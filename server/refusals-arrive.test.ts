/**
 * Refusals that arrive (server/linger.ts, RFC 9112 §9.6): an upload refused while its body is still coming (401 before
 * the body, 415 for a GIF sniffed in its first bytes, 413 at an image's 25 MB and at a piece's 4 MB) reaches the client
 * whole, through undici's fetch and through a raw socket, with bodies of 10 KB to 100 MB, while two other processes keep
 * both cores busy. Without the lingering close, Node resets the connection as the answer leaves, and on a busy machine
 * the reset destroys the answer before the client reads it (a socket error, or EPIPE, instead of the refusal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './auth/accounts';
import { openDatabase } from './db/client';
import { ADMIN, tempDir } from './test/helpers';
import { signInOver, startServer, type ChildServer } from './test/child-server';

const KB = 1024;
const MB = 1024 * KB;
const tmp = tempDir('scena-refusals-arrive-');
let server: ChildServer;
let cookie: string;
let load: ChildProcess[] = [];

beforeAll(async () => {
  const dbFile = join(tmp.dir, 'scena.db');
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  db.close();
  server = await startServer({ DATABASE_URL: dbFile, DIST_DIR: join(tmp.dir, 'no-dist') });
  cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
  // Other work on every core, as when the refusals were lost: two processes that never yield, each ending by itself
  // after 2 minutes should this test die before its afterAll.
  load = [0, 1].map(() => spawn(process.execPath, ['-e', 'const end = Date.now() + 120_000; while (Date.now() < end);'], { stdio: 'ignore' }));
}, 60_000);
afterAll(async () => {
  for (const proc of load) proc.kill('SIGKILL');
  await server?.kill();
  tmp.remove();
});

const BOUNDARY = 'scena-boundary';
/** A multipart form whose one file starts with `head` and is `size` bytes in all. */
function form(head: Buffer, size: number, filename: string): Buffer {
  const start = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const file = Buffer.alloc(size, 0x20);
  head.copy(file);
  return Buffer.concat([start, file, end]);
}
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000003e8000003e80802000000', 'hex');

interface Case {
  name: string;
  status: number;
  code: string;
  method: 'POST' | 'PUT';
  /** The path, made once the server is up (an upload in pieces needs its id). */
  path: () => Promise<string>;
  headers: () => Record<string, string>;
  body: (size: number) => Buffer;
  sizes: number[];
}

/** An image upload (POST /api/admin/media) whose file starts with `head`; signed in unless said otherwise. */
const imageUpload = (head: Buffer, filename: string, signedIn = true): Pick<Case, 'method' | 'path' | 'headers' | 'body'> => ({
  method: 'POST',
  path: async () => '/api/admin/media',
  headers: () => ({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(signedIn ? { cookie } : {}) }),
  body: (size) => form(head, size, filename),
});
/** The uploads in pieces a test started: cancelled after it (at most three may be open). */
const started: string[] = [];
async function pieceUpload(): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'mix.wav', size: 150 * MB }),
  });
  expect(res.status).toBe(201);
  started.push(`/api/admin/uploads/${((await res.json()) as { upload: { id: string } }).upload.id}`);
  return `${started.at(-1)}?offset=0`;
}

const CASES: Case[] = [
  {
    name: '401 before the body (no session)',
    status: 401,
    code: 'unauthenticated',
    ...imageUpload(PNG, 'cover.png', false),
    sizes: [10 * KB, 1 * MB, 100 * MB],
  },
  {
    name: '415 for a GIF sniffed in its first bytes',
    status: 415,
    code: 'unsupported-type',
    ...imageUpload(GIF, 'cover.gif'),
    sizes: [10 * KB, 1 * MB, 100 * MB],
  },
  { name: '413 at an image’s 25 MB', status: 413, code: 'too-large', ...imageUpload(PNG, 'cover.png'), sizes: [100 * MB] },
  {
    name: '413 for a piece over 4 MB',
    status: 413,
    code: 'too-large',
    method: 'PUT',
    path: pieceUpload,
    headers: () => ({ 'content-type': 'application/octet-stream', cookie }),
    body: (size) => Buffer.alloc(size, 0x52),
    sizes: [10 * MB, 100 * MB],
  },
];

/** Through undici (Node's fetch), the body given whole (it sends Content-Length). */
async function byFetch(c: Case, path: string, body: Buffer, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, { method: c.method, headers, body: body as Uint8Array<ArrayBuffer> });
  return { status: res.status, body: await res.text() };
}

/** Through a raw socket: the headers, then the body in 64 KB writes as fast as the socket takes them; the answer is read as it comes. */
function byRawSocket(c: Case, path: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    let sent = 0;
    const head = Object.entries({ host: `127.0.0.1:${port}`, ...headers, 'content-length': String(body.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const pump = () => {
      while (sent < body.length && !socket.destroyed && !socket.writableEnded) {
        const chunk = body.subarray(sent, sent + 64 * KB);
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(`${c.method} ${path} HTTP/1.1\r\n${head}\r\n`);
      pump();
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const done = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const separator = answer.indexOf('\r\n\r\n');
      if (!status || separator < 0) reject(new Error(`no answer read (${sent} bytes sent): ${JSON.stringify(answer.slice(0, 200))}`));
      else resolve({ status, body: answer.slice(separator + 4) });
    };
    socket.on('end', () => {
      socket.destroy();
      done();
    });
    // Our own writes may fail once the server stops reading (EPIPE after its bounded linger): what counts is the answer.
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}

describe('a refused upload’s answer reaches the client while the body is still coming, under CPU load', () => {
  for (const c of CASES) {
    for (const size of c.sizes) {
      for (const [client, send] of [
        ['fetch', byFetch],
        ['a raw socket', byRawSocket],
      ] as const) {
        it(`${c.name}: ${size / KB >= 1024 ? `${size / MB} MB` : `${size / KB} KB`}, ${client}`, async () => {
          const answer = await send(c, await c.path(), c.body(size), c.headers());
          expect(answer.status, answer.body).toBe(c.status);
          expect(JSON.parse(answer.body)).toMatchObject({ code: c.code });
          for (const path of started.splice(0)) {
            const cancelled = await fetch(`${server.url}${path}`, { method: 'DELETE', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
            expect(cancelled.status, await cancelled.text()).toBe(204);
          }
        }, 30_000);
      }
    }
  }

  it('keeps answering after them', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
