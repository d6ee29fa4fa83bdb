/**
 * The Fans page's API (issue 28, docs/decisions/0035, "The list") against the real database: counts and sign-ups per
 * week, search, erase (gone from every table, a salted hash kept so an import cannot add them back), the export of
 * the confirmed with their consent, and the import of Kit and Mailchimp exports (their own column names) with its
 * preview, only the rows the file marks as subscribed, refused when it is not CSV or too large; 100,000 rows.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp({ LOG_LEVEL: 'silent' });
  await addAccount(t.app, ADMIN);
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

const importCsv = (app: FastifyInstance, body: string | Buffer, commit = false) =>
  app.inject({ method: 'POST', url: `/api/admin/fans/import${commit ? '?commit=1' : ''}`, headers: { 'content-type': 'text/csv', cookie }, payload: body });

/** Kit's subscriber export, as its columns are named. */
const KIT = [
  'first_name,email,status,created_at',
  'Ana,ana@example.com,active,2025-03-04 10:00:00 UTC',
  'Bogdan,"bogdan@example.com",cancelled,2025-03-05 10:00:00 UTC',
  '"Pop, Carmen",carmen@example.com,active,2025-04-01 08:30:00 UTC',
  'Nobody,not-an-address,active,2025-04-02 08:30:00 UTC',
  'Dan,DAN@example.com,active,2025-04-03 08:30:00 UTC',
].join('\r\n');

/** Mailchimp's audience export (its subscribed file), with its real header. */
const MAILCHIMP_HEADER =
  '"Email Address","First Name","Last Name",Address,"Phone Number",Birthday,MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS';
const mailchimpRow = (email: string) =>
  `${email},Ioana,Ene,,,,2,"2024-01-02 03:04:05",,"2024-01-02 03:05:00",,,,,,,RO,,"2024-01-02 03:05:00",123,abc,,"""fan"""`;

describe('importing an export', () => {
  it('previews a Kit export (new, already here, invalid with its line, not subscribed) and stores nothing until asked', async () => {
    const preview = await importCsv(t.app, KIT);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      origin: 'kit',
      rows: 5,
      new: 3,
      existing: 0,
      erased: 0,
      notSubscribed: 1,
      invalid: { count: 1, shown: [{ line: 5, value: 'not-an-address' }] },
      imported: 0,
    });
    expect((await t.app.services.db.client.execute('SELECT count(*) AS n FROM subscribers')).rows[0]!.n).toBe(0);
    const done = await importCsv(t.app, KIT, true);
    expect(done.json()).toMatchObject({ new: 3, imported: 3 });
    const rows = (
      await t.app.services.db.client.execute(
        'SELECT email, status, source, source_detail, confirmed_by, consent_version, signed_up_at FROM subscribers ORDER BY email',
      )
    ).rows;
    expect(rows.map((r) => r.email)).toEqual(['ana@example.com', 'carmen@example.com', 'DAN@example.com']);
    expect(rows[0]).toMatchObject({
      status: 'confirmed',
      source: 'import',
      source_detail: 'kit',
      confirmed_by: 'import',
      consent_version: 0,
      signed_up_at: Date.UTC(2025, 2, 4, 10),
    });
    // Again: everyone already here.
    expect((await importCsv(t.app, KIT)).json()).toMatchObject({ new: 0, existing: 3 });
  });

  it('takes a Mailchimp export, and leaves out its unsubscribed and cleaned files’ rows', async () => {
    const subscribed = [MAILCHIMP_HEADER, mailchimpRow('mc1@example.com'), mailchimpRow('mc2@example.com'), mailchimpRow('ana@example.com')].join('\n');
    expect((await importCsv(t.app, subscribed, true)).json()).toMatchObject({ origin: 'mailchimp', rows: 3, new: 2, existing: 1, imported: 2 });
    const unsubscribed = [
      `${MAILCHIMP_HEADER},UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,UNSUB_CAMPAIGN_ID,UNSUB_REASON,UNSUB_REASON_OTHER`,
      `${mailchimpRow('gone@example.com')},"2024-05-01 10:00:00",,,,`,
    ].join('\n');
    expect((await importCsv(t.app, unsubscribed, true)).json()).toMatchObject({ origin: 'mailchimp', rows: 1, new: 0, notSubscribed: 1, imported: 0 });
  });

  it('refuses a file that is not CSV, or is larger than 40 MB, saying so', async () => {
    const zip = await importCsv(t.app, Buffer.from('PK\u0003\u0004\u0000\u0000binary', 'latin1'));
    expect(zip.statusCode).toBe(415);
    expect(zip.json().error).toMatch(/not a CSV export/);
    const latin1 = await importCsv(t.app, Buffer.from('email\nana\xe9@example.com\n', 'latin1'));
    expect(latin1.statusCode).toBe(415);
    const noEmail = await importCsv(t.app, 'name,city\nAna,Cluj\n');
    expect(noEmail.json()).toMatchObject({ code: 'fans-import-no-email' });
    const big = await importCsv(t.app, Buffer.alloc(50 * 1024 * 1024, 'email\nx@example.com\n'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/larger than 40 MB/);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/fans/import', headers: { 'content-type': 'application/json', cookie }, payload: '{}' });
    expect(json.statusCode).toBe(415);
  });

  it('handles 100,000 rows (a Mailchimp export) in a few seconds', async () => {
    const lines = [MAILCHIMP_HEADER];
    for (let i = 0; i < 100_000; i++) lines.push(mailchimpRow(`bulk${i}@example.com`));
    const body = lines.join('\n');
    const started = performance.now();
    const preview = await importCsv(t.app, body);
    expect(preview.json()).toMatchObject({ rows: 100_000, new: 100_000 });
    const done = await importCsv(t.app, body, true);
    const ms = performance.now() - started;
    expect(done.json()).toMatchObject({ imported: 100_000 });
    expect(ms).toBeLessThan(20_000);
    const list = await t.app.inject({ url: '/api/admin/fans?q=bulk9999', headers: { cookie } });
    expect(list.json()).toMatchObject({ total: 11, counts: { confirmed: 100_000 + 5 } });
    await t.app.services.db.client.execute("DELETE FROM subscribers WHERE email LIKE 'bulk%'");
  }, 60_000);
});

describe('the list in the admin', () => {
  it('counts, searches, exports the confirmed with their consent, and erases a person from every table for good', async () => {
    const db = t.app.services.db.client;
    const list = (await t.app.inject({ url: '/api/admin/fans?q=example.com', headers: { cookie } })).json();
    expect(list).toMatchObject({ mail: false, offered: false, choice: 'own', counts: { confirmed: 5, waiting: 0, unsubscribed: 0, bounced: 0 }, total: 5 });
    expect(list.weeks).toHaveLength(12);
    // The imported people joined Kit and Mailchimp long ago (their files' dates): no sign-up in the last 12 weeks.
    expect(list.weeks.map((w: { count: number }) => w.count)).toEqual(Array(12).fill(0));
    // One who signed up now is this week's (the last).
    await db.execute(
      "INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, consent_version, consent_text, updated_at) VALUES ('now@example.org', 'ro', 'waiting', randomblob(16), ?, 'form', 1, 'x', 0)",
      [Date.now()],
    );
    const weeks = (await t.app.inject({ url: '/api/admin/fans', headers: { cookie } })).json().weeks;
    expect(weeks.at(-1).count).toBe(1);
    await db.execute("DELETE FROM subscribers WHERE email = 'now@example.org'");
    expect(list.rows[0]).toMatchObject({ lang: 'en', status: 'confirmed', source: 'import', letters: 0 });

    const csv = await t.app.inject({ url: '/api/admin/fans.csv', headers: { cookie } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"email","language","signed_up_at","source","source_detail","consent_version","consent_text","confirmed_at","confirmed_by"');
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith('"ana@example.com"'))).toMatch(
      /"import","kit","0","Imported from a Kit export on \d{4}-\d\d-\d\d, marked subscribed there","[^"]+","import"$/,
    );

    // A letter was sent to Ana: its delivery goes with her.
    const ana = Number((await db.execute("SELECT id FROM subscribers WHERE email = 'ana@example.com'")).rows[0]!.id);
    await db.batch(
      [
        "INSERT INTO letters (id, status, subject_en, subject_ro, body_en, body_ro, created_at, updated_at) VALUES ('l1', 'sent', 's', 's', 'b', 'b', 0, 0)",
        { sql: "INSERT INTO letter_deliveries (letter, subscriber, lang, state, next_at, sent_at) VALUES ('l1', ?, 'en', 'sent', 0, 1)", args: [ana] },
      ],
      'write',
    );
    expect((await t.app.inject({ url: '/api/admin/fans?q=ana@', headers: { cookie } })).json().rows[0].letters).toBe(1);
    const erased = await t.app.inject({ method: 'DELETE', url: `/api/admin/fans/${ana}`, headers: { ...JSON_HEADERS, cookie }, payload: '{}' });
    expect(erased.statusCode).toBe(204);
    expect((await db.execute('SELECT count(*) AS n FROM letter_deliveries')).rows[0]!.n).toBe(0);
    expect((await db.execute("SELECT count(*) AS n FROM subscribers WHERE email = 'ana@example.com'")).rows[0]!.n).toBe(0);
    // Nothing of the address is kept in the clear anywhere in the database.
    const hashes = (await db.execute('SELECT email_hash, length(email_hash) AS n FROM subscribers_erased')).rows;
    expect(hashes).toHaveLength(1);
    expect(hashes[0]!.n).toBe(32);
    expect(Buffer.from(hashes[0]!.email_hash as ArrayBuffer).toString('latin1')).not.toContain('ana');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/fans/${ana}`, headers: { ...JSON_HEADERS, cookie }, payload: '{}' })).statusCode).toBe(404);
    // An import of the same file does not add her back.
    expect((await importCsv(t.app, KIT)).json()).toMatchObject({ new: 0, existing: 2, erased: 1 });
  });

  it('is the admin’s alone', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/fans'],
      ['GET', '/api/admin/fans.csv'],
      ['DELETE', '/api/admin/fans/1'],
    ] as const) {
      expect((await t.app.inject({ method, url, ...(method === 'DELETE' ? { headers: JSON_HEADERS, payload: '{}' } : {}) })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/fans/import', headers: { 'content-type': 'text/csv' }, payload: KIT })).statusCode).toBe(401);
  });
});
