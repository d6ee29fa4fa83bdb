/**
 * Every refusal in errors.ts's table, reached the way a client reaches it (app.inject, or a raw socket
 * to a listening server for what Node refuses before the app), answers alike: the table's status,
 * JSON `{ error, code[, field][, problems] }`, its words, and nothing of the server's insides. And no
 * module of the server writes a 4xx of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { createClient } from '@libsql/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMITS } from '../src/content/model';
import { EVENT_LIMITS } from './audience/limits';
import { MAX_JSON_DEPTH } from './json-body';
import { REFUSALS, type RefusalCode } from './errors';
import { sine, synth } from './media/audio/fixtures';
import { BUSY_TIMEOUT_MS } from './db/client';
import { ADMIN, JSON_HEADERS, OTHER, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { pngClaiming } from './test/uploads';
import { encryptedPdf } from './test/documents';
import { holdWriteLock } from './test/sqlite-lock';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

let t: TestApp;
let cookie: string;
let port: number;

beforeAll(async () => {
  // One password check at a time and none waiting: two sign-ins at once make the second "busy".
  const timeouts = { headersTimeout: 500, requestTimeout: 1_000, connectionsCheckingInterval: 100 };
  t = await testApp({ LOG_LEVEL: 'silent' }, { build: { hashing: { concurrency: 1, waiting: 0 }, timeouts } });
  await addAccount(t.app, ADMIN);
  await addAccount(t.app, OTHER);
  cookie = await signIn(t.app);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
}, 30_000);
afterAll(async () => {
  await t.close();
});

const inject = async (options: InjectOptions): Promise<Answer> => {
  const res = await t.app.inject(options);
  return { status: res.statusCode, headers: res.headers, body: res.body };
};
const admin = (method: InjectOptions['method'], url: string, payload?: string | object) =>
  inject({ method, url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload });
/** A piece of an upload, as the admin's browser sends it. */
const piece = (id: string, offset: number, body: Buffer | PassThrough) =>
  inject({ method: 'PUT', url: `/api/admin/uploads/${id}?offset=${offset}`, headers: { 'content-type': 'application/octet-stream', cookie }, payload: body });
const signInWith = (email: string, password: string) => inject({ method: 'POST', url: '/api/session', headers: JSON_HEADERS, payload: { email, password } });

/** Sends raw bytes to the listening server and parses the one answer it writes before closing. */
function raw(text: string, waitMs = 0): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let data = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      if (!statusLine) return reject(new Error('no answer'));
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(text);
    if (waitMs) setTimeout(() => socket.writable && socket.write('X-Late: 1\r\n'), waitMs);
  });
}

const BOUNDARY = '----scena-refusals';
/** An upload to the media library: a multipart form with the given parts (name, file name if a file, bytes). */
const upload = (...parts: { name: string; filename?: string; data: Buffer }[]) =>
  inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      ...parts.flatMap((part) => [
        Buffer.from(
          part.filename === undefined
            ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
            : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]),
  });
const file = (filename: string, data: Buffer) => ({ name: 'file', filename, data });
const jpeg = (background = '#204060') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A visitor's booking request with a token issued `age` ms ago, from `remoteAddress` (127.0.0.1 by default). */
let bookingCount = 0;
const booking = async (age: number, remoteAddress?: string, token?: string) =>
  inject({
    method: 'POST',
    url: '/api/booking',
    headers: JSON_HEADERS,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      name: 'Ana Pop',
      email: 'ana@example.com',
      service: 'beat',
      budget: '',
      date: '',
      message: `A beat, please (${++bookingCount}).`,
      lang: 'en',
      website: '',
      token: token ?? (await t.app.services.booking.tokens.issue(Date.now() - age)),
    },
  });

/**
 * The own list's sign-up needs mail set up: a second app, made at its first case, whose mail goes to a port nothing
 * listens on (a confirmation that fails is only logged). A sign-up with a token issued `age` ms ago.
 */
let fansT: TestApp | undefined;
afterAll(async () => {
  await fansT?.close();
});
const fansApp = async () =>
  (fansT ??= await testApp(
    { LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'site@example.com' },
    { build: { fans: { limits: { perAddress: 5, perSite: 12 } } } },
  ));
let fansCount = 0;
const fansSignUp = async (age: number, remoteAddress?: string, token?: string) => {
  const app = (await fansApp()).app;
  const res = await app.inject({
    method: 'POST',
    url: '/api/fans',
    headers: JSON_HEADERS,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { email: `fan${++fansCount}@example.com`, lang: 'en', website: '', token: token ?? (await app.services.fans.formTokens.issue(Date.now() - age)) },
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
};
const csv = (body: string | Buffer) =>
  inject({ method: 'POST', url: '/api/admin/fans/import', headers: { 'content-type': 'text/csv', cookie }, payload: body });

interface Case {
  reach: () => Promise<Answer>;
  /** When the refusal carries its own words (naming a field or a limit). */
  message?: string;
  field?: string;
}

const CASES: Record<RefusalCode, Case> = {
  invalid: {
    reach: () => admin('PATCH', '/settings', { links: { spotify: 'javascript:alert(1)' } }),
    message: 'links.spotify must be an https:// link',
    field: 'links.spotify',
  },
  'bad-json': { reach: () => admin('PUT', '/stats', '{"monthlyListeners": 1') },
  'empty-body': { reach: () => admin('PUT', '/stats', '') },
  'too-deep': { reach: () => admin('PATCH', '/settings', `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`) },
  'bad-request': { reach: () => raw('NOT-A-METHOD / HTTP/1.1\r\nHost: localhost\r\n\r\n') },
  'bad-url': { reach: () => inject({ url: '/api/admin/releases/%zz' }) },
  'wrong-password': {
    reach: () => admin('POST', '/password', { currentPassword: 'not-the-password-1', newPassword: 'a-brand-new-passphrase-2026' }),
    field: 'currentPassword',
  },
  'login-failed': { reach: () => signInWith(ADMIN.email, 'not-the-password-1') },
  unauthenticated: { reach: () => inject({ method: 'PUT', url: '/api/admin/stats', headers: JSON_HEADERS, payload: { monthlyListeners: 1 } }) },
  'not-authorized': { reach: () => signInWith(OTHER.email, OTHER.password) },
  'cross-site': {
    reach: () => inject({ method: 'PUT', url: '/api/admin/stats', headers: { ...JSON_HEADERS, cookie, 'sec-fetch-site': 'cross-site' }, payload: '{}' }),
  },
  'cross-origin': {
    reach: () => inject({ method: 'PUT', url: '/api/admin/stats', headers: { ...JSON_HEADERS, cookie, origin: 'https://evil.example' }, payload: '{}' }),
  },
  'not-found': {
    reach: () => admin('PUT', '/releases/no-such-item', { title: 'Nocturn', meta: '2023', url: '', cover: '' }),
    message: 'No release has this id',
    field: 'id',
  },
  'slug-taken': {
    reach: async () => {
      await admin('POST', '/releases', { title: 'Nocturn', slug: 'nocturn' });
      return admin('POST', '/releases', { title: 'Nocturn (remaster)', slug: 'nocturn' });
    },
    message: 'slug: "nocturn" is already the address of another item; choose another',
    field: 'slug',
  },
  'list-full': {
    reach: async () => {
      for (let i = 0; i < LIST_LIMITS.collaborators; i++) await admin('POST', '/collaborators', { name: `Artist ${i}`, role: 'Artist' });
      return admin('POST', '/collaborators', { name: 'One too many', role: 'Artist' });
    },
    message: `collaborators: at most ${LIST_LIMITS.collaborators} items; remove one first`,
    field: 'collaborators',
  },
  timeout: { reach: () => raw('GET /en/ HTTP/1.1\r\nHost: localhost\r\n', 100) },
  'too-large': {
    reach: () => admin('PUT', '/stats', { monthlyListeners: 1, padding: 'x'.repeat(200_000) }),
    message: 'The request body is too large: at most 96 KB here.',
  },
  'unsupported-media-type': {
    reach: () => inject({ method: 'PUT', url: '/api/admin/stats', headers: { 'content-type': 'text/plain', cookie }, payload: '{"monthlyListeners":1}' }),
  },
  'headers-too-large': { reach: () => raw(`GET /en/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`) },
  'too-many-attempts': {
    reach: async () => {
      for (let i = 0; i < 5; i++) await signInWith('nobody@example.com', `guess-number-${i}`);
      return signInWith('nobody@example.com', 'guess-number-5');
    },
  },
  busy: {
    reach: async () => {
      const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => signInWith(`stranger${i}@example.com`, 'some-password-1')));
      return answers.find((a) => a.status === 429) ?? answers[0]!;
    },
  },
  'too-many-events': {
    // A client's burst (60 events) spent, the next one is refused before its body is read.
    reach: async () => {
      const view = () =>
        inject({
          method: 'POST',
          url: '/api/event',
          headers: {
            'content-type': 'text/plain',
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
          },
          payload: '{"t":"view","p":"/en/"}',
        });
      for (let i = 0; i < EVENT_LIMITS.perAddress.burst; i++) await view();
      return view();
    },
  },
  'no-file': { reach: async () => upload({ name: 'photo', filename: 'a.jpg', data: await jpeg() }) },
  // A form with anything beside its one file (here a text field before it).
  'one-file': { reach: async () => upload({ name: 'alt', data: Buffer.from('A photo') }, file('a.jpg', await jpeg('#602040'))) },
  empty: { reach: () => upload(file('empty.jpg', Buffer.alloc(0))), message: '“empty.jpg” is empty (0 bytes).' },
  corrupt: {
    reach: () => upload(file('broken.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]))),
    message: '“broken.jpg”: The file is not a JPEG, PNG, WebP or AVIF image that can be read: it may be damaged or incomplete.',
  },
  'too-many-pixels': {
    reach: () => upload(file('huge.png', pngClaiming(20_000))),
    message: '“huge.png”: The image is 20000 × 20000 pixels (400 megapixels): at most 50 megapixels.',
  },
  'unsupported-type': {
    reach: () => upload(file('page.jpg', Buffer.from('<!doctype html><script>alert(1)</script>'))),
    message: '“page.jpg” is not a JPEG, PNG, WebP or AVIF image.',
  },
  // Audio, refused at upload before any transcoding (docs/decisions/0027); synthesised with FFmpeg's lavfi.
  'not-audio': {
    reach: () => upload(file('demo.wav', Buffer.from('not audio, whatever its name says\n'.repeat(4)))),
    message: '“demo.wav” is not a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file.',
  },
  truncated: {
    reach: () => {
      const whole = synth(join(t.dir, 'whole.wav'), sine(1));
      return upload(file('half.wav', whole.subarray(0, whole.length >> 1)));
    },
    message: '“half.wav” is incomplete: it holds 50 % of the WAV its header announces. Upload the whole file again.',
  },
  undecodable: {
    reach: () => upload(file('playlist.wav', Buffer.from('RIFF\x24\x00\x00\x00WAVE#EXTM3U\n#EXTINF:10,\n/etc/passwd\n', 'latin1'))),
    message:
      '“playlist.wav” could not be read as WAV: it is damaged or not really a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file (FFmpeg: the file: Invalid data found when processing input).',
  },
  'too-long': {
    reach: () => upload(file('long.wav', synth(join(t.dir, 'long.wav'), 'anullsrc=r=1000:cl=mono:d=960', ['-c:a', 'pcm_u8']))),
    message: '“long.wav” lasts 16 min 0 s: at most 15 minutes.',
  },
  // The documents library (docs/decisions/0055): a file refused for what it holds.
  'unsafe-document': {
    reach: () => upload(file('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'))),
    message:
      '“logo.svg” holds an event attribute (onload="…"), which could run or fetch something when the file is opened: export the logo again as a plain SVG, without it.',
  },
  'protected-document': {
    reach: async () => upload(file('rider.pdf', await encryptedPdf())),
    message: '“rider.pdf” is protected by a password or by restrictions: save it again without protection (Print › Save as PDF), so that anyone can open it.',
  },
  'in-use': {
    reach: async () => {
      const { image } = JSON.parse((await upload(file('portrait.jpg', await jpeg('#406020')))).body) as { image: { id: string } };
      await admin('PATCH', '/settings', { portrait: image.id });
      return admin('DELETE', `/media/${image.id}`, {});
    },
    message: 'This image is used in: Settings › Portrait. Choose another image there first.',
  },
  // An upload in pieces (server/media/chunked.ts).
  'upload-offset': {
    reach: async () => {
      const { upload } = JSON.parse((await admin('POST', '/uploads', { name: 'mix.wav', size: 10 })).body) as { upload: { id: string } };
      const answer = await piece(upload.id, 4, Buffer.alloc(6));
      await admin('DELETE', `/uploads/${upload.id}`, {});
      return answer;
    },
    message: 'The server holds 0 bytes of this file: send the piece from there.',
  },
  'upload-busy': {
    reach: async () => {
      const { upload } = JSON.parse((await admin('POST', '/uploads', { name: 'mix.wav', size: 10 })).body) as { upload: { id: string } };
      // A piece that has begun and not ended (its body still arriving) holds the upload.
      const slow = new PassThrough();
      slow.write(Buffer.alloc(2));
      const arriving = piece(upload.id, 0, slow);
      await new Promise((r) => setTimeout(r, 50));
      const answer = await piece(upload.id, 0, Buffer.alloc(10));
      slow.end(Buffer.alloc(8));
      await arriving;
      await admin('DELETE', `/uploads/${upload.id}`, {});
      return answer;
    },
  },
  'upload-incomplete': {
    reach: async () => {
      const { upload } = JSON.parse((await admin('POST', '/uploads', { name: 'mix.wav', size: 10 })).body) as { upload: { id: string } };
      await piece(upload.id, 0, Buffer.alloc(4));
      const answer = await admin('POST', `/uploads/${upload.id}/finish`, {});
      await admin('DELETE', `/uploads/${upload.id}`, {});
      return answer;
    },
    message: "The server holds 4 of the file's 10 bytes: send the rest first.",
  },
  'uploads-open': {
    reach: async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((JSON.parse((await admin('POST', '/uploads', { name: `m${i}.wav`, size: 10 })).body) as { upload: { id: string } }).upload.id);
      const answer = await admin('POST', '/uploads', { name: 'one-more.wav', size: 10 });
      for (const id of ids) await admin('DELETE', `/uploads/${id}`, {});
      return answer;
    },
  },
  'booking-token-invalid': { reach: () => booking(0, undefined, 'b1.abc.forged') },
  'booking-token-expired': { reach: () => booking(25 * 3_600_000) },
  'booking-too-soon': { reach: () => booking(0) },
  'booking-rate-limited': {
    reach: async () => {
      for (let i = 0; i < 5; i++) await booking(10_000, '198.51.100.1');
      return booking(10_000, '198.51.100.1');
    },
  },
  'booking-site-busy': {
    reach: async () => {
      for (let i = 1; i <= 60; i++) {
        const answer = await booking(10_000, `192.0.2.${i}`);
        if (answer.status === 429) return answer;
      }
      throw new Error('the site limit was never reached');
    },
  },
  'fans-off': { reach: () => inject({ url: '/api/fans/token' }) },
  'fans-token-invalid': { reach: () => fansSignUp(0, undefined, 'f1.abc.forged') },
  'fans-token-expired': { reach: () => fansSignUp(25 * 3_600_000) },
  'fans-too-soon': { reach: () => fansSignUp(0) },
  'fans-rate-limited': {
    reach: async () => {
      for (let i = 0; i < 5; i++) await fansSignUp(10_000, '198.51.100.1');
      return fansSignUp(10_000, '198.51.100.1');
    },
  },
  'fans-site-busy': {
    reach: async () => {
      for (let i = 1; i <= 20; i++) {
        const answer = await fansSignUp(10_000, `192.0.2.${i}`);
        if (answer.status === 429) return answer;
      }
      throw new Error('the site limit was never reached');
    },
  },
  'fans-unavailable': {
    reach: async () => {
      // Another connection holds the database's write lock past the server's (shortened) wait.
      const { app, dbFile } = await fansApp();
      const token = await app.services.fans.formTokens.issue(Date.now() - 10_000);
      await app.services.db.client.execute('PRAGMA busy_timeout = 200');
      const other = createClient({ url: `file:${dbFile}` });
      const tx = await other.transaction('write');
      try {
        return await fansSignUp(10_000, '203.0.113.200', token);
      } finally {
        await tx.rollback();
        other.close();
        await app.services.db.client.execute('PRAGMA busy_timeout = 5000');
      }
    },
  },
  'fans-import-too-large': { reach: () => csv(Buffer.alloc(41 * 1024 * 1024, 'a')) },
  'fans-import-not-csv': { reach: () => csv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0])) },
  'fans-import-no-email': { reach: () => csv('name,city\nAna,Cluj\n') },
  'booking-inbox-full': {
    reach: async () => {
      // The inbox filled to its cap directly (5,000 requests would take the limits days), the counts forgotten.
      const rows = Array.from({ length: LIST_LIMITS.bookings }, (_, i) => ({
        sql: "INSERT INTO list_items (kind, id, data, position, created_at) VALUES ('bookings', ?, json(?), ?, 0)",
        args: [`filled-${i}`, JSON.stringify({ name: 'N', message: `m${i}` }), i],
      }));
      await t.app.services.db.client.batch([...rows, 'DELETE FROM booking_counts'], 'write');
      return booking(10_000, '203.0.113.77');
    },
  },
  // Letters (server/routes/letters.ts): a link that is not https, a letter already being sent, mail not set up here.
  'letter-problems': {
    reach: async () => {
      const { letter } = JSON.parse(
        (await admin('POST', '/letters', { subject_en: 'S', subject_ro: 'S', body_en: '[x](javascript:alert(1))', body_ro: 'Salut' })).body,
      ) as {
        letter: { id: string };
      };
      return admin('POST', `/letters/${letter.id}/send`, { now: true, people: 0 });
    },
    field: 'body_en',
  },
  'letter-state': {
    reach: async () => {
      const words = { subject_en: 'S', subject_ro: 'S', body_en: 'Hello', body_ro: 'Salut' };
      const letter = await t.app.services.letters.store.create(words);
      await t.app.services.letters.store.queue(letter.id);
      return admin('PUT', `/letters/${letter.id}`, words);
    },
  },
  'mail-not-set-up': {
    reach: async () => {
      const letter = await t.app.services.letters.store.create({ subject_en: 'S', subject_ro: 'S', body_en: 'Hello', body_ro: 'Salut' });
      return admin('POST', `/letters/${letter.id}/send`, { now: true, people: 0 });
    },
  },
  'database-busy': {
    reach: async () => {
      // Another program's write lock outlasting the wait (50 ms here instead of BUSY_TIMEOUT_MS: database-locked.test.ts
      // holds one for longer than the real wait).
      const { client } = t.app.services.db;
      await client.execute('PRAGMA busy_timeout=50');
      const lock = await holdWriteLock(t.dbFile);
      try {
        return await admin('PUT', '/stats', { monthlyListeners: 7 });
      } finally {
        await lock.release();
        await client.execute(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
      }
    },
  },
  'disk-full': {
    reach: async () => {
      // The database's file may not grow (SQLITE_FULL, as on a full disk): a save that needs a page more is refused.
      // disk-full.test.ts fills a real (tmpfs) disk under an upload.
      const { client } = t.app.services.db;
      // No free page left to reuse (VACUUM), and a release of 4,000 characters of descriptions: more than a page's room.
      await client.execute('VACUUM');
      const pages = Number(Object.values((await client.execute('PRAGMA page_count')).rows[0]!)[0]);
      await client.execute(`PRAGMA max_page_count=${pages}`);
      try {
        const description = (c: string) => c.repeat(2000);
        return await admin('POST', '/releases', {
          title: 'x'.repeat(200),
          meta: 'y'.repeat(200),
          url: '',
          cover: '',
          description_en: description('e'),
          description_ro: description('r'),
        });
      } finally {
        await client.execute('PRAGMA max_page_count=4294967294');
      }
    },
  },
};

/** What a refusal must never show: stack frames, source paths, Fastify's or Node's own codes and words. */
const INSIDES = /\bat \S+ \(|node_modules|\.ts\b|\/work\/|FST_|ERR_|HPE_|statusCode|Client Error|Error:/;

describe('every refusal in the table', () => {
  it('has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(REFUSALS).sort());
  });

  it.each(Object.keys(REFUSALS) as RefusalCode[])(
    '%s: reachable, with its status, JSON { error, code[, field] } and its words only',
    async (code) => {
      const spec: { status: number; message: string; field?: string; retryAfter?: true } = REFUSALS[code];
      const expected = CASES[code];
      const answer = await expected.reach();
      expect(answer.status, answer.body).toBe(spec.status);
      expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(body.code).toBe(code);
      expect(body.error).toBe(expected.message ?? spec.message);
      expect(body.field).toBe(expected.field ?? spec.field);
      expect(
        Object.keys(body).every((key) => ['error', 'code', 'field', 'problems'].includes(key)),
        answer.body,
      ).toBe(true);
      expect(answer.body).not.toMatch(INSIDES);
      if (spec.retryAfter) expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      else expect(answer.headers['retry-after']).toBeUndefined();
    },
    30_000,
  );
});

/** The server's own source, tests and test helpers aside. */
function serverSources(dir = join(import.meta.dirname)): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Ways to write a 4xx by hand: a status in the 400s, or an error body or HttpError made outside errors.ts. */
const OWN_4XX = [
  /\.(code|status|writeHead)\(\s*4\d\d\b/,
  /statusCode\s*=\s*4\d\d\b/,
  /HTTP\/1\.1 4\d\d/,
  /new HttpError\(/,
  /\.send\(\s*\{\s*['"]?error['"]?\s*:/,
  /['"]retry-after['"]/i,
];

describe('refusals are written in one place', () => {
  it('no server module but errors.ts sets a 4xx status, builds an error body or a Retry-After', () => {
    const root = join(import.meta.dirname, '..');
    const sources = serverSources();
    expect(sources.length).toBeGreaterThan(20);
    const offenders = sources
      .filter((file) => relative(import.meta.dirname, file) !== 'errors.ts')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (OWN_4XX.some((pattern) => pattern.test(line)) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
