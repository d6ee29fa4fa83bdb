/**
 * What the last requests carried, for the doctor's TRUST_PROXY check: how many came with X-Forwarded-For and how many
 * without, and whether their peer was on this machine. Counts only: no address, no header value is kept. Written to
 * the database at most once a minute (and at close), read by `npm run admin -- doctor`.
 */
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../config';
import type { Database } from '../db/database';
import { shared } from '../plugins/shared';

export interface ProxySeen {
  /** Requests whose peer sent X-Forwarded-For. */
  forwarded: number;
  /** Requests without it. */
  direct: number;
  /** Of the forwarded ones, how many came from a peer on this machine (a local proxy). */
  forwardedFromLoopback: number;
  since: number;
  at: number;
}

export async function ensureOpsState(db: Database): Promise<void> {
  await db.client.execute('CREATE TABLE IF NOT EXISTS ops_state (key TEXT PRIMARY KEY, value TEXT NOT NULL, at INTEGER NOT NULL) STRICT');
}

export async function readProxySeen(db: Database): Promise<ProxySeen | undefined> {
  await ensureOpsState(db);
  const row = (await db.client.execute("SELECT value FROM ops_state WHERE key = 'proxy-seen'")).rows[0];
  return row ? (JSON.parse(String(row.value)) as ProxySeen) : undefined;
}

const WRITE_EVERY_MS = 60_000;

export const proxySeenPlugin = shared('scena-proxy-seen', async (app: FastifyInstance) => {
  const db = app.services.db;
  await ensureOpsState(db);
  let counts: ProxySeen = { forwarded: 0, direct: 0, forwardedFromLoopback: 0, since: Date.now(), at: 0 };
  let written = 0;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  const write = () => (writing = writing.then(save));
  const save = async () => {
    if (!dirty) return;
    dirty = false;
    written = Date.now();
    counts = { ...counts, at: written };
    await db.client
      .execute({ sql: "INSERT OR REPLACE INTO ops_state (key, value, at) VALUES ('proxy-seen', ?, ?)", args: [JSON.stringify(counts), written] })
      .catch(() => undefined);
  };
  app.addHook('onRequest', async (request) => {
    if (request.raw.headers['x-forwarded-for'] === undefined) counts.direct++;
    else {
      counts.forwarded++;
      if (isLoopbackHost((request.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, ''))) counts.forwardedFromLoopback++;
    }
    dirty = true;
    // A window of the last hours, not all time: the doctor asks about now.
    if (counts.forwarded + counts.direct > 10_000) counts = { forwarded: 0, direct: 0, forwardedFromLoopback: 0, since: Date.now(), at: 0 };
    if (Date.now() - written > WRITE_EVERY_MS) void write();
  });
  app.addHook('preClose', async () => {
    await write();
  });
});
