/**
 * What the letters' tests share (server/fans): confirmed subscribers put straight into the table (the sign-up is the
 * list's half), and a real SMTP server on loopback that can refuse a recipient with 550 at RCPT, answer 451 once, and
 * stop and start again on its port.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/client';

export interface Fan {
  email: string;
  lang: 'en' | 'ro';
  status?: 'waiting' | 'confirmed' | 'unsubscribed' | 'bounced';
}

/** Subscribers, confirmed unless said otherwise, in batches of 500 rows; answers their ids in order. */
export async function addFans(db: Database, fans: Fan[]): Promise<number[]> {
  const at = Date.now();
  for (let i = 0; i < fans.length; i += 500) {
    await db.client.batch(
      fans.slice(i, i + 500).map((f) => ({
        sql: `INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, source_detail, consent_version, consent_text, confirmed_at, confirmed_by, updated_at)
              VALUES (?, ?, ?, ?, ?, 'import', 'csv', 1, 'Letters from the artist', ?, 'import', ?)`,
        args: [f.email, f.lang, f.status ?? 'confirmed', randomBytes(16), at, at, at],
      })),
      'write',
    );
  }
  const rows = (await db.client.execute('SELECT id, email FROM subscribers')).rows;
  const byEmail = new Map(rows.map((r) => [String(r.email).toLowerCase(), Number(r.id)]));
  return fans.map((f) => byEmail.get(f.email.toLowerCase())!);
}

/** `n` people, every other one Romanian: fan0@example.com … */
export const manyFans = (n: number, domain = 'example.com'): Fan[] =>
  Array.from({ length: n }, (_, i) => ({ email: `fan${i}@${domain}`, lang: i % 2 ? 'ro' : 'en' }));

export interface Received {
  to: string;
  raw: string;
}

export interface Sink {
  received: Received[];
  /** Recipients refused with 550 at RCPT (a mailbox that does not exist). */
  refuse: Set<string>;
  /** Recipients answered 451 at RCPT the first time only. */
  deferOnce: Set<string>;
  port: number;
  /** Messages whose DATA arrived, per recipient. */
  count(to: string): number;
  close(): Promise<void>;
  /** Listens again on the same port (after close). */
  open(): Promise<void>;
}

/** A real SMTP server; `keep: false` keeps only who got a message (the large sends), not the raw message. */
export async function smtpSink(options: { keep?: boolean; port?: number } = {}): Promise<Sink> {
  const keep = options.keep ?? true;
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const refuse = new Set<string>();
  const deferOnce = new Set<string>();
  const deferred = new Set<string>();
  let server: SMTPServer;
  let port = options.port ?? 0;
  const open = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      // Pooled connections stay open: a close (the server "down") drops them at once.
      closeTimeout: 50,
      onRcptTo(address, _session, done) {
        const to = address.address.toLowerCase();
        if (refuse.has(to)) return done(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        if (deferOnce.has(to) && !deferred.has(to)) {
          deferred.add(to);
          return done(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
        }
        done();
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => keep && chunks.push(c));
        stream.on('end', () => {
          for (const r of session.envelope.rcptTo) {
            const to = r.address.toLowerCase();
            counts.set(to, (counts.get(to) ?? 0) + 1);
            received.push({ to, raw: keep ? Buffer.concat(chunks).toString('utf8') : '' });
          }
          done();
        });
      },
    });
    // A client killed mid-conversation (the crash test's SIGKILL) resets its connections: expected, not a failure.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  };
  await open();
  return {
    received,
    refuse,
    deferOnce,
    get port() {
      return port;
    },
    count: (to) => counts.get(to.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    open,
  };
}
