/**
 * Device cookies, as OWASP's "Slow down online guessing attacks with device cookies" describes
 * (docs/decisions/0016-sign-in-abuse.md): a browser that signed in to an account carries a cookie
 * naming the account and a random nonce, signed with a key only the server has. Its sign-in attempts
 * are judged by the device's own failure budget, so strangers who lock the account out for unknown
 * clients do not lock out its owner. The cookie grants nothing else: it is not a session.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { secretSigner } from '../db/secret-signer';
import { normalEmail } from './email';

/** A device is trusted this long after its last successful sign-in. */
export const DEVICE_MAX_AGE_MS = 180 * 24 * 3_600_000;
const VERSION = 'd1';
const SECRET_NAME = 'device-cookie-hmac';

export const deviceCookieName = (request: FastifyRequest) => (request.protocol === 'https' ? '__Host-scena_device' : 'scena_device');

export interface DeviceCookies {
  /** A new cookie value for a browser that has just signed in to this account. */
  issue(email: string): Promise<string>;
  /** The device's nonce when the value is a valid, unexpired cookie of this account; otherwise undefined. */
  verify(value: string | undefined, email: string): Promise<string | undefined>;
}

export function deviceCookies(db: Database, now: () => number = Date.now): DeviceCookies {
  const sign = secretSigner(db, SECRET_NAME, now);
  const account = (email: string) => Buffer.from(normalEmail(email)).toString('base64url');

  return {
    async issue(email) {
      const body = [VERSION, account(email), now().toString(36), randomBytes(16).toString('base64url')].join('.');
      return `${body}.${(await sign(body)).toString('base64url')}`;
    },
    async verify(value, email) {
      if (!value || value.length > 600) return undefined;
      const parts = value.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION || parts[1] !== account(email)) return undefined;
      const issued = parseInt(parts[2]!, 36);
      if (!Number.isFinite(issued) || now() - issued > DEVICE_MAX_AGE_MS || issued > now() + 60_000) return undefined;
      const given = Buffer.from(parts[4]!, 'base64url');
      const expected = await sign(parts.slice(0, 4).join('.'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return parts[3];
    },
  };
}
