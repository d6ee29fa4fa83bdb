/**
 * Every refusal the API gives comes from here: the table of named refusals (code, status, message,
 * field), refusal() that makes one, the validator every route's zod schemas run through, and the
 * error handler that turns whatever a route, a hook or Fastify throws into the answer, always
 * `{ error, code[, field][, problems] }`. Routes, hooks and plugins throw refusal(...); nothing else
 * writes a 4xx (server/refusals.test.ts checks both).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ListFullError, MissingImageError, NotFoundError, OrderError, RestoreError, SlugTakenError } from './db/content-repo';
import { BODY_LIMITS, MAX_JSON_DEPTH } from './json-body';
import { problemWords, type ProblemWords } from '../src/content/fields/messages';

interface RefusalSpec {
  status: number;
  /** The message when the caller gives none; codes whose message names a field get theirs from the caller. */
  message: string;
  field?: string;
  /** Sent with Retry-After (the caller says how long). */
  retryAfter?: true;
}

/**
 * Every 4xx of the API. The codes, statuses and the fixed messages are what clients read: the admin
 * shows the message ("Not authorized", "Login failed", "Sign in first."), tests match the codes.
 */
export const REFUSALS = {
  /** A body or value the model refuses; the message names the field ("links.spotify must be an https:// link"). */
  invalid: { status: 400, message: 'The request is not valid.' },
  'bad-json': { status: 400, message: 'The body is not valid JSON.' },
  'empty-body': { status: 400, message: 'The body is empty: send a JSON object.' },
  'too-deep': { status: 400, message: `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` },
  /** Anything else Fastify or Node refuses (a malformed request, a wrong Content-Length): nothing of their internals is echoed. */
  'bad-request': { status: 400, message: 'The request is not valid.' },
  'bad-url': { status: 400, message: 'The address is not valid (a broken %-escape).' },
  'wrong-password': { status: 400, message: 'The current password is not right.', field: 'currentPassword' },
  'login-failed': { status: 401, message: 'Login failed' },
  unauthenticated: { status: 401, message: 'Sign in first.' },
  'not-authorized': { status: 403, message: 'Not authorized' },
  'cross-site': { status: 403, message: 'Cross-site requests are refused.' },
  'cross-origin': { status: 403, message: 'Requests from another origin are refused.' },
  'not-found': { status: 404, message: 'Not found' },
  /** Headers or the whole request sent too slowly (server/app.ts SERVER_TIMEOUTS); written on the socket, before any route. */
  timeout: { status: 408, message: 'The request took too long to arrive.' },
  /** The request is valid; the list's state refuses it until an item is removed. The field is the list. */
  'list-full': { status: 409, message: 'The list is full: remove an item first.' },
  'slug-taken': { status: 409, message: 'Another item already has this address: choose another.' },
  'too-large': { status: 413, message: 'The request body is too large.' },
  'unsupported-media-type': { status: 415, message: 'Send a JSON body (Content-Type: application/json).' },
  'too-many-attempts': { status: 429, message: 'Too many failed sign-ins. Try again later.', retryAfter: true },
  busy: { status: 429, message: 'The server is busy checking other sign-ins. Try again in a moment.', retryAfter: true },
  /** POST /api/event over its client's or everyone's rate, or the day's cap (server/audience/limits.ts). */
  'too-many-events': { status: 429, message: 'Too many events: try again later.', retryAfter: true },
  'headers-too-large': { status: 431, message: 'The request headers are too large.' },
  // The media library's uploads (server/media): each message names the file's problem; the field is `file`.
  'no-file': { status: 400, message: 'Send the image in a form field named “file”.', field: 'file' },
  'one-file': { status: 400, message: 'Send one image at a time, in a form field named “file”, with nothing else.', field: 'file' },
  empty: { status: 400, message: 'The file is empty (0 bytes).', field: 'file' },
  corrupt: { status: 400, message: 'The file is not an image that can be read: it may be damaged or incomplete.', field: 'file' },
  'too-many-pixels': { status: 400, message: 'The image has more than 50 megapixels.', field: 'file' },
  'unsupported-type': { status: 415, message: 'The file is not a JPEG, PNG, WebP or AVIF image.', field: 'file' },
  // Audio (server/media/audio, docs/decisions/0027-audio-with-ffmpeg.md): refused at upload, before any transcoding.
  'not-audio': { status: 415, message: 'The file is not a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file.', field: 'file' },
  truncated: { status: 400, message: 'The file is incomplete: upload the whole file again.', field: 'file' },
  undecodable: { status: 400, message: 'The file could not be read as audio: it may be damaged.', field: 'file' },
  'too-long': { status: 400, message: 'The audio lasts more than 15 minutes: at most 15 minutes.', field: 'file' },
  // The documents library (server/media/documents.ts, docs/decisions/0055): a PDF or an SVG refused for what it holds.
  'unsafe-document': { status: 415, message: 'The file holds something that could run or fetch when opened.', field: 'file' },
  'protected-document': { status: 400, message: 'The PDF is protected by a password or by restrictions.', field: 'file' },
  // An upload in pieces (server/media/chunked.ts): each refusal says where the upload stands.
  'upload-offset': { status: 409, message: 'The piece is not where the server expects the next one.', field: 'offset' },
  'upload-busy': { status: 409, message: 'A piece of this upload is still arriving: wait for it.' },
  'upload-incomplete': { status: 409, message: 'The upload is not complete: send the rest first.', field: 'offset' },
  'uploads-open': { status: 429, message: 'Three uploads are under way already: wait for one to finish, or cancel one.' },
  /** An image some content shows cannot be removed; the message names where. */
  'in-use': { status: 409, message: 'This image is in use: choose another image there first.', field: 'id' },
  // A visitor's booking request (server/routes/booking.ts, docs/decisions/0025-booking-requests.md).
  'booking-token-invalid': { status: 400, message: 'The form is not the one this site gave: reload the page and send it again.', field: 'token' },
  'booking-token-expired': { status: 400, message: 'The form was open for over a day: please send it again.', field: 'token' },
  'booking-too-soon': { status: 400, message: 'That was sent faster than a person can type: please check the form and send it again.', field: 'token' },
  'booking-rate-limited': {
    status: 429,
    message: 'Several requests have come from your connection in the last hour: please try again later, or write by e-mail.',
    retryAfter: true,
  },
  'booking-site-busy': {
    status: 429,
    message: 'The site is taking many requests right now: please try again later, or write by e-mail.',
    retryAfter: true,
  },
  'booking-inbox-full': { status: 409, message: 'The inbox is full right now: please write by e-mail.' },
  // The artist's own list (server/routes/fans.ts, docs/decisions/0035-fans-by-email.md, "The list").
  'fans-off': { status: 404, message: 'This site does not take sign-ups to its own list.' },
  'fans-token-invalid': { status: 400, message: 'The form is not the one this site gave: reload the page and sign up again.', field: 'token' },
  'fans-token-expired': { status: 400, message: 'The form was open for over a day: please sign up again.', field: 'token' },
  'fans-too-soon': { status: 400, message: 'That was sent faster than a person can type: please press the button again.', field: 'token' },
  'fans-rate-limited': { status: 429, message: 'Several sign-ups have come from your connection in the last hour: please try again later.', retryAfter: true },
  'fans-site-busy': { status: 429, message: 'The site is taking many sign-ups right now: please try again later.', retryAfter: true },
  /** The database could not take the write (disk full, locked for longer than its wait): nothing was stored, nothing sent. */
  'fans-unavailable': { status: 503, message: 'The list cannot take sign-ups just now: nothing was stored. Please try again in a few minutes.' },
  'fans-import-too-large': {
    status: 413,
    message: 'The file is larger than 40 MB: export fewer people at a time, or only the subscribed ones.',
    field: 'file',
  },
  'fans-import-not-csv': { status: 415, message: 'The file is not a CSV export (text, comma-separated, with a header row).', field: 'file' },
  'fans-import-no-email': {
    status: 400,
    message: 'The file has no e-mail column: a Kit export has “email”, a Mailchimp export “Email Address”.',
    field: 'file',
  },
  // Letters to the fans (server/routes/letters.ts, docs/decisions/0035-fans-by-email.md).
  'letter-problems': { status: 400, message: 'The letter has problems to fix before it can be sent: see each one under its field.' },
  'letter-state': { status: 409, message: 'The letter cannot be changed now: it is being sent, or was sent or cancelled.' },
  'mail-not-set-up': { status: 409, message: 'Mail is not set up: set SMTP_URL and MAIL_FROM on the server (docs/operating.md).' },
  /**
   * Another program held the database's write lock for longer than a request waits (server/db/client.ts
   * BUSY_TIMEOUT_MS): an `sqlite3` shell left in a transaction, a copy being made. Nothing was written; asking again works.
   */
  'database-busy': { status: 503, message: 'The database is busy with another program: try again in a moment.', retryAfter: true },
  /**
   * The disk the server writes to is full (ENOSPC, a quota, SQLITE_FULL): 507 Insufficient Storage (RFC 4918), the
   * request's own fault never (not a 4xx), and not a passing busy moment (not a 503 to retry by itself). Nothing of the
   * request was stored (docs/decisions/0041-chaos-and-resources.md); an upload's message names its file.
   */
  'disk-full': { status: 507, message: "The server's disk is full: nothing was stored. Free some space on the server (docs/operating.md), then try again." },
} as const satisfies Record<string, RefusalSpec>;

export type RefusalCode = keyof typeof REFUSALS;

export interface RefusalDetail {
  message?: string;
  field?: string;
  problems?: FieldProblem[];
}
type DetailOf<C extends RefusalCode> = (typeof REFUSALS)[C] extends { retryAfter: true } ? [RefusalDetail & { retryAfterMs: number }] : [RefusalDetail?];

/** A refusal, thrown by whoever refuses; errorHandler below sends it. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly field?: string;
  readonly problems?: FieldProblem[];
  /** Whole seconds, at least 1. */
  readonly retryAfter?: number;
  constructor(
    readonly code: RefusalCode,
    detail: RefusalDetail & { retryAfterMs?: number } = {},
  ) {
    const spec: RefusalSpec = REFUSALS[code];
    super(detail.message ?? spec.message);
    this.statusCode = spec.status;
    this.field = detail.field ?? spec.field;
    this.problems = detail.problems;
    if (spec.retryAfter) this.retryAfter = Math.max(1, Math.ceil((detail.retryAfterMs ?? 1000) / 1000));
  }
}

export function refusal<C extends RefusalCode>(code: C, ...[detail]: DetailOf<C>): HttpError {
  return new HttpError(code, detail);
}

/**
 * One field's problem: its English message (after the field's name), and, when the message is one of the model's
 * (src/content/fields/messages.ts), its id and parameters, so a client words it in its own language.
 */
export interface FieldProblem extends Partial<ProblemWords> {
  field: string;
  message: string;
}

const problem = (field: string, message: string): FieldProblem => ({ field, message, ...problemWords(message) });

function problems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => problem(path ? `${path}.${key}` : key, 'is not a known field'));
    }
    if (!path) return [problem('', issue.code === 'invalid_type' ? 'must be a JSON object' : issue.message)];
    return [problem(path, issue.message)];
  });
}

/**
 * The path of the first string that is not well-formed Unicode (a lone surrogate, which JSON can
 * carry but SQLite's UTF-8 cannot store as sent), or undefined.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

function illFormed(body: unknown): string[] | undefined {
  // An explicit stack, not recursion, and each item points to its parent rather than copying its path:
  // the walk is linear and cannot overflow the call stack however a body nests.
  const stack: Visit[] = [{ value: body }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!LONE_SURROGATE.test(value)) continue;
      const path: string[] = [];
      for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (value && typeof value === 'object') {
      // Pushed in reverse so the first bad field in document order is the one named.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return undefined;
}

/**
 * The status of the not-found page (an HTML page in the visitor's language, not a JSON refusal): an unknown
 * release's address, or a draft's for a visitor (server/routes/pages.ts). The one 4xx written outside REFUSALS.
 */
export const PAGE_NOT_FOUND = 404;

/** Parses with a shared schema; on failure a 400 whose message names the first bad field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const bad = illFormed(body);
  if (bad) {
    const field = bad.join('.');
    const message = 'must be valid Unicode text (no lone surrogates)';
    throw refusal('invalid', { message: `${field || 'The body'} ${message}`, field: field || undefined, problems: [problem(field, message)] });
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const list = problems(result.error);
  const first = list[0] ?? { field: '', message: 'is not valid' };
  const message = first.field ? `${first.field} ${first.message}` : `The body ${first.message}`;
  throw refusal('invalid', { message, field: first.field || undefined, problems: list });
}

/**
 * Fastify's validator for every route schema (app.setValidatorCompiler): the schemas are the shared
 * zod ones (src/content/model.ts), typed for the handlers by fastify-type-provider-zod's
 * ZodTypeProvider. A body is checked by parseBody above; a path parameter that does not fit names no
 * item, so it is a 404, as for an id that fits but is unknown.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'params') {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const field = result.error.issues[0]?.path.map(String).join('.') || 'id';
      return { error: refusal('not-found', { message: `No item has this ${field}`, field }) };
    }
    try {
      return { value: parseBody(schema, data) };
    } catch (error) {
      return { error: error as HttpError };
    }
  };

/** What the content store refuses, as answers. */
function storeRefusal(error: unknown): HttpError | undefined {
  if (error instanceof NotFoundError) return refusal('not-found', { message: error.message, field: error.field });
  if (error instanceof OrderError) return refusal('invalid', { message: error.message, field: 'ids' });
  if (error instanceof RestoreError) return refusal('invalid', { message: error.message, field: 'version' });
  if (error instanceof MissingImageError) return refusal('invalid', { message: error.message, field: error.field });
  if (error instanceof SlugTakenError) return refusal('slug-taken', { message: error.message, field: error.field });
  if (error instanceof ListFullError) return refusal('list-full', { message: error.message, field: error.list });
  return undefined;
}

/** What Fastify itself refuses while it reads a request (its body parser, its limits), as answers. */
function fastifyRefusal(error: ThrownError, request: FastifyRequest): HttpError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusal('too-large', {
        message: `The request body is too large: at most ${(request.routeOptions.bodyLimit ?? BODY_LIMITS.default) / 1024} KB here.`,
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refusal('empty-body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return refusal('bad-json');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusal('unsupported-media-type');
    case 'FST_ERR_BAD_URL':
      return refusal('bad-url');
    default:
      return refusal('bad-request');
  }
}

type ThrownError = FastifyError | (Error & { statusCode?: number; code?: string });

/** A write that failed because the disk (or the user's quota) is full: the file system's ENOSPC or EDQUOT, SQLite's SQLITE_FULL. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/** How long a client is told to wait when another program holds the database (database-busy). */
const DATABASE_BUSY_RETRY_MS = 5_000;

/** The app's error handler: a 5xx says nothing of its cause (which goes to the log); a 4xx says what to fix. */
export async function errorHandler(thrown: ThrownError, request: FastifyRequest, reply: FastifyReply) {
  const status = thrown instanceof HttpError ? thrown.statusCode : (thrown.statusCode ?? 500);
  // SQLite's busy timeout ran out (libsql's LibsqlError): a clear 503 with Retry-After, never a 500.
  if (thrown.code === 'SQLITE_BUSY') {
    request.log.warn({ err: { type: thrown.name, message: thrown.message } }, 'database locked by another program');
    return send(reply, refusal('database-busy', { retryAfterMs: DATABASE_BUSY_RETRY_MS }));
  }
  if (isDiskFull(thrown)) {
    request.log.error({ err: { type: thrown.name, message: thrown.message } }, "the server's disk is full");
    return send(reply, refusal('disk-full'));
  }
  const error = storeRefusal(thrown) ?? (thrown instanceof HttpError ? thrown : status < 500 && status >= 400 ? fastifyRefusal(thrown, request) : undefined);
  if (!error) {
    request.log.error({ err: { type: thrown.name, message: thrown.message, stack: thrown.stack } }, 'request failed');
    return reply.code(status >= 500 ? status : 500).send({ error: 'Something went wrong on the server.' });
  }
  return send(reply, error);
}

function refusalBody(error: HttpError) {
  const body: { error: string; code: RefusalCode; field?: string; problems?: FieldProblem[] } = { error: error.message, code: error.code };
  if (error.field) body.field = error.field;
  if (error.problems) body.problems = error.problems;
  return body;
}

/** The one place a refusal is written: its status, Retry-After when it has one, and its JSON body. */
function send(reply: FastifyReply, error: HttpError) {
  if (error.retryAfter) reply.header('retry-after', error.retryAfter);
  return reply.code(error.statusCode).send(refusalBody(error));
}

/**
 * A refusal answered with an HTML page instead of JSON (a booking form sent without JavaScript gets the form
 * again): the table's status and Retry-After, the page as the body.
 */
export function sendRefusalPage(reply: FastifyReply, error: HttpError, html: string) {
  if (error.retryAfter) reply.header('retry-after', error.retryAfter);
  return reply.code(error.statusCode).type('text/html; charset=utf-8').send(html);
}

/**
 * Fastify's clientErrorHandler: a request Node could not read (too slow, headers too large,
 * malformed) never reaches the app, so its answer is written on the socket, as Fastify's own
 * handler does, but with the table's code and words.
 */
export function clientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refused = refusal(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? 'headers-too-large' : 'bad-request');
  const body = JSON.stringify(refusalBody(refused));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refused.statusCode} ${STATUS_CODES[refused.statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Unknown addresses: JSON under /api/, plain text elsewhere. */
export async function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, refusal('not-found'));
}

/**
 * A Range beyond a media file's end (server/routes/media.ts): 416 with the size in Content-Range, as RFC 9110 says,
 * plain text like the media route's 404 (a player reads the status, not a JSON body).
 */
export function rangeNotSatisfiable(reply: FastifyReply, size: number) {
  return reply.code(416).header('content-range', `bytes */${size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable\n');
}

export async function notFound(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/')) return apiNotFound(request, reply);
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}
