/**
 * The artist's own list (issue 28, docs/decisions/0035-fans-by-email.md, "The list"): signing up with double opt-in,
 * confirming, leaving, and the admin's reads and erasure. Every change is one transaction on `subscribers`; a sign-up is
 * counted per client network and for the whole site in the same transaction as its write (the booking form's counts,
 * server/booking/store.ts), so a burst cannot pass a check made before any of it was stored. No IP address is stored:
 * the counts hold a client's network for the hour they cover, nothing else does.
 */
import { randomBytes } from 'node:crypto';
import type { InStatement, Row } from '@libsql/client';
import { siteConfig } from '../../site.config';
import type { Language } from '../../src/content/constants';
import { consentLine, FAN_CONSENT_VERSION, type FanSummary, type FansReport } from '../../src/content/fans';
import { countStatements } from '../booking/store';
import type { Database } from '../db/client';
import { secretSigner } from '../db/secret-signer';
import { fanTokens, type FanTokens, type TokenPurpose } from './tokens';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface FanLimits {
  /** Sign-ups one client network (an IPv6 client's /64) may send in an hour. */
  perAddress: number;
  /** Sign-ups the whole site takes in an hour, whoever sends them. */
  perSite: number;
  windowMs: number;
}

/** Why these numbers: docs/decisions/0035-fans-by-email.md, "The list". */
export const FAN_LIMITS: FanLimits = { perAddress: 5, perSite: 120, windowMs: HOUR };
/** A confirmation link works this long after its mail was sent. */
export const CONFIRM_TTL_MS = 7 * DAY;
/** At most one confirmation mail per address in this time, however often it is signed up. */
export const CONFIRMATION_EVERY_MS = DAY;

export type FanStatus = FanSummary['status'];
export const FAN_STATUSES: readonly FanStatus[] = ['confirmed', 'waiting', 'unsubscribed', 'bounced'];

/** What a link is made from, and what a confirmation mail needs. */
export interface FanRef {
  id: number;
  email: string;
  lang: Language;
  tokenSeed: Uint8Array;
}

export type SignUpResult =
  /** Taken (whatever the address's state: the visitor is told the same); `mail`: a confirmation mail to send now. */
  { outcome: 'taken'; mail?: FanRef & { sentAt: number } } | { outcome: 'address-limit' | 'site-limit'; retryAfterMs: number };

export type LinkState = { state: 'invalid' } | { state: 'expired' | FanStatus; lang: Language; fan: FanRef };

/** A person as the Fans page shows them (src/content/fans.ts), with when they were confirmed by whom, left or bounced. */
export interface FanRow extends FanSummary {
  confirmedBy?: string;
  unsubscribedAt?: number;
  bouncedAt?: number;
}

export type FanOverview = Pick<FansReport, 'counts' | 'weeks'>;

export interface FanList {
  tokens: FanTokens;
  signUp(values: { email: string; lang: Language; path: string }, network: string): Promise<SignUpResult>;
  /** The mail could not be sent: the address may be sent one at its next sign-up, not 24 h later. */
  mailFailed(fan: FanRef, sentAt: number): Promise<void>;
  /** What a link names (nothing changes). */
  look(purpose: TokenPurpose, token: string): Promise<LinkState>;
  /** Confirms the address a link names (a POST of its page's button). */
  confirm(token: string): Promise<LinkState>;
  /** Unsubscribes at once (the page's button, or RFC 8058's one click): their queued letters are skipped. */
  unsubscribe(token: string): Promise<LinkState>;
  overview(weeks?: number): Promise<FanOverview>;
  /** At most `limit` people, newest first; `query`: part of the address. */
  search(query: string, limit: number): Promise<{ rows: FanRow[]; total: number }>;
  /** Gone from every table; only a salted hash of the address stays, so an import cannot add them back. */
  erase(id: number): Promise<boolean>;
  /** The salted hash of an address as subscribers_erased keeps it. */
  erasedHash(email: string): Promise<Buffer>;
}

const langOf = (value: unknown): Language => (value === 'ro' ? 'ro' : 'en');
const refOf = (row: Row): FanRef => ({
  id: Number(row.id),
  email: String(row.email),
  lang: langOf(row.lang),
  tokenSeed: new Uint8Array(row.token_seed as ArrayBuffer),
});
const optional = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));

/** Monday 00:00 UTC of the week `at` falls in. */
export const weekStart = (at: number) => {
  const day = new Date(at);
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY;
};

export function fanList(db: Database, limits: FanLimits = FAN_LIMITS, now: () => number = Date.now): FanList {
  const tokens = fanTokens(db);
  const hashOf = secretSigner(db, 'fans-erased-salt', now);
  const erasedHash = (email: string) => hashOf(email.trim().toLowerCase());

  const read = async (id: number) =>
    (await db.client.execute({ sql: 'SELECT id, email, lang, status, token_seed, confirmation_sent_at FROM subscribers WHERE id = ?', args: [id] })).rows[0];

  /** The subscriber a link names, when its MAC matches their current seed. */
  async function named(purpose: TokenPurpose, token: string): Promise<Row | undefined> {
    const id = tokens.idOf(token);
    if (id === undefined) return undefined;
    const row = await read(id);
    if (!row) return undefined;
    return (await tokens.check(purpose, token, refOf(row))) ? row : undefined;
  }

  function stateOf(purpose: TokenPurpose, row: Row | undefined, at: number): LinkState {
    if (!row) return { state: 'invalid' };
    const status = String(row.status) as FanStatus;
    const fan = refOf(row);
    const sentAt = optional(row.confirmation_sent_at);
    // A confirmation link of a mail sent more than 7 days ago (or of no mail: it failed) confirms nobody.
    if (purpose === 'confirm' && status === 'waiting' && (sentAt === undefined || at - sentAt > CONFIRM_TTL_MS)) {
      return { state: 'expired', lang: fan.lang, fan };
    }
    return { state: status, lang: fan.lang, fan };
  }

  return {
    tokens,
    async signUp({ email, lang, path }, network) {
      const at = now();
      const keys = [`fans:address:${network}`, 'fans:site'];
      const within = `(SELECT count FROM booking_counts WHERE key = '${keys[0]!.replace(/'/g, "''")}') <= ${limits.perAddress}
        AND (SELECT count FROM booking_counts WHERE key = 'fans:site') <= ${limits.perSite}`;
      const consent = { version: FAN_CONSENT_VERSION, text: consentLine(lang, siteConfig.artist.name) };
      const statements: InStatement[] = [
        ...countStatements(keys, at, limits.windowMs),
        // New: waiting, with its consent record; its confirmation mail is marked below.
        {
          sql: `INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, source_detail, consent_version, consent_text, updated_at)
                SELECT ?1, ?2, 'waiting', ?3, ?4, 'form', ?5, ?6, ?7, ?4 WHERE ${within}
                ON CONFLICT (email) DO NOTHING`,
          args: [email, lang, randomBytes(16), at, path, consent.version, consent.text],
        },
        // Left before, signing up again: waiting again with a new seed (every link from before does nothing now).
        {
          sql: `UPDATE subscribers SET status = 'waiting', token_seed = ?1, signed_up_at = ?2, source = 'form', source_detail = ?3,
                  consent_version = ?4, consent_text = ?5, lang = ?6, confirmed_at = NULL, confirmed_by = NULL, unsubscribed_at = NULL, updated_at = ?2
                WHERE email = ?7 AND status = 'unsubscribed' AND ${within}`,
          args: [randomBytes(16), at, path, consent.version, consent.text, lang, email],
        },
        // Waiting and not mailed in the last 24 h: a confirmation mail now, in the language of this sign-up.
        {
          sql: `UPDATE subscribers SET confirmation_sent_at = ?1, lang = ?2, consent_version = ?3, consent_text = ?4, updated_at = ?1
                WHERE email = ?5 AND status = 'waiting' AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= ?1 - ?6) AND ${within}`,
          args: [at, lang, consent.version, consent.text, email, CONFIRMATION_EVERY_MS],
        },
        { sql: 'SELECT id, email, lang, token_seed FROM subscribers WHERE email = ?', args: [email] },
        { sql: 'SELECT key, window_start, count FROM booking_counts WHERE key IN (?, ?)', args: keys },
      ];
      const results = await db.client.batch(statements, 'write');
      const counts = new Map(results.at(-1)!.rows.map((r) => [String(r.key), { start: Number(r.window_start), count: Number(r.count) }]));
      const retry = (key: string) => Math.max(1000, counts.get(key)!.start + limits.windowMs - at);
      if (counts.get(keys[0]!)!.count > limits.perAddress) return { outcome: 'address-limit', retryAfterMs: retry(keys[0]!) };
      if (counts.get('fans:site')!.count > limits.perSite) return { outcome: 'site-limit', retryAfterMs: retry('fans:site') };
      const mailed = results.at(-3)!.rowsAffected === 1;
      const row = results.at(-2)!.rows[0];
      return mailed && row ? { outcome: 'taken', mail: { ...refOf(row), sentAt: at } } : { outcome: 'taken' };
    },

    async mailFailed(fan, sentAt) {
      await db.client.execute({
        sql: 'UPDATE subscribers SET confirmation_sent_at = NULL WHERE id = ? AND confirmation_sent_at = ?',
        args: [fan.id, sentAt],
      });
    },

    async look(purpose, token) {
      return stateOf(purpose, await named(purpose, token), now());
    },

    async confirm(token) {
      const at = now();
      const row = await named('confirm', token);
      const state = stateOf('confirm', row, at);
      if (state.state !== 'waiting') return state;
      const results = await db.client.batch(
        [
          {
            sql: `UPDATE subscribers SET status = 'confirmed', confirmed_at = ?1, confirmed_by = 'form', updated_at = ?1
                  WHERE id = ?2 AND status = 'waiting' AND token_seed = ?3 AND confirmation_sent_at >= ?1 - ?4`,
            args: [at, state.fan.id, state.fan.tokenSeed, CONFIRM_TTL_MS],
          },
          // They chose to join again: an erasure before no longer keeps an import from adding them.
          { sql: 'DELETE FROM subscribers_erased WHERE email_hash = ?', args: [await erasedHash(state.fan.email)] },
        ],
        'write',
      );
      return results[0]!.rowsAffected === 1 ? { ...state, state: 'confirmed' } : stateOf('confirm', await read(state.fan.id), at);
    },

    async unsubscribe(token) {
      const at = now();
      const row = await named('unsubscribe', token);
      const state = stateOf('unsubscribe', row, at);
      if (state.state !== 'waiting' && state.state !== 'confirmed') return state;
      await db.client.batch(
        [
          {
            sql: `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = ?1, updated_at = ?1
                  WHERE id = ?2 AND token_seed = ?3 AND status IN ('waiting', 'confirmed')`,
            args: [at, state.fan.id, state.fan.tokenSeed],
          },
          // Leaving is immediate: a letter still queued for them is not sent (server/fans' sender skips 'skipped').
          {
            sql: `UPDATE letter_deliveries SET state = 'skipped', error = 'unsubscribed' WHERE subscriber = ? AND state IN ('queued', 'retrying')`,
            args: [state.fan.id],
          },
        ],
        'write',
      );
      return { ...state, state: 'unsubscribed' };
    },

    async overview(weeks = 12) {
      const at = now();
      const from = weekStart(at) - (weeks - 1) * 7 * DAY;
      const [byStatus, byWeek] = await db.client.batch(
        [
          'SELECT status, count(*) AS n FROM subscribers GROUP BY status',
          {
            // Whole weeks (the arguments may arrive as reals: the division is made an integer's).
            sql: 'SELECT CAST((signed_up_at - ?1) / ?2 AS INTEGER) AS w, count(*) AS n FROM subscribers WHERE signed_up_at >= ?1 GROUP BY w',
            args: [from, 7 * DAY],
          },
        ],
        'read',
      );
      const counts = Object.fromEntries(FAN_STATUSES.map((s) => [s, 0])) as Record<FanStatus, number>;
      for (const r of byStatus!.rows) counts[String(r.status) as FanStatus] = Number(r.n);
      const perWeek = new Map(byWeek!.rows.map((r) => [Number(r.w), Number(r.n)]));
      return {
        counts,
        weeks: Array.from({ length: weeks }, (_, i) => ({
          start: new Date(from + i * 7 * DAY).toISOString().slice(0, 10),
          count: perWeek.get(i) ?? 0,
        })),
      };
    },

    async search(query, limit) {
      const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [rows, total] = await db.client.batch(
        [
          {
            sql: `SELECT s.id, s.email, s.lang, s.status, s.signed_up_at, s.source, s.source_detail, s.confirmed_at, s.confirmed_by,
                    s.unsubscribed_at, s.bounced_at,
                    (SELECT count(*) FROM letter_deliveries d WHERE d.subscriber = s.id AND d.state = 'sent') AS letters
                  FROM subscribers s WHERE s.email LIKE ?1 ESCAPE '\\' ORDER BY s.signed_up_at DESC, s.id DESC LIMIT ?2`,
            args: [like, limit],
          },
          { sql: `SELECT count(*) AS n FROM subscribers WHERE email LIKE ? ESCAPE '\\'`, args: [like] },
        ],
        'read',
      );
      return {
        total: Number(total!.rows[0]!.n),
        rows: rows!.rows.map((r) => ({
          id: Number(r.id),
          email: String(r.email),
          lang: langOf(r.lang),
          status: String(r.status) as FanStatus,
          signedUpAt: Number(r.signed_up_at),
          source: String(r.source) as 'form' | 'import',
          sourceDetail: String(r.source_detail),
          confirmedAt: optional(r.confirmed_at),
          confirmedBy: r.confirmed_by === null ? undefined : String(r.confirmed_by),
          unsubscribedAt: optional(r.unsubscribed_at),
          bouncedAt: optional(r.bounced_at),
          letters: Number(r.letters),
        })),
      };
    },

    async erase(id) {
      const row = await read(id);
      if (!row) return false;
      const results = await db.client.batch(
        [
          {
            sql: 'INSERT INTO subscribers_erased (email_hash, erased_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
            args: [await erasedHash(String(row.email)), now()],
          },
          { sql: 'DELETE FROM letter_deliveries WHERE subscriber = ?', args: [id] },
          { sql: 'DELETE FROM subscribers WHERE id = ?', args: [id] },
        ],
        'write',
      );
      return results[2]!.rowsAffected === 1;
    },

    erasedHash,
  };
}
