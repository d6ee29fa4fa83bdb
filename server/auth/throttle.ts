/**
 * Sign-in throttling, kept in the database so a restart does not reset it.
 * After ACCOUNT_LIMIT failures for one e-mail, or ADDRESS_LIMIT from one client address, within
 * WINDOW_MS, attempts are refused for LOCK_MS, even with the right password.
 */
import type { Database } from '../db/client';

export const THROTTLE = {
  accountLimit: 5,
  addressLimit: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export function loginThrottle(db: Database, now: () => number = Date.now) {
  const c = db.client;
  return {
    /** Milliseconds until the first of these keys is unlocked, or 0 when none is locked. */
    async lockedFor(keys: string[]): Promise<number> {
      const rs = await c.execute({
        sql: `SELECT max(locked_until) AS until FROM login_throttle WHERE key IN (${keys.map(() => '?').join(',')})`,
        args: keys,
      });
      const until = Number(rs.rows[0]?.until ?? 0);
      return Math.max(0, until - now());
    },
    async fail(keys: { key: string; limit: number }[]): Promise<void> {
      const t = now();
      await db.write(
        keys.map(({ key, limit }) => ({
          sql: `INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES (?1, 1, ?2, 0)
                ON CONFLICT (key) DO UPDATE SET
                  failures = CASE WHEN window_start < ?2 - ?3 THEN 1 ELSE failures + 1 END,
                  window_start = CASE WHEN window_start < ?2 - ?3 THEN ?2 ELSE window_start END,
                  locked_until = CASE WHEN (CASE WHEN window_start < ?2 - ?3 THEN 1 ELSE failures + 1 END) >= ?4
                                      THEN ?2 + ?5 ELSE locked_until END`,
          args: [key, t, THROTTLE.windowMs, limit, THROTTLE.lockMs],
        })),
      );
    },
    async succeed(key: string): Promise<void> {
      await db.write([{ sql: 'DELETE FROM login_throttle WHERE key = ?', args: [key] }]);
    },
  };
}
