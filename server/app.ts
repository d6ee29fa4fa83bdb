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
import { deviceCookies, type DeviceCookies } from './auth/device-cookie';
import { HASH_QUEUE_DEFAULTS, hashQueue, type HashQueue, type HashQueueOptions } from './auth/hash-queue';
import { sessionStore, type SessionStore } from './auth/sessions';
import { loginThrottle, type LoginThrottle } from './auth/throttle';
import { HttpError } from './errors';
import { BODY_LIMITS, MAX_JSON_DEPTH, bodyLimitFor, nestsDeeperThan } from './json-body';
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
  throttle: LoginThrottle;
  /** Bounds the argon2 work done at once (server/auth/hash-queue.ts). */
  hashing: HashQueue;
  devices: DeviceCookies;
  site?: Site;
  pages: PageCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The HTTP server's time limits. Node checks the header and request limits only every
 * connectionsCheckingInterval (30 s by default), so that is set too.
 */
export interface ServerTimeouts {
  /** A client that has not sent all its headers by then is answered 408 and dropped. */
  headersTimeout: number;
  /** The same for the whole request, body included. */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeout: 20_000,
  // The largest body (a list's order, 256 KB) takes under a second even on a slow phone line.
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
};

export interface BuildOptions {
  /** Where the request log goes (default: stdout). */
  logStream?: NodeJS.WritableStream;
  /** Shorter time limits for tests; the defaults are SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
  hashing?: HashQueueOptions;
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
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app: FastifyInstance = Fastify({
    // With a serverFactory Fastify sets none of the server's time limits: they are set here, or a client
    // that trickles its headers keeps its connection (and a file descriptor) for Node's 60 s to 300 s.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: timeouts.headersTimeout,
          requestTimeout: timeouts.requestTimeout,
          connectionsCheckingInterval: timeouts.connectionsCheckingInterval,
        },
        (req, res) => {
          markActivity();
          if (!fast || !serveFast(fast, req, res)) handler(req, res);
        },
      );
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      return server;
    },
    logger,
    // A hop count becomes a function: fastify's types take booleans, lists and functions.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Routes that take more say so (onRoute below); a body over its route's limit is refused (413)
    // while it is read, before any other work.
    bodyLimit: BODY_LIMITS.default,
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
    hashing: hashQueue(options.hashing ?? HASH_QUEUE_DEFAULTS),
    devices: deviceCookies(db),
    site,
    pages: pageCache(site, content),
  };
  app.decorate('services', services);
  await app.register(fastifyCookie);

  // Only JSON bodies are parsed: a form post (urlencoded, multipart, text/plain) never reaches a route.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than any body the model takes is refused before JSON.parse, by a linear scan:
  // a 200 KB body of nested arrays would otherwise make every later walk over it deep (it made the
  // old recursive check overflow the stack: 500 after 0.4 s). Then Fastify's own parser, which also
  // refuses __proto__ and constructor keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, 'too-deep'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  // Body limits per route, also for routes declared elsewhere (content writes), unless a route sets its own.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitFor(route.method, route.url ?? route.path);
  });

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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? BODY_LIMITS.default;
      return reply.code(413).send({ error: `The request body is too large: at most ${limit / 1024} KB here.`, code: 'too-large' });
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
