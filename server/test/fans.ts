/**
 * Test helpers of the artist's own list (issue 28): a real SMTP server on loopback that keeps each message parsed
 * (mailparser), and `signUpAndConfirm`, which takes an address through the real endpoints (the form's token, the
 * sign-up, the confirmation mail, its link's page, its button) so a letters test starts from a confirmed subscriber.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { FANS_MIN_FILL_MS } from '../../src/content/fans';

export interface SinkMessage {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 (any port): every message it accepts, raw and parsed. */
export async function smtpSink() {
  const received: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    /** The environment that sends the server's mail here. */
    env: { SMTP_URL: `smtp://scena:secret@127.0.0.1:${port}`, MAIL_FROM: 'Tudor Vale <site@example.com>' },
    /** The messages to `address` so far. */
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The confirm link in a confirmation mail (its text part). */
export const confirmLinkOf = (message: SinkMessage) => /https?:\/\/\S+\/fans\/confirm\/[0-9]+\.[A-Za-z0-9_-]{22}/.exec(message.parsed.text ?? '')?.[0];

/**
 * Signs `email` up in `lang` through the real endpoints and confirms it from the mail `sink` receives (the form's
 * token is issued directly, dated the form's minimum fill time ago: nothing waits).
 */
export async function signUpAndConfirm(app: FastifyInstance, sink: Awaited<ReturnType<typeof smtpSink>>, email: string, lang: 'en' | 'ro' = 'en') {
  const before = sink.to(email).length;
  // The page's token, as issued when the field got focus, the form's minimum fill time ago (on the server's fans clock).
  const token = await app.services.fans.formTokens.issue(app.services.fans.now() - FANS_MIN_FILL_MS);
  const res = await app.inject({ method: 'POST', url: '/api/fans', payload: { email, lang, token } });
  if (res.statusCode !== 201) throw new Error(`sign-up refused: ${res.statusCode} ${res.body}`);
  await until(() => sink.to(email).length > before);
  const url = new URL(confirmLinkOf(sink.to(email).at(-1)!)!);
  const page = await app.inject({ url: url.pathname });
  if (page.statusCode !== 200) throw new Error(`confirm page: ${page.statusCode}`);
  const done = await app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  if (done.statusCode !== 200) throw new Error(`confirm: ${done.statusCode}`);
  return { confirmUrl: url.href };
}
