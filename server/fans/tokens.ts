/**
 * The tokens in a subscriber's links (docs/decisions/0035-fans-by-email.md): `<id>.<mac>`, where mac is an
 * HMAC-SHA256 (a server secret kept in the database) over the purpose, the subscriber's id and their token_seed,
 * cut to 16 bytes, base64url. Nothing to store per link; a new sign-up gets a new token_seed, so a link from before
 * (a confirmation, an old letter's unsubscribe) does nothing afterwards; a guessed one fails the MAC.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';
import { secretSigner } from '../db/secret-signer';

export type TokenPurpose = 'confirm' | 'unsubscribe';

/** The public addresses of the subscriber's pages (a GET shows one button; a POST acts; RFC 8058 one-click for unsubscribe). */
export const FAN_PATHS = {
  confirm: (token: string) => `/fans/confirm/${token}`,
  unsubscribe: (token: string) => `/fans/unsubscribe/${token}`,
} as const;

export interface FanTokens {
  make(purpose: TokenPurpose, subscriber: { id: number; tokenSeed: Uint8Array }): Promise<string>;
  /** The subscriber id a token names, when its MAC matches that subscriber's current seed (read by the caller). */
  idOf(token: string): number | undefined;
  check(purpose: TokenPurpose, token: string, subscriber: { id: number; tokenSeed: Uint8Array }): Promise<boolean>;
}

export function fanTokens(db: Database): FanTokens {
  const sign = secretSigner(db, 'fans-links');
  const mac = async (purpose: TokenPurpose, s: { id: number; tokenSeed: Uint8Array }) =>
    (await sign(`${purpose}\n${s.id}\n${Buffer.from(s.tokenSeed).toString('hex')}`)).subarray(0, 16);
  return {
    async make(purpose, s) {
      return `${s.id}.${(await mac(purpose, s)).toString('base64url')}`;
    },
    idOf(token) {
      const m = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
      return m ? Number(m[1]) : undefined;
    },
    async check(purpose, token, s) {
      const m = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!m || Number(m[1]) !== s.id) return false;
      const given = Buffer.from(m[2]!, 'base64url');
      const expected = await mac(purpose, s);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
