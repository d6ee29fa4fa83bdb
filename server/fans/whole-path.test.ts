/**
 * The two halves of issue 28 together, through the real endpoints only: two people sign up (English and Romanian)
 * and confirm from the mail they get; a letter reaches each in their language with its List-Unsubscribe headers; the
 * one-click POST of the header's https link (as a mail program sends it: no cookie, no form token) unsubscribes at
 * once; the next letter goes to the other person alone. A real SMTP server, the real database.
 */
import { afterEach, expect, it } from 'vitest';
import { ADMIN, JSON_HEADERS, addAccount, signIn, tempDir, testApp, type TestApp } from '../test/helpers';
import { signUpAndConfirm } from '../test/fans';
import { smtpSink } from '../test/smtp';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** A header's value as sent (unfolded), from a raw message. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

it('signs up, confirms, gets a letter in its language, leaves by one click, and the next letter skips them', async () => {
  const sink = await smtpSink();
  const dir = tempDir('scena-fans-path-');
  const t: TestApp = await testApp({ LOG_LEVEL: 'silent', DATABASE_URL: `${dir.dir}/scena.db`, PUBLIC_URL: 'https://music.example.org', ...sink.env });
  open.push({ close: async () => dir.remove() }, sink, t);
  await addAccount(t.app, ADMIN);
  const cookie = await signIn(t.app);
  const admin = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { ...JSON_HEADERS, cookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await t.app.services.letters.kick();
  };

  await signUpAndConfirm(t.app, sink, 'ana@example.com', 'ro');
  await signUpAndConfirm(t.app, sink, 'ben@example.com', 'en');
  const words = { subject_en: 'Out now', subject_ro: 'A apărut', body_en: 'The new single is out.', body_ro: 'Piesa nouă a apărut.' };

  const first = (await admin('/letters', words)).letter as { id: string };
  expect((await admin(`/letters/${first.id}/send`, { now: true, people: 2 })).queued).toBe(2);
  await settle();
  const letterTo = (address: string) => sink.to(address).filter((m) => header(m.raw, 'List-Unsubscribe'));
  const [toAna, toBen] = [letterTo('ana@example.com'), letterTo('ben@example.com')];
  expect(toAna.map((m) => m.parsed.subject)).toEqual(['A apărut']);
  expect(toBen.map((m) => m.parsed.subject)).toEqual(['Out now']);
  expect(toAna[0]!.parsed.text).toContain('Piesa nouă a apărut.');
  expect(header(toBen[0]!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

  // Ben's mail program sends RFC 8058's one click to the header's https link.
  const link = /<(https:\/\/[^>]+)>/.exec(header(toBen[0]!.raw, 'List-Unsubscribe'))![1]!;
  expect(new URL(link).origin).toBe('https://music.example.org');
  const click = await t.app.inject({
    method: 'POST',
    url: new URL(link).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(click.statusCode).toBeLessThan(300);
  const status = await t.app.services.db.client.execute({ sql: 'SELECT status FROM subscribers WHERE email = ?', args: ['ben@example.com'] });
  expect(status.rows[0]!.status).toBe('unsubscribed');

  const second = (await admin('/letters', { ...words, subject_en: 'A show', subject_ro: 'Un concert' })).letter as { id: string };
  expect((await admin(`/letters/${second.id}/send`, { now: true, people: 1 })).queued).toBe(1);
  await settle();
  expect(letterTo('ana@example.com').map((m) => m.parsed.subject)).toEqual(['A apărut', 'Un concert']);
  expect(letterTo('ben@example.com').map((m) => m.parsed.subject)).toEqual(['Out now']);
});
