/**
 * Letters to the fans against a real SMTP server (server/test/letters.ts) and the real database: each subscriber's
 * language, the headers (List-Unsubscribe, RFC 8058's one-click, a DKIM signature mailauth verifies), both parts,
 * links counted by `src`; a 550 at RCPT bounces the person for good; a 451 once is tried again and delivered once;
 * an unsubscribe between queueing and sending skips; the mail server down for an hour resumes by itself, nobody twice;
 * a full disk while queueing leaves nothing half-queued; a release-day letter goes at its minute, once, never for a draft.
 * The sender's clock is a test's (BuildOptions.letters.now): nothing waits for real minutes.
 */
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/content/zoned-time';
import { loadConfig } from '../config';
import { makeDkim } from '../mail/dkim';
import { ADMIN, JSON_HEADERS, addAccount, signIn, tempDir, testApp, type TestApp } from '../test/helpers';
import { addFans } from '../test/letters';
import { smtpSink, type Sink } from '../test/smtp';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

interface Setup {
  t: TestApp;
  sink: Sink;
  cookie: string;
  clock: { t: number };
  admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Runs the sender until nothing is due (what a timer would do). */
  settle(): Promise<void>;
  deliveries(letter: string): Promise<Record<string, string>>;
}

async function setup(options: { dkim?: boolean; start?: number; env?: Record<string, string> } = {}): Promise<Setup> {
  const sink = await smtpSink();
  const clock = { t: options.start ?? Date.now() };
  // The key is made beside the database before the server starts (as `npm run admin -- dkim` would).
  const dir = tempDir('scena-letters-');
  open.push({ close: async () => dir.remove() });
  const record = options.dkim ? makeDkim(dir.dir, 'scena1', 'tudorvale.ro') : undefined;
  const t = await testApp(
    {
      LOG_LEVEL: 'silent',
      DATABASE_URL: `${dir.dir}/scena.db`,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Tudor Vale <letters@tudorvale.ro>',
      ...options.env,
    },
    { build: { letters: { now: () => clock.t, timing: { pollMs: 3_600_000 } } } },
  );
  open.push(sink, t);
  await addAccount(t.app, ADMIN);
  const cookie = await signIn(t.app);
  const admin: Setup['admin'] = async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...JSON_HEADERS, cookie },
      payload: payload ?? (method === 'GET' ? undefined : {}),
    });
    return {
      status: res.statusCode,
      body: res.headers['content-type']?.toString().includes('json') ? (JSON.parse(res.body) as Record<string, unknown>) : { html: res.body },
    };
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await t.app.services.letters.kick();
  };
  const deliveries = async (letter: string) =>
    Object.fromEntries(
      (
        await t.app.services.db.client.execute({
          sql: 'SELECT s.email, d.state FROM letter_deliveries d JOIN subscribers s ON s.id = d.subscriber WHERE d.letter = ?',
          args: [letter],
        })
      ).rows.map((r) => [String(r.email), String(r.state)]),
    );
  if (record) (t as TestApp & { dkim?: typeof record }).dkim = record;
  return { t, sink, cookie, clock, admin, settle, deliveries };
}

/** A header's value as sent (unfolded), from a raw message. */
function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

const WORDS = {
  subject_en: 'New music and a show',
  subject_ro: 'Muzică nouă și un concert',
  body_en: '## Hello\n\nThe **new single** is out: [listen here](https://tudorvale.ro/en/) and *tell me*.\n\n- one\n- two\n\n<script>alert(1)</script>',
  body_ro: '## Salut\n\nPiesa **nouă** a apărut: [ascult-o aici](https://tudorvale.ro/ro/).\n\n1. unu\n2. doi',
};

describe('a letter', () => {
  it('reaches each subscriber in their language, signed, with both parts, the unsubscribe headers and counted links', async () => {
    const s = await setup({ dkim: true });
    await addFans(s.t.app.services.db, [
      { email: 'ana@example.com', lang: 'ro' },
      { email: 'ben@example.com', lang: 'en' },
      { email: 'waiting@example.com', lang: 'en', status: 'waiting' },
      { email: 'gone@example.com', lang: 'en', status: 'unsubscribed' },
    ]);
    // A release to put in a card.
    const rel = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...JSON_HEADERS, cookie: s.cookie },
      payload: {
        title: 'Neon Rain',
        slug: 'neon-rain',
        links: { spotify: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' },
        description_en: 'Rain songs.',
        description_ro: 'Cântece de ploaie.',
      },
    });
    const releaseId = (JSON.parse(rel.body) as { item: { id: string } }).item.id;
    const created = await s.admin('POST', '/letters', {
      ...WORDS,
      body_en: `${WORDS.body_en}\n\n[[release:${releaseId}]]`,
      body_ro: `${WORDS.body_ro}\n\n[[release:${releaseId}]]`,
    });
    expect(created.status).toBe(201);
    const id = (created.body.letter as { id: string }).id;
    expect(created.body.problems).toEqual([]);

    const listed = await s.admin('GET', '/letters');
    expect(listed.body.confirmed).toBe(2);
    const sent = await s.admin('POST', `/letters/${id}/send`, { now: true, people: 2 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.queued).toBe(2);
    await s.settle();

    expect(s.sink.received.map((r) => r.to).sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const record = (s.t as TestApp & { dkim?: { name: string; value: string } }).dkim!;
    for (const r of s.sink.received) {
      const mail = await simpleParser(r.raw);
      const ro = r.to === 'ana@example.com';
      expect(mail.subject).toBe(ro ? WORDS.subject_ro : WORDS.subject_en);
      expect(mail.html).toContain(ro ? 'Piesa <strong>nouă</strong> a apărut' : 'The <strong>new single</strong> is out');
      expect(mail.text).toContain(ro ? 'Primești acest mesaj pentru că te-ai abonat' : 'You get this because you signed up');
      // Raw HTML in the body arrives as text, never as code; nothing runs, nothing is fetched from elsewhere.
      expect(mail.html).not.toMatch(/<script|<link|<style/i);
      if (!ro) expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // Links to the site say where the visit came from; the card's platform link stays as written.
      expect(mail.html).toContain(`https://tudorvale.ro/${ro ? 'ro' : 'en'}/?src=letter-${id}`);
      expect(mail.html).toContain('href="https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy"');
      expect(mail.html).toContain(`/${ro ? 'ro/muzica' : 'en/music'}/neon-rain/?src=letter-${id}`);
      const unsubscribe = header(r.raw, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(
        /^<https:\/\/tudorvale\.ro\/fans\/unsubscribe\/\d+\.[A-Za-z0-9_-]{22}>, <mailto:letters@tudorvale\.ro\?subject=unsubscribe>$/,
      );
      expect(header(r.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // The visible link is the same address as the header's.
      expect(mail.html).toContain(unsubscribe.slice(1, unsubscribe.indexOf('>')));
      const verified = await dkimVerify(r.raw, {
        resolver: async (name: string) => {
          if (name !== record.name) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
          return [[record.value]];
        },
      });
      expect(verified.results[0]!.status.result).toBe('pass');
      expect((verified.results[0] as unknown as { signingHeaders: { keys: string } }).signingHeaders.keys.toLowerCase()).toContain('list-unsubscribe');
    }
    const after = await s.admin('GET', `/letters/${id}`);
    expect((after.body.letter as { status: string; counts: { sent: number } }).status).toBe('sent');
    expect((after.body.letter as { counts: { sent: number } }).counts.sent).toBe(2);
    // Sent once: another pass sends nothing.
    await s.settle();
    expect(s.sink.received).toHaveLength(2);
  }, 30_000);

  it('refuses a javascript: link, naming its line, and never sends it', async () => {
    const s = await setup();
    await addFans(s.t.app.services.db, [{ email: 'ana@example.com', lang: 'ro' }]);
    const created = await s.admin('POST', '/letters', { ...WORDS, body_ro: 'Salut\n\n[apasă](javascript:alert(document.cookie))' });
    const id = (created.body.letter as { id: string }).id;
    expect(created.body.problems).toEqual([
      expect.objectContaining({
        field: 'body_ro',
        line: 3,
        ro: expect.stringContaining('Rândul 3: linkul „javascript:alert(document.cookie)” nu este o adresă https://'),
      }),
    ]);
    for (const url of [`/letters/${id}/send`, `/letters/${id}/test`]) {
      const res = await s.admin('POST', url, url.endsWith('send') ? { now: true, people: 1 } : {});
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('letter-problems');
    }
    await s.settle();
    expect(s.sink.received).toHaveLength(0);
  });

  it('bounces a 550 for good, tries a 451 again and delivers it once, and skips whoever left meanwhile', async () => {
    const s = await setup();
    const [, , left] = await addFans(s.t.app.services.db, [
      { email: 'nobody@example.com', lang: 'en' },
      { email: 'later@example.com', lang: 'ro' },
      { email: 'left@example.com', lang: 'en' },
      { email: 'ok@example.com', lang: 'en' },
    ]);
    s.sink.refuse.add('nobody@example.com');
    s.sink.deferOnce.add('later@example.com');
    const id = ((await s.admin('POST', '/letters', WORDS)).body.letter as { id: string }).id;
    expect((await s.admin('POST', `/letters/${id}/send`, { now: true, people: 4 })).status).toBe(200);
    // Unsubscribed after the letter was queued, before it was sent.
    await s.t.app.services.db.client.execute({
      sql: "UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = ? WHERE id = ?",
      args: [Date.now(), left!],
    });
    await s.settle();
    expect(await s.deliveries(id)).toEqual({
      'nobody@example.com': 'bounced',
      'later@example.com': 'retrying',
      'left@example.com': 'skipped',
      'ok@example.com': 'sent',
    });
    const nobody = (await s.t.app.services.db.client.execute("SELECT status, bounce_reason FROM subscribers WHERE email = 'nobody@example.com'")).rows[0]!;
    expect(nobody.status).toBe('bounced');
    expect(String(nobody.bounce_reason)).toContain('550');
    // Not due yet: nothing more goes.
    await s.settle();
    expect(s.sink.count('later@example.com')).toBe(0);
    s.clock.t += 61_000;
    await s.settle();
    expect(s.sink.count('later@example.com')).toBe(1);
    expect((await s.deliveries(id))['later@example.com']).toBe('sent');
    const letter = (await s.admin('GET', `/letters/${id}`)).body.letter as { status: string; counts: Record<string, number> };
    expect(letter.status).toBe('sent');
    expect(letter.counts).toMatchObject({ sent: 2, bounced: 1, skipped: 1 });
    // A bounced person is never mailed again: the next letter does not even queue them.
    const next = ((await s.admin('POST', '/letters', WORDS)).body.letter as { id: string }).id;
    expect((await s.admin('POST', `/letters/${next}/send`, { now: true, people: 2 })).body.queued).toBe(2);
  }, 30_000);

  it('waits out a mail server down for an hour mid-letter, then sends the rest, nobody twice', async () => {
    const s = await setup();
    const emails = Array.from({ length: 40 }, (_, i) => ({ email: `p${i}@example.com`, lang: 'en' as const }));
    await addFans(s.t.app.services.db, emails);
    const id = ((await s.admin('POST', '/letters', WORDS)).body.letter as { id: string }).id;
    // The server stops after the first ten mails.
    let stopped: Promise<void> | undefined;
    const origCount = s.sink.count.bind(s.sink);
    const watch = setInterval(() => {
      if (!stopped && s.sink.received.length >= 10) stopped = s.sink.close();
    }, 1);
    await s.admin('POST', `/letters/${id}/send`, { now: true, people: 40 });
    await s.settle();
    clearInterval(watch);
    await stopped;
    const before = s.sink.received.length;
    expect(before).toBeLessThan(40);
    expect(s.t.app.services.letters.pausedUntil()).toBeGreaterThan(0);
    // An hour later (the clock the sender reads), the server is back.
    for (let minute = 0; minute < 60; minute++) {
      s.clock.t += 60_000;
      await s.t.app.services.letters.kick();
    }
    await s.sink.open();
    s.clock.t += 60_000;
    await s.settle();
    expect(emails.map((e) => origCount(e.email))).toEqual(emails.map(() => 1));
    const states = Object.values(await s.deliveries(id));
    expect(states.filter((x) => x !== 'sent')).toEqual([]);
    expect(((await s.admin('GET', `/letters/${id}`)).body.letter as { status: string }).status).toBe('sent');
  }, 60_000);

  it('queues all or nothing: a full disk while queueing leaves the letter a draft with no deliveries', async () => {
    const s = await setup();
    await addFans(
      s.t.app.services.db,
      Array.from({ length: 3000 }, (_, i) => ({ email: `d${i}@example.com`, lang: 'en' as const })),
    );
    const id = ((await s.admin('POST', '/letters', WORDS)).body.letter as { id: string }).id;
    const db = s.t.app.services.db;
    // The database may not grow by another page: SQLite answers SQLITE_FULL, as on a full disk.
    const pages = Number((await db.client.execute('PRAGMA page_count')).rows[0]![0]);
    await db.client.execute(`PRAGMA max_page_count = ${pages}`);
    const res = await s.admin('POST', `/letters/${id}/send`, { now: true, people: 3000 });
    // Said as what it is (decision 0041): 507 disk-full, not a server error.
    expect([res.status, (res.body as { code?: string }).code]).toEqual([507, 'disk-full']);
    await db.client.execute('PRAGMA max_page_count = 1073741823');
    expect(Number((await db.client.execute('SELECT count(*) FROM letter_deliveries')).rows[0]![0])).toBe(0);
    expect(((await s.admin('GET', `/letters/${id}`)).body.letter as { status: string }).status).toBe('draft');
    // With room again, it queues whole.
    expect((await s.admin('POST', `/letters/${id}/send`, { now: true, people: 3000 })).body.queued).toBe(3000);
  }, 30_000);
});

describe('MAIL_RATE_PER_MINUTE', () => {
  it('is a whole number, and spaces the mails out', async () => {
    expect(() => loadConfig({ MAIL_RATE_PER_MINUTE: 'fast' })).toThrow(/MAIL_RATE_PER_MINUTE must be a whole number from 0 to 100000/);
    expect(() => loadConfig({ MAIL_RATE_PER_MINUTE: '-1' })).toThrow(/MAIL_RATE_PER_MINUTE/);
    // 1,200 a minute: one every 50 ms.
    const s = await setup({ env: { MAIL_RATE_PER_MINUTE: '1200' } });
    await addFans(
      s.t.app.services.db,
      Array.from({ length: 7 }, (_, i) => ({ email: `r${i}@example.com`, lang: 'en' as const })),
    );
    const id = ((await s.admin('POST', '/letters', WORDS)).body.letter as { id: string }).id;
    await s.admin('POST', `/letters/${id}/send`, { now: true, people: 7 });
    const started = performance.now();
    await s.settle();
    expect(s.sink.received).toHaveLength(7);
    expect(performance.now() - started).toBeGreaterThanOrEqual(6 * 50 - 5);
  }, 30_000);
});

describe('release day', () => {
  it('drafts the letter when ticked, sends it at the release minute once, and never for a draft release', async () => {
    const releaseAt = zonedInstant('2031-03-14T10:00', 'Europe/Bucharest')!;
    const s = await setup({ start: releaseAt - 86_400_000 });
    await addFans(s.t.app.services.db, [
      { email: 'ana@example.com', lang: 'ro' },
      { email: 'ben@example.com', lang: 'en' },
    ]);
    const post = (payload: object) => s.t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...JSON_HEADERS, cookie: s.cookie }, payload });
    const out = await post({
      title: 'Lumini',
      slug: 'lumini',
      date: '2031-03-14T10:00',
      fansLetter: 'yes',
      description_en: 'Night lights.',
      description_ro: 'Luminile nopții.',
    });
    expect(out.statusCode, out.body).toBe(201);
    const draft = await post({ title: 'Secret', slug: 'secret', status: 'draft', date: '2020-01-01T10:00', fansLetter: 'yes' });
    expect(draft.statusCode, draft.body).toBe(201);
    await s.settle();
    const letters = (await s.admin('GET', '/letters')).body.letters as { id: string; status: string; release: string; subject_ro: string; body_ro: string }[];
    expect(letters).toHaveLength(2);
    const lumini = letters.find((l) => l.subject_ro === 'A apărut: Lumini')!;
    expect(lumini.status).toBe('scheduled');
    expect(lumini.body_ro).toContain('Luminile nopții.');
    // Editable until it goes out.
    const edited = await s.admin('PUT', `/letters/${lumini.id}`, {
      subject_en: 'Lumini is out',
      subject_ro: 'A apărut Lumini',
      body_en: 'Listen now.',
      body_ro: 'Ascultă acum.',
    });
    expect(edited.status).toBe(200);

    s.clock.t = releaseAt - 60_000;
    await s.settle();
    expect(s.sink.received).toHaveLength(0);
    s.clock.t = releaseAt;
    await s.settle();
    expect(s.sink.received.map((r) => r.to).sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const ro = await simpleParser(s.sink.received.find((r) => r.to === 'ana@example.com')!.raw);
    expect(ro.subject).toBe('A apărut Lumini');
    s.clock.t = releaseAt + 3_600_000;
    await s.settle();
    expect(s.sink.received).toHaveLength(2);
    const secret = ((await s.admin('GET', '/letters')).body.letters as { subject_en: string; status: string }[]).find(
      (l) => l.subject_en === 'Out now: Secret',
    )!;
    expect(secret.status).toBe('scheduled');
  }, 30_000);
});
