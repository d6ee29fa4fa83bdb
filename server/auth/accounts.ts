/** Admin accounts: created and reset from the command line only (server/cli.ts). */
import type { InStatement } from '@libsql/client';
import type { Database } from '../db/client';
import { normalEmail } from './email';
import { hashPassword, passwordProblem } from './password';
import { accountKey } from './throttle';
import { isEmail } from '../../src/content/model';

export interface Account {
  id: number;
  email: string;
  passwordHash: string;
}

export class AccountError extends Error {
  override name = 'AccountError';
}

export async function findAccount(db: Database, email: string): Promise<Account | undefined> {
  const row = (await db.client.execute({ sql: 'SELECT id, email, password_hash FROM accounts WHERE email = ? COLLATE NOCASE', args: [email] })).rows[0];
  return row ? { id: Number(row.id), email: String(row.email), passwordHash: String(row.password_hash) } : undefined;
}

export async function createAccount(db: Database, email: string, password: string): Promise<void> {
  const address = email.trim();
  if (!isEmail(address)) throw new AccountError(`"${email}" is not an e-mail address.`);
  const problem = passwordProblem(password, address);
  if (problem) throw new AccountError(problem);
  if (await findAccount(db, address)) throw new AccountError(`An account for ${address} already exists: use reset-password to change its password.`);
  const now = Date.now();
  await db.write([
    {
      sql: 'INSERT INTO accounts (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)',
      args: [normalEmail(address), await hashPassword(password), now, now],
    },
  ]);
}

/** Sets a new password and signs the account out everywhere. */
export async function resetPassword(db: Database, email: string, password: string): Promise<void> {
  const account = await findAccount(db, email.trim());
  if (!account) throw new AccountError(`There is no account for ${email}: use create to make one.`);
  const problem = passwordProblem(password, account.email);
  if (problem) throw new AccountError(problem);
  await db.write([
    { sql: 'UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?', args: [await hashPassword(password), Date.now(), account.id] },
    { sql: 'DELETE FROM sessions WHERE account_id = ?', args: [account.id] },
  ]);
  await db.write([{ sql: 'DELETE FROM login_throttle WHERE key = ?', args: [accountKey(account.email)] }]);
}

/**
 * The admin's own password change: the new hash, and every other session of the account ended in the
 * same transaction (the one making the change stays). Returns how many sessions ended.
 */
export async function changePassword(
  db: Database,
  accountId: number,
  passwordHash: string,
  keepSession: Uint8Array,
  also: InStatement[] = [],
): Promise<number> {
  const results = await db.client.batch(
    [
      ...also,
      { sql: 'UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?', args: [passwordHash, Date.now(), accountId] },
      { sql: 'DELETE FROM sessions WHERE account_id = ? AND token_hash != ?', args: [accountId, keepSession] },
    ],
    'write',
  );
  return results[also.length + 1]!.rowsAffected;
}

export async function hasAccount(db: Database, email: string): Promise<boolean> {
  return Boolean(await findAccount(db, email));
}
