/** GET /api/admin/setup: the first-run checklist's server lines, read from the real database (docs/decisions/0032). */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';
import { ensureOpsTable } from './ops/backups';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DAY = 86_400_000;
const setup = async (cookie?: string) => t!.app.inject({ method: 'GET', url: '/api/admin/setup', headers: cookie ? { cookie } : {} });

/** A finished, verified scheduled backup, as the scheduler records it. */
async function backupDone(at: number) {
  const db = t!.app.services.db;
  await ensureOpsTable(db);
  await db.client.execute({
    sql: 'INSERT INTO ops_backups (slot, holder, started_at, lease_until, finished_at, ok, folder, db_bytes, media_bytes, ms) VALUES (?, ?, ?, ?, ?, 1, ?, 1, 1, 1)',
    args: [`slot-${at}`, 'test', at - 1000, at, at, `scena-${new Date(at).toISOString().slice(0, 10)}-0400`],
  });
}

describe('GET /api/admin/setup', () => {
  it('is the admin’s only: signed out, 401 and nothing said', async () => {
    t = await testApp();
    await addAccount(t.app, ADMIN);
    const res = await setup();
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/bookingMail|backup|password/);
  });

  it('a first start: nothing done; then each line ticks from what the server holds', async () => {
    t = await testApp();
    await addAccount(t.app, ADMIN);
    const cookie = await signIn(t.app);
    const first = await setup(cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ bookingMail: false, backupThisWeek: false, passwordChanged: false, fansList: false });

    // A backup eight days old is not this week's; one two days old is.
    await backupDone(Date.now() - 8 * DAY);
    expect((await setup(cookie)).json()).toMatchObject({ backupThisWeek: false });
    await backupDone(Date.now() - 2 * DAY);
    expect((await setup(cookie)).json()).toMatchObject({ backupThisWeek: true });

    // The password changed from the admin's Account page.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { ...JSON_HEADERS, cookie },
      payload: JSON.stringify({ currentPassword: ADMIN.password, newPassword: 'copper-willow-7731' }),
    });
    expect(changed.statusCode).toBe(200);
    expect((await setup(cookie)).json()).toEqual({ bookingMail: false, backupThisWeek: true, passwordChanged: true, fansList: false });
  });

  it('booking e-mails are set up when the server has SMTP_URL and MAIL_FROM', async () => {
    t = await testApp({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Scena <site@tudorvale.ro>' });
    await addAccount(t.app, ADMIN);
    expect((await setup(await signIn(t.app))).json()).toMatchObject({ bookingMail: true, fansList: true });
  });
});
