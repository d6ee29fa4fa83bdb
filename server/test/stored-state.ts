/**
 * What is stored, read as text to compare before and after a request that was refused (nothing may change): the
 * content (singletons and lists, generic over the kinds) in one query, and, for the tests that reach beyond the
 * content, every row of the other tables named.
 */
import type { Database } from '../db/client';

/** Everything stored of the content, read in one query: compared before and after each refused request. Generic over the kinds. */
export const STATE_SQL = `SELECT json_object(
  'version', (SELECT version FROM content_version),
  'singletons', (SELECT json_group_object(kind, json(data)) FROM singletons),
  'lists', (SELECT json_group_array(json_array(kind, id, json(data), position, created_at)) FROM (SELECT * FROM list_items ORDER BY kind, id))
) AS s`;

/** The content's state (STATE_SQL), then each of `tables` row by row (sorted: some tables have no rowid; blobs as hex). */
export async function storedState(db: Database, tables: readonly string[] = []): Promise<string> {
  const parts = [String((await db.client.execute(STATE_SQL)).rows[0]!.s)];
  for (const table of tables) {
    const rows = (await db.client.execute(`SELECT * FROM ${table}`)).rows.map((row) =>
      JSON.stringify(row, (_key, value: unknown) =>
        value instanceof ArrayBuffer ? Buffer.from(value).toString('hex') : typeof value === 'bigint' ? String(value) : value,
      ),
    );
    parts.push(`${table}: ${rows.sort().join('\n')}`);
  }
  return parts.join('\n');
}
