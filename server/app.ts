/**
 * Builds the whole server (API, pages, static files) without listening: tests call it in-process
 * with app.inject; server/index.ts listens.
 */
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { HashQueueOptions } from './auth/hash-queue';
import { BODY_LIMITS } from './json-body';
import { serveFast, type FastPath } from './fast-path';
import { clientError, errorHandler } from './errors';
import { markActivity } from './idle-gc';
import { lingerOnClose } from './linger';
import { adminGuard } from './plugins/admin-guard';
import { httpPlugin, publicCsp } from './plugins/http';
import { servicesPlugin, type AudienceOptions, type BookingOptions, type FansOptions, type LettersOptions } from './plugins/services';
import { audienceReport, eventRoute } from './routes/audience';
import { audioRoutes } from './routes/audio';
import { accountRoutes, sessionRoutes } from './routes/auth';
import { bookingAdminRoutes, bookingRoutes } from './routes/booking';
import { fansAdminRoutes, fansRoutes } from './routes/fans';
import { contentReads, contentWrites } from './routes/content';
import { mediaFilesRoute, mediaUpload, pieceUploads } from './routes/media';
import { pageRoutes } from './routes/pages';
import { linkRoutes } from './routes/links';
import { pressRoutes } from './routes/press';
import { letterAdminRoutes } from './routes/letters';
import { healthRoutes } from './ops/health';
import { opsAdminRoutes } from './ops/routes';
import { proxySeenPlugin } from './ops/proxy-seen';
import { baseHeaders } from './security';

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
  /** Booking requests' limits, the outbox's timing and their clock (tests); the defaults are the decision's (0025). */
  booking?: BookingOptions;
  /** Fan numbers' clock, limits and maintenance (tests, the bench). */
  audience?: AudienceOptions;
  /** The own list's sign-up limits and clock (tests). */
  fans?: FansOptions;
  /** Letters' clock and timing (tests). */
  letters?: LettersOptions;
  /**
   * Registered before any route, so its onRoute hook sees every one: the API description's generator
   * (server/openapi.ts, `npm run openapi`) and its tests. The running server never has one.
   */
  describe?: (app: FastifyInstance) => Promise<void>;
}

/** Nothing secret reaches the log even if a later change logs a request or an error object. */
export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password', '*.password', 'token'];

/** The admin's writes that can change which beat previews are needed: samples, settings (the tag), audio, uploads, their restores. */
const PREVIEW_WRITES = /^\/api\/admin\/(?:history\/)?(?:samples|settings|audio|media|uploads)(?:[/?]|$)/;

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
          // A refusal sent while the body is still coming reaches the client (linger.ts, RFC 9112 §9.6).
          lingerOnClose(req);
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
    // What Fastify and Node refuse before any route (a broken %-escape, a request too slow or too
    // large to read) is answered from the same table as the rest (errors.ts).
    frameworkErrors: errorHandler,
    clientErrorHandler: clientError,
  });

  if (options.describe) await options.describe(app);
  // The plugins, in load order: the services (decorated once, as app.services); the rules every
  // request meets; then the routes. Every /api/admin route is in one plugin behind one guard.
  await app.register(servicesPlugin, {
    config,
    hashing: options.hashing,
    booking: options.booking,
    audience: options.audience,
    fans: options.fans,
    letters: options.letters,
  });
  const { site, pages } = app.services;
  const csp = publicCsp(site);
  await app.register(httpPlugin, { csp });
  await app.register(proxySeenPlugin);
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(contentReads);
  await app.register(bookingRoutes);
  await app.register(fansRoutes);
  await app.register(eventRoute);
  await app.register(
    async (admin) => {
      await admin.register(adminGuard);
      // A write that may change which beat previews the content needs (a sample, the producer tag, an audio item, a
      // restore): the audio library makes the missing ones and removes the unused (docs/decisions/0027).
      admin.addHook('onResponse', async (request, reply) => {
        if (request.method !== 'GET' && reply.statusCode < 300 && PREVIEW_WRITES.test(request.url)) app.services.media.audio.sync();
      });
      // A release written (ticked "Write to my fans", published, re-dated): its letter is drafted or queued now.
      admin.addHook('onResponse', async (request, reply) => {
        if (request.method !== 'GET' && reply.statusCode < 300 && /^\/api\/admin\/(?:history\/)?releases(?:[/?]|$)/.test(request.url))
          void app.services.letters.kick();
      });
      await admin.register(accountRoutes);
      await admin.register(contentWrites);
      await admin.register(mediaUpload);
      await admin.register(pieceUploads);
      await admin.register(audioRoutes);
      await admin.register(bookingAdminRoutes);
      await admin.register(fansAdminRoutes);
      await admin.register(audienceReport);
      await admin.register(opsAdminRoutes);
      await admin.register(letterAdminRoutes);
    },
    { prefix: '/api/admin' },
  );
  await app.register(mediaFilesRoute);
  await app.register(linkRoutes);
  await app.register(pressRoutes);
  await app.register(pageRoutes);

  // With a trusted proxy the protocol (HSTS) depends on X-Forwarded-Proto: keep those requests in the app.
  // The fast path's access log has no redaction: its lines hold only method, fixed path, status, time
  // and address, never a header or body; redaction cost 5–7 µs a line (a tenth of the request).
  if (config.trustProxy === false) fast = { pages, headers: baseHeaders(csp), log: app.log.child({}, { redact: [] }) };
  return app;
}
