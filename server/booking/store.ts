/**
 * Storing a visitor's booking request (docs/decisions/0025-booking-requests.md): in one write transaction, the
 * request is counted for its client address and for the whole site, and stored, with its first version and its
 * e-mail notice in the outbox, only when both counts are within their limits, no stored request is the same, and
 * the inbox has room. Pure SQL, so it holds with several servers on one database and under any concurrency: a
 * burst cannot all pass a check made before any of them was stored.
 */
import { randomUUID } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { bookings } from '../../src/content/kinds';
import type { Database } from '../db/client';
import { ITEM_VALUE, changedFields, versionStatements } from '../db/content-repo';

const HOUR = 3_600_000;

export interface BookingLimits {
  /** Requests one client address (an IPv6 client's /64) may send in an hour. */
  perAddress: number;
  /** Requests the whole site takes in an hour, whoever sends them. */
  perSite: number;
  windowMs: number;
}

/** Why these numbers: docs/decisions/0025-booking-requests.md. */
export const BOOKING_LIMITS: BookingLimits = { perAddress: 5, perSite: 40, windowMs: HOUR };

/** The fields that make two requests the same (an exact duplicate is folded into the stored one). */
const SAME = bookings.inbox.visitorFields;

/**
 * The statements that count one request for each of `keys` (a client's address, the whole site) in windows of
 * `windowMs` from each key's first request in it, to run first in the transaction that stores the request, which
 * then reads the counts (`booking_counts`). The fans' sign-up counts its own keys the same way (server/fans/list.ts).
 */
export function countStatements(keys: string[], at: number, windowMs: number): InStatement[] {
  return [
    // A count whose window has passed is as good as none: forgotten, so the table holds the last hour's clients only.
    { sql: 'DELETE FROM booking_counts WHERE window_start <= ? - ?', args: [at, windowMs] },
    ...keys.map((key): InStatement => ({
      sql: `INSERT INTO booking_counts (key, window_start, count) VALUES (?1, ?2, 1)
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
                window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END`,
      args: [key, at, windowMs],
    })),
  ];
}

export type StoreResult =
  | { outcome: 'stored'; id: string }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'address-limit' | 'site-limit'; retryAfterMs: number }
  | { outcome: 'full' };

export type VisitorValues = Record<(typeof SAME)[number], string>;

export interface BookingStore {
  /**
   * Counts and stores a valid request from `network` (clientNetwork of its address), with its e-mail notice in the
   * outbox when `notify` (mail is configured): turning mail on later does not send a backlog of old requests.
   */
  add(values: VisitorValues, network: string, notify: boolean): Promise<StoreResult>;
}

export function bookingStore(db: Database, limits: BookingLimits = BOOKING_LIMITS, now: () => number = Date.now): BookingStore {
  return {
    async add(values, network, notify) {
      const at = now();
      const id = randomUUID();
      const value = { ...values, status: bookings.fields.status.options[0], receivedAt: new Date(at).toISOString() };
      const keys = [`address:${network}`, 'site'];
      const same = SAME.map((field) => `json_extract(data, '$.${field}') = ?`).join(' AND ');
      const sameArgs = SAME.map((field) => values[field]);
      const statements: InStatement[] = [
        ...countStatements(keys, at, limits.windowMs),
        {
          sql: `INSERT INTO list_items (kind, id, data, position, created_at)
                SELECT ?, ?, json(?), (SELECT coalesce(max(position), -1) + 1 FROM list_items WHERE kind = ?), ?
                WHERE (SELECT count FROM booking_counts WHERE key = ?) <= ?
                  AND (SELECT count FROM booking_counts WHERE key = 'site') <= ?
                  AND (SELECT count(*) FROM list_items WHERE kind = ?) < ?
                  AND NOT EXISTS (SELECT 1 FROM list_items WHERE kind = ? AND ${same})`,
          args: [
            bookings.name,
            id,
            JSON.stringify(value),
            bookings.name,
            at,
            keys[0]!,
            limits.perAddress,
            limits.perSite,
            bookings.name,
            bookings.max,
            bookings.name,
            ...sameArgs,
          ],
        },
        // Its first version (none when it was not stored: the version reads the row) and its notice, in the same transaction.
        ...versionStatements(bookings.name, id, 'create', changedFields(undefined, value), ITEM_VALUE, [bookings.name, id]),
        {
          sql: `INSERT INTO booking_outbox (booking_id, state, created_at, next_attempt_at)
                SELECT ?1, 'pending', ?2, ?2 WHERE ?4 AND EXISTS (SELECT 1 FROM list_items WHERE kind = ?3 AND id = ?1)`,
          args: [id, at, bookings.name, notify ? 1 : 0],
        },
        { sql: `SELECT id FROM list_items WHERE kind = ? AND ${same} LIMIT 1`, args: [bookings.name, ...sameArgs] },
        { sql: 'SELECT key, window_start, count FROM booking_counts WHERE key IN (?, ?)', args: keys },
      ];
      const results = await db.client.batch(statements, 'write');
      const inserted = results[keys.length + 1]!.rowsAffected === 1;
      if (inserted) return { outcome: 'stored', id };
      const existing = results[results.length - 2]!.rows[0];
      if (existing) return { outcome: 'duplicate', id: String(existing.id) };
      const counts = new Map(results.at(-1)!.rows.map((r) => [String(r.key), { start: Number(r.window_start), count: Number(r.count) }]));
      const retry = (key: string) => Math.max(1000, counts.get(key)!.start + limits.windowMs - at);
      if (counts.get(keys[0]!)!.count > limits.perAddress) return { outcome: 'address-limit', retryAfterMs: retry(keys[0]!) };
      if (counts.get('site')!.count > limits.perSite) return { outcome: 'site-limit', retryAfterMs: retry('site') };
      return { outcome: 'full' };
    },
  };
}
