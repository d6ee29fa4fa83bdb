/** The admin's own account over the API: password change and "sign out everywhere" (issue 11, item 4). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THROTTLE } from './auth/throttle';
import { ADMIN, JSON_HEADERS, addAccount, signIn, testApp, type TestApp } from './test/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
  await addAccount(t.app, ADMIN);
});
afterEach(async () => {
  await t.close();
});

const NEW_PASSWORD = 'copper-willow-7731';
const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}), ...headers }, payload: JSON.stringify(payload) });
const changePassword = (cookie: string | undefined, currentPassword: unknown, newPassword: unknown) =>
  call('POST', '/api/admin/password', { currentPassword, newPassword }, cookie);
const canWrite = async (cookie: string) => (await call('PUT', '/api/admin/stats', { monthlyListeners: 1 }, cookie)).statusCode;
const signInStatus = async (password: string) => (await call('POST', '/api/session', { email: ADMIN.email, password })).statusCode;

describe('POST /api/admin/password', () => {
  it('sets the new password and ends every other session; this one stays', async () => {
    const here = await signIn(t.app);
    const elsewhere = await signIn(t.app);
    const res = await changePassword(here, ADMIN.password, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, sessionsEnded: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await canWrite(here)).toBe(200);
    expect(await canWrite(elsewhere)).toBe(401);
    expect(await signInStatus(ADMIN.password)).toBe(401);
    expect(await signInStatus(NEW_PASSWORD)).toBe(200);
    const stored = (await t.app.services.db.client.execute('SELECT password_hash FROM accounts')).rows[0]!.password_hash as string;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password with 400 naming the field, and changes nothing', async () => {
    const cookie = await signIn(t.app);
    const res = await changePassword(cookie, 'not-the-password', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The current password is not right.', code: 'wrong-password', field: 'currentPassword' });
    // Still signed in (a 401 would sign the admin out in the UI), and the old password still works.
    expect(await canWrite(cookie)).toBe(200);
    expect(await signInStatus(ADMIN.password)).toBe(200);
  });

  it('applies the password policy to the new password, with messages naming it', async () => {
    const cookie = await signIn(t.app);
    const cases: [unknown, RegExp][] = [
      ['password1', /^The new password is on the list of the most common passwords/],
      ['short', /^The new password must be at least 8 characters long\.$/],
      ['x'.repeat(129), /^The new password must be at most 128 characters long\.$/],
      [ADMIN.email.toUpperCase(), /^The new password must not be the e-mail address\.$/],
      [ADMIN.password, /^The new password must differ from the current one\.$/],
      [12345678, /^newPassword must be text$/],
    ];
    for (const [newPassword, message] of cases) {
      const res = await changePassword(cookie, ADMIN.password, newPassword);
      expect(res.statusCode, String(newPassword)).toBe(400);
      expect(res.json().field).toBe('newPassword');
      expect(res.json().error).toMatch(message);
    }
    const missing = await call('POST', '/api/admin/password', { newPassword: NEW_PASSWORD }, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'currentPassword is required', field: 'currentPassword' });
    expect(await signInStatus(ADMIN.password)).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const cookie = await signIn(t.app);
    for (let i = 0; i < THROTTLE.accountLimit; i++) expect((await changePassword(cookie, `wrong-password-${i}`, NEW_PASSWORD)).statusCode).toBe(400);
    const locked = await changePassword(cookie, ADMIN.password, NEW_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  }, 20_000);

  it("needs the admin's session and a same-origin JSON request", async () => {
    expect((await changePassword(undefined, ADMIN.password, NEW_PASSWORD)).statusCode).toBe(401);
    const cookie = await signIn(t.app);
    const cross = await call('POST', '/api/admin/password', { currentPassword: ADMIN.password, newPassword: NEW_PASSWORD }, cookie, {
      origin: 'https://evil.example',
    });
    expect(cross.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `currentPassword=${ADMIN.password}&newPassword=${NEW_PASSWORD}`,
    });
    expect(form.statusCode).toBe(415);
    expect(await signInStatus(ADMIN.password)).toBe(200);
  });
});

describe('DELETE /api/admin/sessions (sign out everywhere)', () => {
  it('ends every session of the account, this one included, and clears the cookie', async () => {
    const here = await signIn(t.app);
    const elsewhere = await signIn(t.app);
    const res = await call('DELETE', '/api/admin/sessions', {}, here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, sessionsEnded: 2 });
    const cleared = res.cookies.find((c) => c.name === 'scena_session')!;
    expect(cleared.value).toBe('');
    expect(await canWrite(here)).toBe(401);
    expect(await canWrite(elsewhere)).toBe(401);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: here } })).json()).toEqual({ user: null });
    expect(await signInStatus(ADMIN.password)).toBe(200);
  });

  it('needs a session', async () => {
    const cookie = await signIn(t.app);
    expect((await call('DELETE', '/api/admin/sessions', {})).statusCode).toBe(401);
    expect(await canWrite(cookie)).toBe(200);
  });
});
