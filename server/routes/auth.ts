/** Sign-in, sign-out and the current session: /api/session. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../../src/content/backend';
import { findAccount } from '../auth/accounts';
import { PASSWORD_MAX, verifyDummy, verifyPassword } from '../auth/password';
import type { SessionAccount } from '../auth/sessions';
import { THROTTLE, accountKey, addressKey } from '../auth/throttle';
import { HttpError, parseBody } from '../errors';
import type { Services } from '../app';

const SignInSchema = z.strictObject({
  email: z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(254, { error: 'must be at most 254 characters' }),
  password: z
    .string({ error: 'must be text' })
    .min(1, { error: 'is required' })
    .max(PASSWORD_MAX * 4, { error: 'is too long' }),
});

export const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? '__Host-scena_session' : 'scena_session');

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(request)] || undefined;
}

export async function currentAccount(services: Services, request: FastifyRequest): Promise<SessionAccount | undefined> {
  const token = sessionToken(request);
  return token ? services.sessions.find(token) : undefined;
}

export const isAdminEmail = (services: Services, email: string) => email.toLowerCase() === services.config.adminEmail;

/** Refuses the request unless the session is the admin's. */
export async function requireAdmin(services: Services, request: FastifyRequest): Promise<SessionAccount> {
  const account = await currentAccount(services, request);
  if (!account) throw new HttpError(401, 'Sign in first.', 'unauthenticated');
  if (!isAdminEmail(services, account.email)) throw new HttpError(403, 'Not authorized', 'not-authorized');
  return account;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
  reply.setCookie(cookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function authRoutes(app: FastifyInstance, services: Services) {
  const { sessions, throttle, config } = services;

  app.get('/api/session', async (request) => {
    const account = await currentAccount(services, request);
    const user: AuthUser | null = account && isAdminEmail(services, account.email) ? { email: account.email, isAdmin: true } : null;
    return { user };
  });

  app.post('/api/session', async (request, reply) => {
    const { email, password } = parseBody(SignInSchema, request.body);
    const keys = [accountKey(email), addressKey(request.ip)];
    const wait = await throttle.lockedFor(keys);
    if (wait > 0) {
      reply.header('retry-after', Math.ceil(wait / 1000));
      throw new HttpError(429, 'Too many failed sign-ins. Try again later.', 'too-many-attempts');
    }
    const account = await findAccount(services.db, email);
    const ok = account ? await verifyPassword(account.passwordHash, password) : (await verifyDummy(password), false);
    if (!account || !ok) {
      await throttle.fail([
        { key: keys[0]!, limit: THROTTLE.accountLimit },
        { key: keys[1]!, limit: THROTTLE.addressLimit },
      ]);
      throw new HttpError(401, 'Login failed', 'login-failed');
    }
    await throttle.succeed(keys[0]!);
    // Another account than the admin's gets no session at all.
    if (!isAdminEmail(services, account.email)) throw new HttpError(403, 'Not authorized', 'not-authorized');
    const previous = sessionToken(request);
    if (previous) await sessions.revoke(previous);
    const token = await sessions.create(account.id);
    setSessionCookie(request, reply, token, config.sessionMaxMs);
    const user: AuthUser = { email: account.email, isAdmin: true };
    return { user };
  });

  app.delete('/api/session', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await sessions.revoke(token);
    reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
    return { user: null };
  });
}
