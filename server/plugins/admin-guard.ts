/**
 * Who is signed in, and the one guard in front of every /api/admin route (app.ts registers the
 * admin's routes in a plugin of their own, with this hook on it; no handler checks for itself).
 */
import type { FastifyRequest } from 'fastify';
import type { SessionAccount } from '../auth/sessions';
import { HttpError } from '../errors';
import type { Services } from '../services';
import { shared } from './shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin's session, set by the guard on the admin's routes (null elsewhere). */
    admin: SessionAccount | null;
  }
}

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

/**
 * The guard, registered inside the admin's plugin (shared: its hook holds for that plugin's routes,
 * not beyond). A preValidation hook: after the body is read (so a body over its limit or nested too
 * deeply is refused as before, 413 or 400) and before it is validated or anything runs, so a
 * stranger learns nothing about what a valid body would be.
 */
export const adminGuard = shared('scena-admin-guard', async (app) => {
  app.decorateRequest('admin', null);
  app.addHook('preValidation', async (request) => {
    request.admin = await requireAdmin(app.services, request);
  });
});

/** The admin's session inside a guarded route. */
export function signedInAdmin(request: FastifyRequest): SessionAccount {
  if (!request.admin) throw new Error('An admin route was reached without the admin guard.');
  return request.admin;
}
