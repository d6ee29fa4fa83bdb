/**
 * GET /healthz: the process answers. GET /readyz: the database answers and is migrated to this Scena's schema, and
 * the media folder takes a file. Made for a supervisor or a load balancer: no secrets (no path, no address, no
 * version of anything), never cached, not counted as visits (only the page's beacon counts), and their request
 * lines are logged at debug, not info, so a probe every few seconds does not fill the log.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { SCHEMA_VERSION } from '../db/migrations';

export type CheckState = 'ok' | 'fail';

/** Whether the database answers a read and holds every migration this Scena knows. */
export async function databaseReady(db: Database): Promise<CheckState> {
  try {
    const rs = await db.client.execute('SELECT coalesce(max(version), 0) AS v FROM schema_migrations');
    return Number(rs.rows[0]?.v) === SCHEMA_VERSION ? 'ok' : 'fail';
  } catch {
    return 'fail';
  }
}

/**
 * Whether the user running Scena may write into the folder (it must be one). Root may write anywhere: for root, a
 * folder nobody has the write bit on (chmod a-w, e.g. 0500) is read-only too, as it is for the user the server runs as.
 */
export async function folderWritable(dir: string): Promise<CheckState> {
  try {
    await access(dir, constants.W_OK | constants.X_OK);
    const info = await stat(dir);
    if (!info.isDirectory()) return 'fail';
    if (process.getuid?.() === 0 && (info.mode & 0o222) === 0) return 'fail';
    return 'ok';
  } catch {
    return 'fail';
  }
}

const PROBE = { logLevel: 'warn' as const };

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', PROBE, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', PROBE, async (_request, reply) => {
    const { db, config } = app.services;
    const checks = { database: await databaseReady(db), media: await folderWritable(config.mediaDir) };
    const ready = Object.values(checks).every((c) => c === 'ok');
    reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  });
}
