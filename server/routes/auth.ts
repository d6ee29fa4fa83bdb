/**
 * Sign-in, sign-out and the current session (/api/session); the admin's password change
 * (/api/admin/password) and "sign out everywhere" (/api/admin/sessions).
 * Every password check goes through guardedCheck: the hashing queue, the throttle, device cookies
 * (docs/decisions/0016-sign-in-abuse.md).
 */
import type { InStatement } from '@libsql/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../src/content/backend';
import { changePassword, findAccount } from '../auth/accounts';
import { DEVICE_MAX_AGE_MS, deviceCookieName } from '../auth/device-cookie';
import { PASSWORD_MAX, hashPassword, passwordProblem, verifyDummy, verifyPassword } from '../auth/password';
import { tokenDigest } from '../auth/sessions';
import { POLICY, accountKey, addressKey, deviceKey, type Attempt } from '../auth/throttle';
import { refusal } from '../errors';
import { BODY_LIMITS } from '../json-body';
import { logSecurityEvent } from '../security-events';
import { cookieName, currentAccount, isAdminEmail, sessionToken, signedInAdmin } from '../plugins/admin-guard';
import type { Services } from '../services';

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') });
const password = () =>
  text()
    .min(1, { error: 'is required' })
    .max(PASSWORD_MAX * 4, { error: 'is too long' });

const SignInSchema = z.strictObject({
  email: text().trim().min(1, { error: 'is required' }).max(254, { error: 'must be at most 254 characters' }),
  password: password(),
});

const PasswordChangeSchema = z.strictObject({
  currentPassword: password(),
  // The policy (passwordProblem) gives the messages about length and common passwords.
  newPassword: text().max(PASSWORD_MAX * 4, { error: 'is too long' }),
});

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

/** The session's and the device's cookie: the same attributes, each its own name and lifetime. */
function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeMs: number) {
  reply.setCookie(name, value, { ...cookieOptions(request), maxAge: Math.floor(maxAgeMs / 1000) });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(request), cookieOptions(request));
}

/** 429 with Retry-After, and the security event saying why. */
function refuse(request: FastifyRequest, reason: string, waitMs: number, email?: string): never {
  logSecurityEvent(request.log, 'sign-in.refused', { email, ip: request.ip, reason });
  throw refusal(reason === 'busy' ? 'busy' : 'too-many-attempts', { retryAfterMs: waitMs });
}

interface CheckResult {
  ok: boolean;
  /** The attempt came from a browser with a trusted device cookie for this account. */
  trusted: boolean;
  /** When ok: the throttle's success statements, for the caller to commit with its own write. */
  success: InStatement[];
}

/**
 * One password check against abuse. In order: a place in the hashing queue (else 429 at once), the
 * attempt counted by the throttle before the check (else 429), then the check itself.
 * A browser with a valid device cookie for this e-mail is counted on its device's own budget (and
 * its address), so strangers' failures do not lock it out; without one, or once that budget is
 * spent, it is an unknown client, counted on the account (and its address).
 * `knownEmail` is the account's e-mail when there is one: the only e-mail written to the log, so a
 * password typed into the e-mail field never is.
 */
async function guardedCheck(
  services: Services,
  request: FastifyRequest,
  email: string,
  knownEmail: string | undefined,
  check: () => Promise<boolean>,
): Promise<CheckResult> {
  const ticket = services.hashing.admit();
  if (!ticket) refuse(request, 'busy', 1000, knownEmail);
  try {
    const address = { key: addressKey(request.ip), policy: POLICY.address };
    const nonce = await services.devices.verify(request.cookies[deviceCookieName(request)], email);
    let attempt: Attempt | undefined;
    let trusted = false;
    if (nonce) {
      const device = deviceKey(nonce);
      attempt = await services.throttle.attempt([{ key: device, policy: POLICY.device }, address]);
      trusted = attempt.allowed;
      // Refused by the device's own budget alone: the cookie is not trusted now, and the browser is
      // judged like any unknown client.
      if (!attempt.allowed && attempt.refusedBy.every((key) => key === device)) attempt = undefined;
    }
    attempt ??= await services.throttle.attempt([{ key: accountKey(email), policy: POLICY.account }, address]);
    if (!attempt.allowed) {
      refuse(request, attempt.refusedBy.includes(address.key) ? 'address-locked' : 'account-locked', attempt.waitMs, knownEmail);
    }
    const ok = await ticket.run(check);
    return { ok, trusted, success: ok ? attempt.success : [] };
  } finally {
    ticket.release();
  }
}

/** The session: who is signed in, sign-in, sign-out. */
export async function sessionRoutes(app: FastifyInstance) {
  const { services } = app;
  const { sessions, config } = services;

  app.get('/api/session', async (request) => {
    const account = await currentAccount(services, request);
    const user: AuthUser | null = account && isAdminEmail(services, account.email) ? { email: account.email, isAdmin: true } : null;
    return { user };
  });

  typed(app).post('/api/session', { bodyLimit: BODY_LIMITS.credentials, schema: { body: SignInSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    const account = await findAccount(services.db, email);
    const { ok, trusted, success } = await guardedCheck(services, request, email, account?.email, () =>
      account ? verifyPassword(account.passwordHash, password) : verifyDummy(password).then(() => false),
    );
    if (!account || !ok) {
      logSecurityEvent(request.log, 'sign-in.failed', {
        email: account?.email,
        ip: request.ip,
        reason: account ? (trusted ? 'bad-password-trusted-device' : 'bad-password') : 'unknown-account',
      });
      throw refusal('login-failed');
    }
    // Another account than the admin's gets no session at all.
    if (!isAdminEmail(services, account.email)) {
      await services.db.write(success);
      logSecurityEvent(request.log, 'sign-in.refused', { email: account.email, ip: request.ip, reason: 'not-admin' });
      throw refusal('not-authorized');
    }
    const previous = sessionToken(request);
    if (previous) await sessions.revoke(previous);
    const token = await sessions.create(account.id, success);
    setCookie(request, reply, cookieName(request), token, config.sessionMaxMs);
    // A new nonce at each sign-in: this browser is a known device of the account from now on.
    setCookie(request, reply, deviceCookieName(request), await services.devices.issue(account.email), DEVICE_MAX_AGE_MS);
    logSecurityEvent(request.log, 'sign-in.succeeded', { email: account.email, ip: request.ip, reason: trusted ? 'trusted-device' : undefined });
    const user: AuthUser = { email: account.email, isAdmin: true };
    return { user };
  });

  app.delete('/api/session', async (request, reply) => {
    const token = sessionToken(request);
    if (token) {
      const account = await sessions.find(token);
      await sessions.revoke(token);
      if (account) logSecurityEvent(request.log, 'sign-out', { email: account.email, ip: request.ip });
    }
    clearSessionCookie(request, reply);
    return { user: null };
  });
}

/** The admin's own account, registered under /api/admin behind the admin guard. */
export async function accountRoutes(app: FastifyInstance) {
  const { services } = app;
  const { sessions } = services;

  // DELETE /api/admin/sessions: ends every session of the admin's account, this one included.
  app.delete('/sessions', async (request, reply) => {
    const account = signedInAdmin(request);
    const ended = await sessions.revokeAll(account.accountId);
    clearSessionCookie(request, reply);
    logSecurityEvent(request.log, 'sign-out.everywhere', { email: account.email, ip: request.ip, sessionsEnded: ended });
    return { user: null, sessionsEnded: ended };
  });

  // POST /api/admin/password: the admin's own password change; this session stays, every other one ends.
  typed(app).post('/password', { bodyLimit: BODY_LIMITS.credentials, schema: { body: PasswordChangeSchema } }, async (request) => {
    const session = signedInAdmin(request);
    const { currentPassword, newPassword } = request.body;
    const problem = passwordProblem(newPassword, session.email, 'The new password');
    if (problem) throw refusal('invalid', { message: problem, field: 'newPassword' });
    if (newPassword === currentPassword) throw refusal('invalid', { message: 'The new password must differ from the current one.', field: 'newPassword' });
    const account = await findAccount(services.db, session.email);
    if (!account) throw refusal('unauthenticated');
    // Counted like a sign-in: a stolen session cannot guess the password at leisure. The new hash is
    // made in the same place in the hashing queue, right after the check.
    let hash = '';
    const { ok, success } = await guardedCheck(services, request, account.email, account.email, async () => {
      if (!(await verifyPassword(account.passwordHash, currentPassword))) return false;
      hash = await hashPassword(newPassword);
      return true;
    });
    if (!ok) {
      logSecurityEvent(request.log, 'sign-in.failed', { email: account.email, ip: request.ip, reason: 'bad-current-password' });
      throw refusal('wrong-password');
    }
    const ended = await changePassword(services.db, account.id, hash, tokenDigest(sessionToken(request)!), success);
    logSecurityEvent(request.log, 'password.changed', { email: account.email, ip: request.ip, sessionsEnded: ended });
    return { ok: true, sessionsEnded: ended };
  });
}
