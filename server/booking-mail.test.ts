/**
 * The e-mail notices of booking requests, against a real SMTP server (the smtp-server package) listening on
 * loopback: delivered with the right content to the artist alone, the visitor only a Reply-To; the mail server
 * down, then up: delivered once; a refusing server: retried, then reported in the admin; two servers on one
 * database: each notice sent once. The outbox's timing is shortened (BuildOptions.booking.timing).
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { OUTBOX_TIMING, type OutboxTiming } from './booking/outbox';
import { loadConfig } from './config';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { until } from './test/until';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; `refuse` makes it answer 550 to every message while set; `tls` offers STARTTLS (smtp-server's own self-signed certificate). */
async function smtp(port = 0, tls = false) {
  const received: Received[] = [];
  const state = { refuse: false, tries: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: tls ? [] : ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        state.tries++;
        if (state.refuse) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          done(error);
          return;
        }
        received.push({
          from: (session.envelope.mailFrom as SMTPServerAddress).address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    state,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers unfolded, their encoded words (RFC 2047, Q and B) decoded. */
function decodeHeaders(head: string): string {
  return head
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const FAST: Partial<OutboxTiming> = { pollMs: 40, retryDelayMs: () => 60, lastingMs: 500, claimMs: 10_000 };
const mailEnv = (port: number) => ({
  SMTP_URL: `smtp://scena:secret@127.0.0.1:${port}`,
  MAIL_FROM: 'Scena site <site@example.com>',
  NOTIFY_TO: 'artist@example.com',
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function appWithMail(port: number): Promise<TestApp> {
  const t = await testApp({ LOG_LEVEL: 'silent', ...mailEnv(port) }, { build: { booking: { timing: FAST } } });
  cleanups.push(() => t.close());
  return t;
}

let n = 0;
async function sendBooking(app: FastifyInstance, over: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: JSON_HEADERS,
    remoteAddress: `203.0.113.${(++n % 200) + 1}`,
    payload: {
      name: 'Ioana Țăran',
      email: 'ioana@example.com',
      service: 'mixing',
      budget: '300 EUR',
      date: '2027-01-15',
      message: `Could you mix my single? Stems: https://files.example/stems (${n})`,
      lang: 'ro',
      website: '',
      token: await app.services.booking.tokens.issue(Date.now() - 10_000),
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const outbox = async (app: FastifyInstance) =>
  (await app.services.db.client.execute('SELECT booking_id, state, attempts, last_error FROM booking_outbox')).rows.map((r) => ({ ...r }));

// 40 s a test: each waits on a real SMTP server and the outbox's next looks (up to 20 s each, test/until.ts), past Vitest's
// 5 s on Node 24 beside two browser runs in CI (ci10, three of them; ci11, one at 20 s).
describe('the e-mail notice of a booking request', { timeout: 40_000 }, () => {
  it('reaches the artist alone with the request, the visitor as Reply-To, sent once', async () => {
    const server = await smtp();
    cleanups.push(server.close);
    const t = await appWithMail(server.port);
    await sendBooking(t.app);
    await until(() => server.received.length === 1);
    const [mail] = server.received;
    // Nothing is ever sent to the address a visitor typed: it is not a recipient, only the Reply-To.
    expect(mail!.to).toEqual(['artist@example.com']);
    expect(mail!.from).toBe('site@example.com');
    const headers = decodeHeaders(mail!.raw.split('\r\n\r\n')[0]!);
    expect(headers).toMatch(/^From: Scena site <site@example\.com>$/m);
    expect(headers).toMatch(/^To: artist@example\.com$/m);
    expect(headers).toMatch(/^Reply-To: Ioana Țăran <ioana@example\.com>$/m);
    expect(headers).toMatch(/^Subject: Booking request: Mixing from Ioana Țăran$/m);
    expect(headers).not.toMatch(/^Cc:|^Bcc:/m);
    const body = mail!.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');
    expect(body).toContain('Budget: 300 EUR');
    expect(body).toContain('Date: 2027-01-15');
    expect(body).toContain('Stems: https://files.example/stems');
    expect(body).not.toContain('City of the event');
    await until(async () => (await outbox(t.app))[0]?.state === 'sent');
    // No second copy, however often the outbox looks.
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(1);
    const cookie = (await addAccount(t.app, ADMIN), await signIn(t.app));
    expect((await t.app.inject({ url: '/api/admin/mail', headers: { cookie } })).json()).toEqual({ configured: true, pending: 0, failing: [] });

    // A promoter's request is worded for it: the event's city, day and venue in the subject, its budget as the fee.
    await sendBooking(t.app, { service: 'live', city: 'București', venue: 'Control Club', budget: '800–1.200 EUR', date: '2027-03-20' });
    await until(() => server.received.length === 2);
    const live = server.received[1]!;
    expect(decodeHeaders(live.raw.split('\r\n\r\n')[0]!)).toMatch(/^Subject: Show booking: București, 2027-03-20 at Control Club, from Ioana Țăran$/m);
    const text = live.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');
    // (The body is quoted-printable: its ASCII parts are compared.)
    for (const line of ['What: Live show / DJ set', 'City of the event: Bucure', 'Venue: Control Club', 'Fee (budget): 800', 'Day of the event: 2027-03-20'])
      expect(text).toContain(line);
  });

  it('keeps a name that looks like addresses inside the Reply-To’s display name: the only address is the visitor’s', async () => {
    const server = await smtp();
    cleanups.push(server.close);
    const t = await appWithMail(server.port);
    await sendBooking(t.app, { name: 'Evil <evil@example.com>, "x" <other@example.com>; Bcc: z@example.com' });
    await until(() => server.received.length === 1);
    const headers = decodeHeaders(server.received[0]!.raw.split('\r\n\r\n')[0]!);
    const replyTo = /^Reply-To: (.*)$/m.exec(headers)![1]!;
    // Every address in the header (inside <…>, outside quotes) is the visitor's.
    const outside = replyTo.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    expect(outside.match(/<[^>]*>/g)).toEqual(['<ioana@example.com>']);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(server.received[0]!.to).toEqual(['artist@example.com']);
  });

  it('waits while the mail server is down and is delivered once when it comes up; the request was stored first', async () => {
    const port = await freePort();
    const t = await appWithMail(port);
    await sendBooking(t.app);
    // Stored and answered although nothing could be sent; tried again and again.
    expect((await t.app.services.db.client.execute("SELECT count(*) AS n FROM list_items WHERE kind = 'bookings'")).rows[0]!.n).toBe(1);
    await until(async () => Number((await outbox(t.app))[0]?.attempts) >= 3);
    expect((await outbox(t.app))[0]).toMatchObject({ state: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
    const server = await smtp(port);
    cleanups.push(server.close);
    await until(() => server.received.length >= 1);
    await until(async () => (await outbox(t.app))[0]?.state === 'sent');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(1);
  });

  it('is retried while the server refuses, reported in the admin after 10 minutes (here 0.5 s), and sent once it accepts', async () => {
    const server = await smtp();
    cleanups.push(server.close);
    server.state.refuse = true;
    const t = await appWithMail(server.port);
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    await sendBooking(t.app);
    const id = String((await outbox(t.app))[0]!.booking_id);
    await until(() => server.state.tries >= 3);
    const mail = async () => (await t.app.inject({ url: '/api/admin/mail', headers: { cookie } })).json();
    // The outbox records an attempt after the mail server's answer: its count can trail the server's by one (ci11).
    await until(async () => (await mail()).failing[0]?.attempts >= 3);
    const status = await mail();
    expect(status).toMatchObject({ configured: true, pending: 1 });
    expect(status.failing[0]).toMatchObject({ bookingId: id, lastError: expect.stringMatching(/550/) });
    expect(status.failing).toHaveLength(1);
    expect(server.received).toHaveLength(0);
    server.state.refuse = false;
    await until(() => server.received.length === 1);
    await until(async () => (await mail()).failing.length === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(1);
  });

  it('is sent once when two servers share the database and both look at the outbox', async () => {
    const server = await smtp();
    cleanups.push(server.close);
    const a = await appWithMail(server.port);
    const config = loadConfig({ DATABASE_URL: a.dbFile, DIST_DIR: `${a.dir}/dist`, LOG_LEVEL: 'silent', ...mailEnv(server.port) });
    const b = await buildApp(config, { booking: { timing: FAST } });
    cleanups.push(() => b.close());
    for (let i = 0; i < 12; i++) await sendBooking(a.app);
    await Promise.all([a.app.services.booking.outbox.kick(), b.services.booking.outbox.kick(), a.app.services.booking.outbox.kick()]);
    await until(() => server.received.length >= 12);
    await new Promise((r) => setTimeout(r, 400));
    const ids = server.received.map((m) => /^Message-ID: (.+)$/m.exec(m.raw)![1]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});

describe('turning mail on', () => {
  const base = { DATABASE_URL: '/tmp/scena-config-test.db' };
  it('needs both SMTP_URL and MAIL_FROM; NOTIFY_TO defaults to the admin’s address', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example:587' }).mail).toBeUndefined();
    expect(loadConfig({ ...base, MAIL_FROM: 'site@example.com' }).mail).toBeUndefined();
    expect(
      loadConfig({ ...base, ADMIN_EMAIL: 'Artist@Example.com', SMTP_URL: 'smtps://u:p@mail.example', MAIL_FROM: 'Scena <site@example.com>' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example',
      from: { name: 'Scena', address: 'site@example.com' },
      to: 'artist@example.com',
      // Letters to the fans (server/mail/dkim.ts, MAIL_RATE_PER_MINUTE): the key's folder, beside the database; no rate.
      dkimDir: expect.any(String),
      ratePerMinute: 0,
    });
  });

  it('refuses a URL that is not smtp: or smtps:, and a sender with a line break, naming each', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example', MAIL_FROM: 'site@example.com\r\nBcc: x@example.com', NOTIFY_TO: 'nobody' })).toThrow(
      /SMTP_URL must be smtp:\/\/user:pass@host:port[\s\S]*MAIL_FROM must be an e-mail address, or Name <address>[\s\S]*NOTIFY_TO must be an e-mail address/,
    );
  });
});

describe('STARTTLS', { timeout: 40_000 }, () => {
  it('is used when the mail server offers it: with a certificate that cannot be trusted, nothing is sent in the clear', async () => {
    const server = await smtp(0, true);
    cleanups.push(server.close);
    const t = await appWithMail(server.port);
    await sendBooking(t.app);
    await until(async () => Number((await outbox(t.app))[0]?.attempts) >= 1);
    expect((await outbox(t.app))[0]).toMatchObject({ state: 'pending', last_error: expect.stringMatching(/certificate/i) });
    expect(server.received).toHaveLength(0);
  });
});

describe('the outbox’s schedule', { timeout: 40_000 }, () => {
  it('tries at least once a minute for the first ten minutes, then backs off to once an hour, for three days', () => {
    const MINUTE = 60_000;
    // Replaying the schedule from a first failure: every try's wait, and when each try happens.
    let since = 0;
    const waits: number[] = [];
    for (let attempts = 1; since < OUTBOX_TIMING.giveUpMs; attempts++) {
      const wait = OUTBOX_TIMING.retryDelayMs(attempts, since);
      waits.push(wait);
      since += wait;
    }
    const firstTen = waits.slice(0, waits.findIndex((_, i) => waits.slice(0, i + 1).reduce((a, b) => a + b, 0) >= 10 * MINUTE) + 1);
    expect(Math.max(...firstTen)).toBeLessThanOrEqual(MINUTE);
    expect(waits.slice(firstTen.length)).toEqual([...waits.slice(firstTen.length)].sort((a, b) => a - b));
    expect(Math.max(...waits)).toBe(60 * MINUTE);
    expect(OUTBOX_TIMING.lastingMs).toBe(10 * MINUTE);
    // About 20 tries in the first ten minutes, under a hundred in three days.
    expect(firstTen.length).toBeGreaterThanOrEqual(10);
    expect(waits.length).toBeLessThan(100);
  });

  it('gives a notice up after its time, and reports it without a next try', async () => {
    const port = await freePort();
    const t = await testApp({ LOG_LEVEL: 'silent', ...mailEnv(port) }, { build: { booking: { timing: { ...FAST, giveUpMs: 300 } } } });
    cleanups.push(() => t.close());
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    await sendBooking(t.app);
    await until(async () => (await outbox(t.app))[0]?.state === 'failed');
    const status = (await t.app.inject({ url: '/api/admin/mail', headers: { cookie } })).json();
    expect(status.pending).toBe(0);
    expect(status.failing).toEqual([expect.objectContaining({ nextAttemptAt: '', lastError: expect.stringMatching(/ECONNREFUSED/) })]);
    // Given up: no more tries, even once the server is there.
    const server = await smtp(port);
    cleanups.push(server.close);
    await t.app.services.booking.outbox.kick();
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(0);
  });
});
