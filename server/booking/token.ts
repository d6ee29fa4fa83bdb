/**
 * The booking form's token (docs/decisions/0025-booking-requests.md): the moment it was issued, signed with a key
 * only the server has (HMAC-SHA256, kept in server_secrets like the device cookies' key). A request is taken only
 * MIN_FILL_MS or more after its token was issued (a person takes longer than that to type a message; a script
 * that posts at once does not), and not after TOKEN_TTL_MS. The token of the no-JavaScript form's second step (the
 * answer to a post without one, "One more step") is taken at once: the visitor filled the form before the first post,
 * and the press that follows is theirs (issue 32; its version `b1s` is signed like the others, so none can be made).
 */
import { timingSafeEqual } from 'node:crypto';
import { BOOKING_MIN_FILL_MS } from '../../src/content/booking';
import { FANS_MIN_FILL_MS } from '../../src/content/fans';
import type { Database } from '../db/client';
import { secretSigner } from '../db/secret-signer';

/** A person needs longer than this to fill the form; a request sooner after its token is refused. */
export const MIN_FILL_MS = BOOKING_MIN_FILL_MS;
/** A token is taken for a day: a form left open overnight gets "please send it again", its values kept. */
export const TOKEN_TTL_MS = 24 * 3_600_000;
/**
 * The forms that take these tokens, each with its own key and prefixes (a booking token is no sign-up's, and the other
 * way round) and its own minimum: the booking form, and the fans' sign-up (server/routes/fans.ts). `secondStep`: the
 * prefix of the no-JavaScript answer page's token, taken at once.
 */
const FORMS = {
  booking: { version: 'b1', secondStep: 'b1s', secret: 'booking-token-hmac', minFillMs: MIN_FILL_MS },
  fans: { version: 'f1', secondStep: 'f1s', secret: 'fans-token-hmac', minFillMs: FANS_MIN_FILL_MS },
} as const;
export type TokenForm = keyof typeof FORMS;

export type TokenCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' } | { ok: false; reason: 'too-soon'; waitMs: number };

export interface BookingTokens {
  /** A token issued now (or at `at`: the tests' tokens issued in the past); `secondStep`: taken at once. */
  issue(at?: number, options?: { secondStep?: boolean }): Promise<string>;
  check(token: unknown): Promise<TokenCheck>;
}

export function bookingTokens(db: Database, now: () => number = Date.now, form: TokenForm = 'booking'): BookingTokens {
  const { version: VERSION, secondStep: SECOND_STEP, secret, minFillMs } = FORMS[form];
  const sign = secretSigner(db, secret, now);

  return {
    async issue(at = now(), options = {}) {
      const body = `${options.secondStep ? SECOND_STEP : VERSION}.${Math.floor(at).toString(36)}`;
      return `${body}.${(await sign(body)).toString('base64url')}`;
    },
    async check(token) {
      if (typeof token !== 'string' || token.length > 100) return { ok: false, reason: 'invalid' };
      const parts = token.split('.');
      if (parts.length !== 3 || (parts[0] !== VERSION && parts[0] !== SECOND_STEP) || !/^[0-9a-z]{1,12}$/.test(parts[1]!))
        return { ok: false, reason: 'invalid' };
      const given = Buffer.from(parts[2]!, 'base64url');
      const expected = await sign(`${parts[0]}.${parts[1]}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      const age = now() - parseInt(parts[1]!, 36);
      if (age < minFillMs && parts[0] !== SECOND_STEP) return { ok: false, reason: 'too-soon', waitMs: minFillMs - age };
      if (age > TOKEN_TTL_MS) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
  };
}
