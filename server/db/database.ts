/**
 * The open database as the rest of the server sees it. Its own module so that the migrations
 * (which client.ts runs at open) need not import client.ts back.
 */
import type { Client, InStatement } from '@libsql/client';

export interface Database {
  client: Client;
  /** The file path when the database is a local file; undefined for a remote libsql server. */
  file?: string;
  /** Runs statements as one write transaction (BEGIN IMMEDIATE … COMMIT): all or nothing. */
  write(statements: InStatement[]): Promise<void>;
  close(): void;
}
