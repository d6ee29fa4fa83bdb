/** Errors that become a 4xx answer with a message fit to show, naming the field when there is one. */
import type { z } from 'zod';

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

function illFormed(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = illFormed(item, [...path, key]);
      if (found) return found;
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
