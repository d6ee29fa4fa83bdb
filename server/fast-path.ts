/**
 * The hot path: GET of the public page or the public content, already rendered, is answered
 * straight from node:http, before Fastify's routing and hooks, with the very same headers, body and
 * log line as the app's routes (it calls the same pieces). Anything else (and any miss) goes to the
 * app. See docs/decisions/0015-page-cache.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../src/content/model';
import { CONTENT_JSON_HEADERS, languageOfRoot, pageReply, ROOT_VARY, type PageCache } from './pages';
import { parseReleasePath } from '../src/content/release-cycle';
import { PAGES } from './render';
import { logRequest } from './request-log';

const LANGUAGE_OF: Record<string, Language> = Object.fromEntries(PAGES.map(({ path, lang }) => [path, lang]));

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
    res.writeHead(200, { ...fast.headers, ...CONTENT_JSON_HEADERS, 'content-length': json.length });
    res.end(json);
  } else {
    // A home page, or a published release's page already rendered (a draft's preview or a 404 never is).
    // The plain address in the visitor's language (Accept-Language), as the app's route answers it.
    const root = url === '/';
    const lang = root ? languageOfRoot(req.headers['accept-language']) : (LANGUAGE_OF[url] ?? parseReleasePath(url)?.lang);
    const page = lang && fast.pages.peekPage(lang, url);
    if (!page) return false;
    const reply = pageReply(page, req.headers['accept-encoding'], req.headers['if-none-match'], root ? ROOT_VARY : undefined);
    status = reply.status;
    res.writeHead(status, { ...fast.headers, ...reply.headers, ...(reply.body ? { 'content-length': reply.body.length } : {}) });
    res.end(reply.body);
  }
  logRequest(fast.log, 'GET', url, status, performance.now() - start, req.socket.remoteAddress);
  return true;
}
