/**
 * The hot path: GET of the public page or the public content, already rendered and current, is
 * answered straight from node:http, before Fastify's routing and hooks, with the very same headers,
 * body and log line. Anything else (and any miss) goes to the app. See docs/decisions/0103-page-cache.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../src/content/model';
import type { PageCache, RenderedPage } from './pages';
import { pickEncoding } from './routes/pages';

const PAGES: Record<string, Language> = { '/': 'en', '/en/': 'en', '/ro/': 'ro' };

export interface FastPath {
  pages: PageCache;
  /** The headers every response carries (security headers for plain HTTP). */
  headers: Record<string, string>;
  log: FastifyBaseLogger;
}

/** True when it answered. Only for plain HTTP with no trusted proxy: then the protocol is known. */
export function serveFast(fast: FastPath, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET') return false;
  const url = req.url ?? '';
  const start = performance.now();
  let status = 200;
  if (url === '/api/content') {
    const json = fast.pages.peekContentJson();
    if (!json) return false;
    res.writeHead(200, { ...fast.headers, 'cache-control': 'no-cache', 'content-type': 'application/json; charset=utf-8', 'content-length': json.length });
    res.end(json);
  } else {
    const lang = PAGES[url];
    const page: RenderedPage | undefined = lang && fast.pages.peekPage(lang, url);
    if (!page) return false;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
    const headers: Record<string, string | number> = {
      ...fast.headers,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      etag,
      'content-type': 'text/html; charset=utf-8',
    };
    if (req.headers['if-none-match'] === etag) {
      status = 304;
      res.writeHead(304, headers);
      res.end();
    } else {
      const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    }
  }
  fast.log.info({ method: 'GET', url, status, ms: Math.round((performance.now() - start) * 10) / 10, ip: req.socket.remoteAddress }, 'request');
  return true;
}
