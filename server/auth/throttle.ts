/**
 * Sign-in throttling (docs/decisions/0016-sign-in-abuse.md), kept in the database so a restart does
 * not reset it.
 *
 * Each attempt is counted before its password is checked, in one write transaction over all its keys,
 * so a burst of concurrent attempts cannot all pass a check that ran before any of them had failed.
 * The attempt that reaches a key's limit locks it; each attempt after a lock has passed locks it again
 * for twice as long (for accounts and addresses: 2, 4, 8, then 15 minutes). A key's count is forgotten
 * after FORGET_MS without an attempt. A success clears the account's or device's count and takes its
 * own attempt back from the address's.
 */
import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { InStatement } from '@libsql/client';
import type { Database } from '../db/client';
import { normalEmail } from './email';

export interface KeyPolicy {
  limit: number;
  /** The lock set by the attempt that reaches the limit; each later one doubles it. */
  firstLockMs: number;
  maxLockMs: number;
}

const MINUTE = 60_000;

export const POLICY = {
  /** Unknown clients (no trusted device cookie) signing in to one account. */
  account: { limit: 5, firstLockMs: 2 * MINUTE, maxLockMs: 15 * MINUTE },
  /** One client address (an IPv6 client's /64). */
  address: { limit: 20, firstLockMs: 2 * MINUTE, maxLockMs: 15 * MINUTE },
  /** A browser with a device cookie: its own small budget; spent, the cookie is not trusted for a day. */
  device: { limit: 5, firstLockMs: 24 * 60 * MINUTE, maxLockMs: 24 * 60 * MINUTE },
} satisfies Record<string, KeyPolicy>;

/** A key's count is forgotten after this long without an attempt (longer than any lock but the device's). */
export const FORGET_MS = 60 * MINUTE;

/** Kept for the tests and the README's figures. */
export const THROTTLE = { accountLimit: POLICY.account.limit, addressLimit: POLICY.address.limit, deviceLimit: POLICY.device.limit };

export const accountKey = (email: string) => `account:${normalEmail(email)}`;
export const deviceKey = (nonce: string) => `device:${nonce}`;
export const addressKey = (ip: string) => `address:${clientNetwork(ip)}`;

/**
 * The part of a client address that one client controls: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber usually has a whole /64, so counting single IPv6 addresses would let it
 * try 2^64 times). IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as the IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with :: expanded and a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export interface ThrottleKey {
  key: string;
  policy: KeyPolicy;
}

export type Attempt =
  | {
      allowed: true;
      /**
       * What a success writes (the account's or device's count cleared, the address's given back), for
       * the caller to put in the transaction it writes anyway (a sign-in's new session): no extra fsync.
       */
      success: InStatement[];
    }
  | { allowed: false; /** The keys that refused it. */ refusedBy: string[]; waitMs: number };

export interface ThrottleOptions {
  now?: () => number;
  /** Old rows are deleted at most this often (piggybacked on an attempt, in its transaction). */
  pruneEveryMs?: number;
  /** Beyond this many rows, the unlocked rows quiet the longest are deleted. */
  maxRows?: number;
}

export function loginThrottle(db: Database, options: ThrottleOptions = {}) {
  const now = options.now ?? Date.now;
  const pruneEveryMs = options.pruneEveryMs ?? MINUTE;
  const maxRows = options.maxRows ?? 10_000;
  let prunedAt = -Infinity;

  return {
    /**
     * Counts one attempt on every key, or on none when any of them is locked: the check and the count
     * are one transaction, so concurrent attempts see each other's counts.
     */
    async attempt(keys: ThrottleKey[]): Promise<Attempt> {
      const t = now();
      const id = randomUUID();
      const names = keys.map((_, i) => `:k${i}`).join(', ');
      const keyArgs = Object.fromEntries(keys.map((k, i) => [`k${i}`, k.key]));
      // True when no key of this attempt is locked by an earlier one.
      const open = `NOT EXISTS (SELECT 1 FROM login_throttle AS other WHERE other.key IN (${names})
                      AND other.locked_until > :now AND other.attempt IS NOT :id)`;
      const failures = 'CASE WHEN last_at <= :now - :forget THEN 1 ELSE failures + 1 END';
      const lock = (count: string) => `CASE WHEN ${count} >= :limit THEN :now + min(:maxLock, :firstLock << min(${count} - :limit, 30)) ELSE 0 END`;
      const statements = [];
      if (t - pruneEveryMs >= prunedAt) {
        prunedAt = t;
        statements.push(
          { sql: 'DELETE FROM login_throttle WHERE last_at <= ? AND locked_until <= ?', args: [t - FORGET_MS, t] },
          // An attacker who spreads attempts over many addresses and e-mails makes many rows: beyond
          // maxRows, the ones quiet the longest go first (locked ones stay: they protect an account).
          {
            sql: `DELETE FROM login_throttle WHERE key IN (
                    SELECT key FROM login_throttle WHERE locked_until <= ?1 ORDER BY last_at
                    LIMIT max(0, (SELECT count(*) FROM login_throttle) - ?2))`,
            args: [t, maxRows],
          },
        );
      }
      for (const { key, policy } of keys) {
        statements.push({
          sql: `INSERT INTO login_throttle (key, failures, last_at, locked_until, attempt)
                SELECT :key, 1, :now, ${lock('1')}, :id WHERE ${open}
                ON CONFLICT (key) DO UPDATE SET
                  failures = ${failures},
                  last_at = :now,
                  locked_until = ${lock(failures)},
                  attempt = :id
                WHERE ${open}`,
          args: {
            ...keyArgs,
            key,
            now: t,
            id,
            forget: FORGET_MS,
            limit: policy.limit,
            firstLock: policy.firstLockMs,
            maxLock: policy.maxLockMs,
          },
        });
      }
      statements.push({ sql: `SELECT key, locked_until, attempt FROM login_throttle WHERE key IN (${names})`, args: keyArgs });
      const results = await db.client.batch(statements, 'write');
      const rows = results[results.length - 1]!.rows.map((r) => ({ key: String(r.key), until: Number(r.locked_until), attempt: r.attempt }));
      const counted = rows.filter((r) => r.attempt === id);
      if (counted.length === keys.length) {
        return {
          allowed: true,
          success: keys.map(({ key }) =>
            key.startsWith('address:')
              ? {
                  sql: `UPDATE login_throttle SET failures = max(0, failures - 1),
                          locked_until = CASE WHEN attempt = ? THEN 0 ELSE locked_until END WHERE key = ?`,
                  args: [id, key],
                }
              : { sql: 'DELETE FROM login_throttle WHERE key = ?', args: [key] },
          ),
        };
      }
      const refused = rows.filter((r) => r.attempt !== id && r.until > t);
      return { allowed: false, refusedBy: refused.map((r) => r.key), waitMs: Math.max(1000, ...refused.map((r) => r.until - t)) };
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
