/**
 * scripts/firebase-set-admin.ts on the Auth emulator: the admin claim goes only to a verified account;
 * for any other it refuses, saying when the account was made, how it signs in, and how to proceed.
 */
import { spawnSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAccounts, createAccount, emulators, lookupAccount } from './test/emulators';

const e = emulators();
const EMAIL = 'owner@scena.test';
const PASSWORD = 'Violet-Studio-Nights-42';

function setAdmin(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/firebase-set-admin.ts', ...args, '--project', e.project], {
    encoding: 'utf8',
    env: { ...process.env, FIREBASE_ADMIN_PASSWORD: PASSWORD },
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}
const claims = async (email = EMAIL) => {
  const account = await lookupAccount(email, e);
  return { verified: account?.emailVerified === true, admin: account?.customAttributes ? JSON.parse(account.customAttributes).admin : undefined };
};

beforeEach(() => clearAccounts(e));

describe('scripts/firebase-set-admin.ts', () => {
  it('refuses an unverified account, with its creation time, its providers and what to do', async () => {
    const before = new Date().toISOString().slice(0, 13);
    await createAccount(EMAIL, PASSWORD, {}, e);
    const { status, out } = setAdmin(EMAIL);
    expect(status).toBe(1);
    expect(out).toContain(`${EMAIL} is not verified, so it does not get the admin claim.`);
    expect(out).toMatch(new RegExp(`The account was created ${before}:\\d\\d:\\d\\dZ`));
    expect(out).toContain('sign-in providers: password');
    expect(out).toContain('run this again with --verify');
    expect(await claims()).toEqual({ verified: false, admin: undefined });
  }, 60_000);

  it('with --verify, marks the address verified and sets the claim', async () => {
    await createAccount(EMAIL, PASSWORD, {}, e);
    const { status, out } = setAdmin(EMAIL, '--verify');
    expect(status, out).toBe(0);
    expect(out).toMatch(/Marked owner@scena\.test as verified \(the account was created \d{4}-/);
    expect(await claims()).toEqual({ verified: true, admin: true });
  }, 60_000);

  it('sets the claim on an account that is verified already', async () => {
    await createAccount(EMAIL, PASSWORD, { emailVerified: true }, e);
    const { status, out } = setAdmin(EMAIL.toUpperCase());
    expect(status, out).toBe(0);
    expect(await claims()).toEqual({ verified: true, admin: true });
  }, 60_000);

  it('--create needs --verify, and creates nothing without it', async () => {
    const refused = setAdmin(EMAIL, '--create');
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('pass --verify with --create');
    expect(await lookupAccount(EMAIL, e)).toBeUndefined();
    const made = setAdmin(EMAIL, '--create', '--verify');
    expect(made.status, made.out).toBe(0);
    expect(await claims()).toEqual({ verified: true, admin: true });
  }, 60_000);

  it('--revoke takes the claim away, verified or not', async () => {
    await createAccount(EMAIL, PASSWORD, { claims: { admin: true } }, e);
    const { status, out } = setAdmin(EMAIL, '--revoke');
    expect(status, out).toBe(0);
    expect(await claims()).toEqual({ verified: false, admin: undefined });
  }, 60_000);
});
