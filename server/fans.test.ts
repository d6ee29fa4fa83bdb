/**
 * The artist's own list (issue 28, docs/decisions/0035, "The list") against the real database and a real SMTP server
 * on loopback: sign-up with double opt-in in both languages, with and without JavaScript; the same answer for every
 * address's state and one confirmation mail per 24 h; the link pages (a GET changes nothing, a POST acts, RFC 8058's
 * one click cross-site); bad input, floods, guessed and reused tokens, a full disk and a locked database. The fans'
 * clock is faked (FansOptions.now), so nothing here waits for a form's minimum time or a day to pass.
 */
import { createClient } from '@libsql/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_WORDS_RO } from '../src/admin/field-problem';
import { consentLine } from '../src/content/fans';
import { siteConfig } from '../site.config';
import { confirmLinkOf, signUpAndConfirm } from './test/fans';
import { until } from './test/until';
import { smtpSink } from './test/smtp';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp } from './test/helpers';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const HOUR = 3_600_000;

let sink: Awaited<ReturnType<typeof smtpSink>>;
beforeAll(async () => {
  sink = await smtpSink();
});
afterAll(async () => {
  await sink.close();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An app with mail set up, its fans clock at `clock.now` (moved by the tests), and small limits where asked. */
async function fansApp(options: { perAddress?: number; perSite?: number; env?: Record<string, string> } = {}) {
  const clock = { now: Date.UTC(2026, 10, 27, 12) };
  const t = await testApp(
    { LOG_LEVEL: 'silent', PUBLIC_URL: 'https://fans.example', ...sink.env, ...options.env },
    { build: { fans: { now: () => clock.now, limits: { perAddress: options.perAddress ?? 5, perSite: options.perSite ?? 120 } } } },
  );
  cleanups.push(() => t.close());
  return { ...t, clock };
}

let n = 0;
/** A sign-up as the page's script sends it, from its own client address; the token issued 10 s before. */
async function signUp(app: FastifyInstance, email: string, over: Record<string, unknown> = {}, from = `203.0.113.${(++n % 200) + 1}`) {
  const clock = app.services.fans.now();
  const token = await app.services.fans.formTokens.issue(clock - 10_000);
  return app.inject({
    method: 'POST',
    url: '/api/fans',
    headers: JSON_HEADERS,
    remoteAddress: from,
    payload: { email, lang: 'en', token, website: '', ...over },
  });
}

const row = async (app: FastifyInstance, email: string) =>
  (await app.services.db.client.execute({ sql: 'SELECT * FROM subscribers WHERE email = ?', args: [email] })).rows[0];

describe('signing up with double opt-in', () => {
  it('sends one confirmation mail in the sign-up’s language; its link’s page confirms nobody until its button is pressed', async () => {
    const t = await fansApp();
    const res = await signUp(t.app, 'ioana@example.com', { lang: 'ro' }, '198.51.100.23');
    expect(res.statusCode, res.body).toBe(201);
    await until(() => sink.to('ioana@example.com').length === 1);
    const mail = sink.to('ioana@example.com')[0]!;
    expect(mail.parsed.subject).toBe(`Confirmă abonarea la lista lui ${siteConfig.artist.name}`);
    expect(mail.parsed.from?.value[0]?.address).toBe('site@example.com');
    expect(mail.parsed.text).toContain('Apasă butonul ca să confirmi');
    expect(mail.parsed.html).toContain('lang="ro"');
    expect(mail.parsed.html).toContain('Da, abonează-mă');
    const link = confirmLinkOf(mail)!;
    expect(link).toMatch(/^https:\/\/fans\.example\/fans\/confirm\//);

    // The consent record: when, where, the words and their version; no IP address anywhere in the row.
    const waiting = (await row(t.app, 'ioana@example.com'))!;
    expect(waiting).toMatchObject({
      status: 'waiting',
      lang: 'ro',
      source: 'form',
      source_detail: '/ro/#newsletter',
      consent_version: 1,
      consent_text: consentLine('ro', siteConfig.artist.name),
      signed_up_at: t.clock.now,
      confirmed_at: null,
    });
    expect(JSON.stringify(Object.values(waiting))).not.toContain('198.51.100.23');

    // A mail scanner follows the link: a page with one button, nothing changed.
    const path = new URL(link).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ro">');
    expect(page.body).toMatch(/<form class="fans__action" method="post" action="\/fans\/confirm\/[^"]+"><button type="submit"[^>]*>Confirmă<\/button><\/form>/);
    expect((await row(t.app, 'ioana@example.com'))!.status).toBe('waiting');

    t.clock.now += HOUR;
    const confirmed = await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: '' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Ești pe listă. Mulțumesc!');
    expect(await row(t.app, 'ioana@example.com')).toMatchObject({ status: 'confirmed', confirmed_by: 'form', confirmed_at: t.clock.now });
  });

  it('answers every address alike (new, waiting, confirmed, left, bounced) and mails one at most once a day', async () => {
    const t = await fansApp();
    const answers = new Set<string>();
    const answer = async (email: string) => {
      const res = await signUp(t.app, email);
      answers.add(`${res.statusCode} ${res.body}`);
    };
    await answer('new@example.com');
    await answer('new@example.com'); // waiting
    await signUpAndConfirm(t.app, sink, 'sure@example.com');
    await answer('sure@example.com'); // confirmed
    await t.app.services.db.client.execute("UPDATE subscribers SET status = 'bounced' WHERE email = 'sure@example.com'");
    await answer('SURE@example.com'); // bounced, other case
    expect([...answers]).toEqual(['201 {"ok":true}']);
    await until(() => sink.to('new@example.com').length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    // One mail for the two sign-ups; none to the confirmed or bounced one after their first.
    expect(sink.to('new@example.com')).toHaveLength(1);
    expect(sink.to('sure@example.com')).toHaveLength(1);
    // A day later, waiting still: a new mail.
    t.clock.now += 24 * HOUR + 1;
    await answer('new@example.com');
    await until(() => sink.to('new@example.com').length === 2);
  });

  it('works without JavaScript: the cached page’s form gets a token and “press again”, then “check your inbox”', async () => {
    const t = await fansApp();
    const first = await t.app.inject({ method: 'POST', url: '/api/fans', headers: FORM, payload: 'lang=ro&email=dan%40example.com&website=' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Aproape gata: te rog să apeși din nou pe „Abonează-mă”.');
    expect(first.body).toContain('value="dan@example.com"');
    const token = /name="token" value="([^"]+)"/.exec(first.body)![1]!;
    expect(await row(t.app, 'dan@example.com')).toBeUndefined();

    // Pressed again at once (faster than a person): refused, the same token kept.
    const quick = await t.app.inject({ method: 'POST', url: '/api/fans', headers: FORM, payload: `lang=ro&email=dan%40example.com&website=&token=${token}` });
    expect(quick.statusCode).toBe(400);
    expect(quick.body).toContain('A fost foarte repede');
    t.clock.now += 5_000;
    const second = await t.app.inject({ method: 'POST', url: '/api/fans', headers: FORM, payload: `lang=ro&email=dan%40example.com&website=&token=${token}` });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('verifică-ți căsuța de e-mail');
    await until(() => sink.to('dan@example.com').length === 1);
  });
});

describe('bad input and floods', () => {
  it('refuses an address of 300 characters, with a newline, or without a dot in its domain; stores and sends nothing', async () => {
    const t = await fansApp();
    for (const email of [`${'a'.repeat(290)}@example.com`, 'ana@example.com\r\nBcc: all@example.com', 'a@b', '']) {
      const res = await signUp(t.app, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'email' });
    }
    const page = await t.app.inject({ method: 'POST', url: '/api/fans', headers: FORM, payload: 'lang=en&email=a%40b&website=&token=x' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('aria-invalid="true"');
    expect(page.body).toContain('Please enter your e-mail address');
    expect((await t.app.services.db.client.execute('SELECT count(*) AS n FROM subscribers')).rows[0]!.n).toBe(0);
  });

  it('answers a filled honeypot as a success, storing nothing', async () => {
    const t = await fansApp();
    const res = await signUp(t.app, 'bot@example.com', { website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(await row(t.app, 'bot@example.com')).toBeUndefined();
  });

  it('refuses a forged or a day-old token', async () => {
    const t = await fansApp();
    expect((await signUp(t.app, 'x@example.com', { token: 'f1.abc.forged' })).json()).toMatchObject({ code: 'fans-token-invalid' });
    const booking = await t.app.services.booking.tokens.issue(t.clock.now - 10_000);
    expect((await signUp(t.app, 'x@example.com', { token: booking })).json()).toMatchObject({ code: 'fans-token-invalid' });
    const old = await t.app.services.fans.formTokens.issue(t.clock.now - 25 * HOUR);
    expect((await signUp(t.app, 'x@example.com', { token: old })).json()).toMatchObject({ code: 'fans-token-expired' });
  });

  it('takes 5 sign-ups an hour from one client, and a set number from the whole site', async () => {
    const t = await fansApp({ perSite: 12 });
    for (let i = 0; i < 5; i++) expect((await signUp(t.app, `one${i}@example.com`, {}, '198.51.100.7')).statusCode).toBe(201);
    const sixth = await signUp(t.app, 'one5@example.com', {}, '198.51.100.7');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'fans-rate-limited' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await row(t.app, 'one5@example.com')).toBeUndefined();
    // Many clients: past the site's 12 in the hour, refused whoever sends.
    const codes: number[] = [];
    for (let i = 1; i <= 10; i++) codes.push((await signUp(t.app, `many${i}@example.com`, {}, `192.0.2.${i}`)).statusCode);
    // The refused sixth counted for the site too: 6 so far, 6 more taken.
    expect(codes.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(codes.slice(6)).toEqual([429, 429, 429, 429]);
    // An hour later, taken again.
    t.clock.now += HOUR;
    expect((await signUp(t.app, 'later@example.com', {}, '198.51.100.7')).statusCode).toBe(201);
  });

  it('says clearly that nothing was stored when the disk is full, and sends nothing', async () => {
    const t = await fansApp();
    const db = t.app.services.db.client;
    await t.app.services.fans.formTokens.issue();
    // The file may grow by two pages more, then the list itself is filled until a write fails with SQLITE_FULL, as on a
    // full disk: the sign-up's row is as large as the last ones that did not fit.
    const pages = Number((await db.execute('PRAGMA page_count')).rows[0]![0]);
    await db.execute(`PRAGMA max_page_count = ${pages + 2}`);
    let full = false;
    for (let i = 0; i < 2000 && !full; i++) {
      full = await db
        .execute({
          sql: "INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, consent_version, consent_text, updated_at) VALUES (?, 'en', 'confirmed', randomblob(16), 0, 'form', 1, 'x', 0)",
          args: [`f${String(i).padStart(4, '0')}@example.com`],
        })
        .then(
          () => false,
          () => true,
        );
    }
    expect(full).toBe(true);
    const res = await signUp(t.app, 'full@example.com');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'fans-unavailable' });
    await db.execute('PRAGMA max_page_count = 1073741823');
    expect(await row(t.app, 'full@example.com')).toBeUndefined();
    expect((await db.execute("SELECT count(*) AS n FROM booking_counts WHERE key LIKE 'fans:%'")).rows[0]!.n).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(sink.to('full@example.com')).toHaveLength(0);
  });

  it('says clearly that nothing was stored when the database stays locked, and sends nothing', { timeout: 30_000 }, async () => {
    const t = await fansApp();
    // The form's key exists before the lock (a first sign-up makes it).
    await t.app.services.fans.formTokens.issue();
    // The server's wait for a lock, shortened from its 5 s for this test.
    await t.app.services.db.client.execute('PRAGMA busy_timeout = 300');
    const other = createClient({ url: `file:${t.dbFile}` });
    await other.execute('PRAGMA busy_timeout = 0');
    const tx = await other.transaction('write');
    try {
      const res = await signUp(t.app, 'locked@example.com', { lang: 'ro' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'fans-unavailable' });
    } finally {
      await tx.rollback();
      other.close();
    }
    expect(await row(t.app, 'locked@example.com')).toBeUndefined();
    expect(sink.to('locked@example.com')).toHaveLength(0);
  });

  it('is not offered without mail set up, nor when the Kit form is chosen', async () => {
    const bare = await testApp({ LOG_LEVEL: 'silent' });
    cleanups.push(() => bare.close());
    expect((await bare.app.inject({ url: '/api/fans/token' })).json()).toMatchObject({ code: 'fans-off' });
    expect((await signUp(bare.app, 'a@example.com')).statusCode).toBe(404);
    const t = await fansApp();
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload: { newsletter: 'kit' } })).statusCode,
    ).toBe(200);
    expect((await signUp(t.app, 'a@example.com')).json()).toMatchObject({ code: 'fans-off' });
  });
});

describe('the Kit form’s uid in Settings', () => {
  it('refuses anything but letters and digits, with the message in both languages; a good one goes to the page’s content', async () => {
    const t = await fansApp();
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    const save = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...JSON_HEADERS, cookie }, payload });
    for (const kitUid of ['8f3c-2a1b', '"><script>alert(1)</script>', '8f3c 2a1b', 'ș1', '1'.repeat(41)]) {
      const refused = await save({ kitUid });
      expect(refused.statusCode, kitUid).toBe(400);
      const body = JSON.stringify(refused.json());
      expect(body, kitUid).toMatch(kitUid.length > 40 ? /at most 40 characters/ : /letters and digits only/);
    }
    // The API names the problem by its id, which the admin words in Romanian.
    expect((await save({ kitUid: '8f3c-2a1b' })).json().problems).toEqual([
      { field: 'kitUid', message: 'must be letters and digits only (A-Z, a-z, 0-9)', id: 'token' },
    ]);
    // The Romanian words of the same problem (the admin shows them on a Romanian page).
    expect(PROBLEM_WORDS_RO.token).toMatch(/doar litere și cifre/);
    expect((await save({ newsletter: 'kit', kitUid: 'AbC123def0' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/content' })).json().settings).toMatchObject({ newsletter: 'kit', kitUid: 'AbC123def0' });
  });
});

describe('the links in mail', () => {
  it('a GET of the unsubscribe link changes nothing; a one-click POST from another site unsubscribes at once, and skips queued letters', async () => {
    const t = await fansApp();
    await signUpAndConfirm(t.app, sink, 'leave@example.com', 'ro');
    const fan = await row(t.app, 'leave@example.com');
    const ref = { id: Number(fan!.id), tokenSeed: new Uint8Array(fan!.token_seed as ArrayBuffer) };
    const url = await t.app.services.fans.links.unsubscribeUrl(ref);
    expect(url).toMatch(/^https:\/\/fans\.example\/fans\/unsubscribe\/\d+\.[A-Za-z0-9_-]{22}$/);
    const path = new URL(url).pathname;
    // A letter queued for them before they leave.
    await t.app.services.db.client.batch(
      [
        "INSERT INTO letters (id, status, subject_en, subject_ro, body_en, body_ro, created_at, updated_at) VALUES ('l1', 'sending', 's', 's', 'b', 'b', 0, 0)",
        { sql: "INSERT INTO letter_deliveries (letter, subscriber, lang, state, next_at) VALUES ('l1', ?, 'ro', 'queued', 0)", args: [ref.id] },
      ],
      'write',
    );

    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dezabonează-mă');
    expect((await row(t.app, 'leave@example.com'))!.status).toBe('confirmed');

    // RFC 8058: the provider's POST, cross-site, no cookie, no form token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...FORM, origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await row(t.app, 'leave@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: t.clock.now });
    expect((await t.app.services.db.client.execute('SELECT state FROM letter_deliveries')).rows[0]!.state).toBe('skipped');
    // As multipart too (RFC 8058 allows it), and again: the same page, nothing else changes.
    const multipart = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain('Gata: ai ieșit de pe listă');

    // Signing up again (a day later: one confirmation mail per address per 24 h) gives a new seed: the old links do nothing.
    t.clock.now += 24 * HOUR + 1;
    await signUpAndConfirm(t.app, sink, 'leave@example.com', 'ro');
    expect((await row(t.app, 'leave@example.com'))!.status).toBe('confirmed');
    const reused = await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect(reused.statusCode).toBe(404);
    expect((await row(t.app, 'leave@example.com'))!.status).toBe('confirmed');
  });

  it('refuses a guessed token, and a confirmation link after 7 days', async () => {
    const t = await fansApp();
    await signUp(t.app, 'late@example.com');
    await until(() => sink.to('late@example.com').length === 1);
    const id = Number((await row(t.app, 'late@example.com'))!.id);
    for (const path of [`/fans/confirm/${id}.AAAAAAAAAAAAAAAAAAAAAA`, `/fans/unsubscribe/${id}.AAAAAAAAAAAAAAAAAAAAAA`, '/fans/confirm/nonsense']) {
      expect((await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: '' })).statusCode, path).toBe(404);
    }
    expect((await row(t.app, 'late@example.com'))!.status).toBe('waiting');
    t.clock.now += 7 * 24 * HOUR + 1;
    const path = new URL(confirmLinkOf(sink.to('late@example.com')[0]!)!).pathname;
    const expired = await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: '' });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await row(t.app, 'late@example.com'))!.status).toBe('waiting');
  });
});
