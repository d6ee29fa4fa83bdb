/**
 * Opens the database: a local SQLite file (the default, under ./data) or a libsql server.
 * See docs/decisions/0012-sqlite-driver.md for why @libsql/client and why one connection.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import type { Database } from './database';
import { migrate, schemaVersion, SCHEMA_VERSION } from './migrations';

export type { Database } from './database';

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
/**
 * secure_delete: what is deleted is overwritten with zeros in the file, so a deleted row cannot be read
 * back from it (the audience's salt of a day that is over, an ended session's hash, expired raw events:
 * docs/decisions/0026-audience-without-cookies.md).
 */
export const BUSY_TIMEOUT_MS = 5000;
// busy_timeout first: the WAL pragma takes a lock, and a server opening the file while another connection holds one
// (a restart after a kill, recovering the WAL beside a reader: seen in CI on Node 24) failed at once without it.
export const PRAGMAS = [
  `PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`,
  'PRAGMA journal_mode=WAL',
  'PRAGMA synchronous=FULL',
  'PRAGMA foreign_keys=ON',
  'PRAGMA secure_delete=ON',
];

/** The database and the files SQLite keeps beside it. */
export const DATABASE_FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

function warn(message: string) {
  process.emitWarning(message, { code: 'SCENA_DATA_PERMISSIONS' });
}

/** Narrows a file or folder Scena owns to `mode`; says so when it cannot (another user's file). */
function narrow(path: string, mode: number) {
  if (!existsSync(path)) return;
  const current = statSync(path).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    warn(`${path} is open to other users (mode ${current.toString(8)}) and could not be narrowed to ${mode.toString(8)}: ${(error as Error).message}`);
  }
}

/**
 * The database holds the admin's password hashes: only the user running Scena may read it.
 * The folder is made 0700 when Scena creates it, or when it holds nothing but the database (a folder
 * of its own, like ./data); a folder shared with other files (/srv, a home folder) is left as it
 * is, with a warning if others may write into it (they could replace the database). The files are
 * Scena's own: made 0600 at every open, the database before SQLite first opens it (SQLite gives its
 * -wal and -shm files the database file's mode). See docs/decisions/0017-the-admins-own-safety.md.
 */
export function secureDataFiles(file: string): void {
  const folder = dirname(file);
  const created = mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  if (!created) {
    const own = new Set(DATABASE_FILE_SUFFIXES.map((suffix) => `${basename(file)}${suffix}`));
    if (readdirSync(folder).every((name) => own.has(name))) narrow(folder, PRIVATE_FOLDER);
    else {
      const info = statSync(folder);
      if ((info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0) {
        warn(
          `${folder} can be written by other users (mode ${(info.mode & 0o777).toString(8)}): they could replace the database. Keep the database in a folder of its own, or run: chmod 700 ${folder}`,
        );
      }
    }
  }
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  narrowDatabaseFiles(file);
}

function narrowDatabaseFiles(file: string) {
  for (const suffix of DATABASE_FILE_SUFFIXES) narrow(`${file}${suffix}`, PRIVATE_FILE);
}

export interface OpenOptions {
  /**
   * Runs on this connection before an older database (schema 1 to SCHEMA_VERSION - 1) is migrated: the server's backup
   * of it as it is (server/ops/update.ts). On the same connection: a second one in the same process must not be opened.
   */
  beforeMigrate?: (db: Database, from: number) => Promise<void>;
}

/** The client's calls that run SQL on the connection (the others only read its state or close it). */
const SQL_CALLS = new Set<PropertyKey>(['execute', 'batch', 'executeMultiple', 'transaction', 'migrate']);

/**
 * Another program holding the write lock past BUSY_TIMEOUT_MS (an `sqlite3` shell left in a transaction) makes a call
 * fail with SQLITE_BUSY, answered 503 database-busy (errors.ts). libsql then leaves the failed statement in progress on
 * its connection, and every later write fails ("cannot commit transaction - SQL statements in progress") until the
 * process restarts. So after a busy error the connection is closed and opened again, with PRAGMAS, before the next
 * call. Modules keep `db.client` for the app's lifetime: this is one object, a proxy over the current connection.
 */
function reopenedAfterBusy(first: Client, connect: () => Promise<Client>): Client {
  let current = first;
  let ready: Promise<void> | undefined;
  const reopen = () => {
    ready ??= (async () => {
      const broken = current;
      try {
        current = await connect();
      } finally {
        ready = undefined;
      }
      broken.close();
    })();
    return ready;
  };
  return new Proxy(first, {
    get(_target, property) {
      if (SQL_CALLS.has(property)) {
        return async (...args: unknown[]) => {
          if (ready) await ready;
          const call = Reflect.get(current, property) as (...a: unknown[]) => Promise<unknown>;
          try {
            return await call.apply(current, args);
          } catch (error) {
            if ((error as { code?: string }).code === 'SQLITE_BUSY') await reopen().catch(() => undefined);
            throw error;
          }
        };
      }
      const value: unknown = Reflect.get(current, property);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}

export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  const file = localPath(url);
  if (file && file !== ':memory:') secureDataFiles(file);
  // One connection: the per-connection pragmas below then hold for every statement.
  const connect = async () => {
    const connection = createClient({ url, authToken, concurrency: 1, intMode: 'number' });
    if (file) {
      for (const pragma of PRAGMAS) await connection.execute(pragma);
    }
    return connection;
  };
  const first = await connect();
  // A file's connection is opened again after a busy error (reopenedAfterBusy); an in-memory one would lose its data.
  const client = file && file !== ':memory:' ? reopenedAfterBusy(first, connect) : first;
  const db: Database = {
    client,
    file,
    async write(statements) {
      await client.batch(statements, 'write');
    },
    close: () => client.close(),
  };
  if (options.beforeMigrate) {
    const from = await schemaVersion(db);
    if (from > 0 && from < SCHEMA_VERSION) await options.beforeMigrate(db, from);
  }
  await migrate(db);
  // Files an older Scena (or another tool) left wider are narrowed above; this catches a -wal or
  // -shm that SQLite created from a database file whose mode could not be changed.
  if (file && file !== ':memory:') narrowDatabaseFiles(file);
  return db;
}
