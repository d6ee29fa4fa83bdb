/**
 * HMAC-SHA256 with a key of the server's own, kept in `server_secrets` under `name`: made at first need and kept in
 * the database, so what it signed outlives a restart; INSERT … DO NOTHING and the read in one transaction make two
 * servers on one database agree on one key. The device cookies and the booking form's tokens sign with one each.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from './client';

export function secretSigner(db: Database, name: string, now: () => number = Date.now): (body: string) => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  const key = () =>
    (secret ??= db.client
      .batch(
        [
          {
            sql: 'INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
            args: [name, randomBytes(32), now()],
          },
          { sql: 'SELECT value FROM server_secrets WHERE name = ?', args: [name] },
        ],
        'write',
      )
      .then((results) => Buffer.from(results[1]!.rows[0]!.value as ArrayBuffer))
      .catch((error: unknown) => {
        // A failed read is tried again next time, not kept.
        secret = undefined;
        throw error;
      }));
  return async (body) =>
    createHmac('sha256', await key())
      .update(body)
      .digest();
}
