/**
 * Opens the database: a local SQLite file (the default, under ./data) or a libsql server.
 * See docs/decisions/0100-sqlite-driver.md for why @libsql/client and why one connection.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type InStatement } from '@libsql/client';
import { migrate } from './migrations';

export interface Database {
  client: Client;
  /** The file path when the database is a local file; undefined for a remote libsql server. */
  file?: string;
  /** Runs statements as one write transaction (BEGIN IMMEDIATE … COMMIT): all or nothing. */
  write(statements: InStatement[]): Promise<void>;
  close(): void;
}

/** The path of a file: URL, or undefined for remote URLs. */
export function localPath(url: string): string | undefined {
  if (!/^file:/i.test(url)) return undefined;
  const rest = url.slice(5);
  // file:/abs, file:///abs, file:relative
  if (rest.startsWith('//')) return fileURLToPath(url);
  return rest.split('?')[0];
}

/**
 * Durability: WAL journal with synchronous=FULL. A commit is acknowledged only after the WAL
 * is fsynced, so neither a killed process (SIGKILL) nor a power cut loses an acknowledged write.
 */
export const PRAGMAS = ['PRAGMA journal_mode=WAL', 'PRAGMA synchronous=FULL', 'PRAGMA busy_timeout=5000', 'PRAGMA foreign_keys=ON'];

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const file = localPath(url);
  if (file && file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // One connection: the per-connection pragmas below then hold for every statement.
  const client = createClient({ url, authToken, concurrency: 1, intMode: 'number' });
  if (file) {
    for (const pragma of PRAGMAS) await client.execute(pragma);
  }
  const db: Database = {
    client,
    file,
    async write(statements) {
      await client.batch(statements, 'write');
    },
    close: () => client.close(),
  };
  await migrate(db);
  return db;
}
