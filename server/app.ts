/**
 * Builds the whole server (API, pages, static files) without listening: tests call it in-process
 * with app.inject; server/index.ts listens.
 */
import { createServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { contentRepo, type ContentRepo } from './db/content-repo';
import { sessionStore, type SessionStore } from './auth/sessions';
import { loginThrottle } from './auth/throttle';
import { HttpError } from './errors';
import { loadSite, pageCache, type PageCache, type Site } from './pages';
import { authRoutes } from './routes/auth';
import { contentRoutes } from './routes/content';
import { pageRoutes } from './routes/pages';
import { baseHeaders, contentSecurityPolicy, inlineStyleHashes, sameOriginJson, securityHeaders } from './security';
import { serveFast, type FastPath } from './fast-path';
import { markActivity } from './idle-gc';
import { logRequest } from './request-log';

export interface Services {
  config: Config;
  db: Database;
  content: ContentRepo;
  sessions: SessionStore;
  throttle: ReturnType<typeof loginThrottle>;
  site?: Site;
  pages: PageCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** Where the request log goes (default: stdout). */
  logStream?: NodeJS.WritableStream;
}

/** Nothing secret reaches the log even if a later change logs a request or an error object. */
export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password', '*.password', 'token'];

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  // Filled in below once the page cache exists; until then every request goes to the app.
  let fast: FastPath | undefined;
  const app: FastifyInstance = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) => {
        markActivity();
        if (!fast || !serveFast(fast, req, res)) handler(req, res);
      }),
    logger,
    // A hop count becomes a function: fastify's types take booleans, lists and functions.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // Fastify's own two lines per request are off: onResponse below writes one line instead.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  app.addHook('onClose', async () => db.close());
  const content = contentRepo(db);
  const site = await loadSite(config.distDir);
  const services: Services = {
    config,
    db,
    content,
    sessions: sessionStore(db, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
    throttle: loginThrottle(db),
    site,
    pages: pageCache(site, content),
  };
  app.decorate('services', services);
  await app.register(fastifyCookie);

  // Only JSON bodies are parsed: a form post (urlencoded, multipart, text/plain) never reaches a route.
  app.removeContentTypeParser('text/plain');

  const csp = contentSecurityPolicy(site ? inlineStyleHashes(site.template + (site.adminTemplate ?? '')) : []);
  const headers = securityHeaders(csp);
  // With a trusted proxy the protocol (HSTS) depends on X-Forwarded-Proto: keep those requests in the app.
  // The fast path's access log has no redaction: its lines hold only method, fixed path, status, time
  // and address, never a header or body; redaction cost 5–7 µs a line (a tenth of the request).
  if (config.trustProxy === false) fast = { pages: services.pages, headers: baseHeaders(csp), log: app.log.child({}, { redact: [] }) };
  app.addHook('onRequest', async (request, reply) => {
    headers(request, reply);
    if (request.url.startsWith('/api/admin/') || request.url.startsWith('/api/session')) reply.header('cache-control', 'no-store');
    sameOriginJson(request);
  });

  // One structured line per request; no headers, no bodies, so no password or token.
  app.addHook('onResponse', async (request, reply) => {
    logRequest(request.log, request.method, request.url.split('?')[0]!, reply.statusCode, reply.elapsedTime, request.ip);
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string; problems?: unknown }, request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, 'request failed');
      return reply.code(status).send({ error: 'Something went wrong on the server.' });
    }
    const body: Record<string, unknown> = { error: error.message || 'Bad request' };
    if (error instanceof HttpError) {
      if (error.code) body.code = error.code;
      if (error.field) body.field = error.field;
      if (error.problems) body.problems = error.problems;
    } else if (error.code) {
      body.code = error.code;
    }
    return reply.code(status).send(body);
  });

  const apiNotFound = async (_request: unknown, reply: FastifyReply) => reply.code(404).send({ error: 'Not found', code: 'not-found' });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return apiNotFound(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });
  // Unknown API addresses never reach the static files' wildcard (and its file-system look-ups).
  app.all('/api/*', apiNotFound);

  authRoutes(app, services);
  contentRoutes(app, services);
  pageRoutes(app, services);
  return app;
}
