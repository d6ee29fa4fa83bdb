import type { FastifyBaseLogger } from 'fastify';

/**
 * The one structured line per request, the same from the app and from the fast path. It names no
 * header and no body, so no password or session token can reach the log.
 */
export function logRequest(log: FastifyBaseLogger, method: string, url: string, status: number, ms: number, ip: string | undefined): void {
  log.info({ method, url, status, ms: Math.round(ms * 10) / 10, ip }, 'request');
}
