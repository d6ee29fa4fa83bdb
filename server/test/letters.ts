/**
 * What the letters' tests share (server/fans): confirmed subscribers put straight into the table (the sign-up is the
 * list's half). The tests' SMTP server is ./smtp.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';

export interface Fan {
  email: string;
  lang: 'en' | 'ro';
  status?: 'waiting' | 'confirmed' | 'unsubscribed' | 'bounced';
}

/** Subscribers, confirmed unless said otherwise, in batches of 500 rows; answers their ids in order. */
export async function addFans(db: Database, fans: Fan[]): Promise<number[]> {
  const at = Date.now();
  for (let i = 0; i < fans.length; i += 500) {
    await db.client.batch(
      fans.slice(i, i + 500).map((f) => ({
        sql: `INSERT INTO subscribers (email, lang, status, token_seed, signed_up_at, source, source_detail, consent_version, consent_text, confirmed_at, confirmed_by, updated_at)
              VALUES (?, ?, ?, ?, ?, 'import', 'csv', 1, 'Letters from the artist', ?, 'import', ?)`,
        args: [f.email, f.lang, f.status ?? 'confirmed', randomBytes(16), at, at, at],
      })),
      'write',
    );
  }
  const rows = (await db.client.execute('SELECT id, email FROM subscribers')).rows;
  const byEmail = new Map(rows.map((r) => [String(r.email).toLowerCase(), Number(r.id)]));
  return fans.map((f) => byEmail.get(f.email.toLowerCase())!);
}

/** `n` people, every other one Romanian: fan0@example.com … */
export const manyFans = (n: number, domain = 'example.com'): Fan[] =>
  Array.from({ length: n }, (_, i) => ({ email: `fan${i}@${domain}`, lang: i % 2 ? 'ro' : 'en' }));
