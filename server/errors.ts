/**
 * Every 4xx answer's body comes from here: errors that carry a message fit to show (naming the field
 * when there is one), the validator every route's zod schemas run through, and the error handler
 * that turns what a route or Fastify throws into the answer.
 */
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ListFullError, NotFoundError, OrderError, RestoreError } from './db/content-repo';
import { BODY_LIMITS, MAX_JSON_DEPTH } from './json-body';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    readonly problems?: FieldProblem[],
  ) {
    super(message);
  }
}

export interface FieldProblem {
  field: string;
  message: string;
}

function problems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: path ? `${path}.${key}` : key, message: 'is not a known field' }));
    }
    if (!path) return [{ field: '', message: issue.code === 'invalid_type' ? 'must be a JSON object' : issue.message }];
    return [{ field: path, message: issue.message }];
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

/** Parses with a shared schema; on failure a 400 whose message names the first bad field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const bad = illFormed(body);
  if (bad) {
    const field = bad.join('.');
    throw new HttpError(400, `${field || 'The body'} must be valid Unicode text (no lone surrogates)`, 'invalid', field || undefined);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const list = problems(result.error);
  const first = list[0] ?? { field: '', message: 'is not valid' };
  const message = first.field ? `${first.field} ${first.message}` : `The body ${first.message}`;
  throw new HttpError(400, message, 'invalid', first.field || undefined, list);
}

export const tooDeep = () => new HttpError(400, `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, 'too-deep');

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
      return { error: new HttpError(404, `No item has this ${field}`, 'not-found', field) };
    }
    try {
      return { value: parseBody(schema, data) };
    } catch (error) {
      return { error: error as HttpError };
    }
  };

/** What the content store refuses, as answers. */
function storeError(error: unknown): HttpError | undefined {
  if (error instanceof NotFoundError) return new HttpError(404, error.message, 'not-found', error.field);
  if (error instanceof OrderError) return new HttpError(400, error.message, 'invalid', 'ids');
  if (error instanceof RestoreError) return new HttpError(400, error.message, 'invalid', 'version');
  // 409: the request is valid, the list's state refuses it until an item is removed.
  if (error instanceof ListFullError) return new HttpError(409, error.message, 'list-full', error.list);
  return undefined;
}

type ThrownError = FastifyError | (Error & { statusCode?: number; code?: string });

/** The app's error handler: a 5xx says nothing of its cause (which goes to the log); a 4xx says what to fix. */
export async function errorHandler(thrown: ThrownError, request: FastifyRequest, reply: FastifyReply) {
  const error = storeError(thrown) ?? thrown;
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
}

/** Unknown addresses: JSON under /api/, plain text elsewhere. */
export async function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ error: 'Not found', code: 'not-found' });
}

export async function notFound(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/')) return apiNotFound(request, reply);
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}
