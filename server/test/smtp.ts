/**
 * The one SMTP server of the tests: a real one (smtp-server) on 127.0.0.1, which every test of mail sends to (the
 * fans' confirmations, the letters, the booking notices in the browser tests). It keeps each message raw and parsed
 * (mailparser) unless told not to (a send to 100,000 people keeps only who got one), can refuse a recipient with 550
 * at RCPT or answer 451 once, and can stop and listen again on its port (the server "down").
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as one recipient got it: `raw` and `parsed` only when the sink keeps messages. */
export interface Received {
  to: string;
  raw: string;
  parsed?: ParsedMail;
}

/** A message kept whole. */
export type SinkMessage = Received & { parsed: ParsedMail };

export interface Sink {
  received: Received[];
  /** Recipients refused with 550 at RCPT (a mailbox that does not exist). */
  refuse: Set<string>;
  /** Recipients answered 451 at RCPT the first time only. */
  deferOnce: Set<string>;
  port: number;
  /** The environment that sends a Scena server's mail here. */
  env: { SMTP_URL: string; MAIL_FROM: string };
  /** The messages to `address` so far, parsed (a sink that keeps them). */
  to(address: string): SinkMessage[];
  /** Messages whose DATA arrived, per recipient. */
  count(to: string): number;
  close(): Promise<void>;
  /** Listens again on the same port (after close). */
  open(): Promise<void>;
}

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
      onAuth: (auth, _session, done) => done(null, { user: auth.username }),
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
          const raw = keep ? Buffer.concat(chunks).toString('utf8') : '';
          // Parsed before the message is acknowledged: a test that saw the send end finds it whole.
          void (keep ? simpleParser(raw) : Promise.resolve(undefined)).then((parsed) => {
            for (const r of session.envelope.rcptTo) {
              const to = r.address.toLowerCase();
              counts.set(to, (counts.get(to) ?? 0) + 1);
              received.push({ to, raw, ...(parsed ? { parsed } : {}) });
            }
            done();
          }, done);
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
    get env() {
      return { SMTP_URL: `smtp://scena:secret@127.0.0.1:${port}`, MAIL_FROM: 'Tudor Vale <site@example.com>' };
    },
    to: (address) => received.filter((m): m is SinkMessage => m.to === address.toLowerCase() && m.parsed !== undefined),
    count: (to) => counts.get(to.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    open,
  };
}
