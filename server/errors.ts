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
