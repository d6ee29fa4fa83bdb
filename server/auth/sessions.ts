/**
 * Server-side sessions (docs/decisions/0013-sessions.md): a random 256-bit token in the cookie,
 * only its SHA-256 in the database; new at each sign-in, deleted at sign-out,
 * with an idle and an absolute expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { Database } from '../db/client';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface SessionAccount {
  accountId: number;
  email: string;
}

/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

/** What the database keeps of a session token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest();

export function sessionStore(db: Database, policy: SessionPolicy) {
  const c = db.client;
  return {
    /** `also`: statements to commit in the same transaction (the sign-in's throttle success). */
    async create(accountId: number, also: InStatement[] = []): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db.write([
        // Expired sessions of anyone are swept here rather than by a timer.
        { sql: 'DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?', args: [now - policy.idleMs, now - policy.maxMs] },
        { sql: 'INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', args: [tokenDigest(token), accountId, now, now] },
        ...also,
      ]);
      return token;
    },
    async find(token: string): Promise<SessionAccount | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const hash = tokenDigest(token);
      const row = (
        await c.execute({
          sql: 'SELECT s.account_id, s.created_at, s.last_seen_at, a.email FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?',
          args: [hash],
        })
      ).rows[0];
      if (!row) return undefined;
      const now = Date.now();
      const lastSeen = Number(row.last_seen_at);
      if (now - lastSeen > policy.idleMs || now - Number(row.created_at) > policy.maxMs) {
        await db.write([{ sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [hash] }]);
        return undefined;
      }
      if (now - lastSeen > TOUCH_EVERY_MS) {
        await db.write([{ sql: 'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', args: [now, hash] }]);
      }
      return { accountId: Number(row.account_id), email: String(row.email) };
    },
    async revoke(token: string): Promise<void> {
      await db.write([{ sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [tokenDigest(token)] }]);
    },
    /** Ends every session of the account ("sign out everywhere"); returns how many there were. */
    async revokeAll(accountId: number): Promise<number> {
      const [result] = await c.batch([{ sql: 'DELETE FROM sessions WHERE account_id = ?', args: [accountId] }], 'write');
      return result!.rowsAffected;
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
