/**
 * Requests generated from the API description (docs/openapi.json), for the fuzz test (server/api-fuzz.property.test.ts):
 * for one operation, its path filled with values of its parameters' shapes or anything else, its query, a body of its
 * schema's shape at the edges or broken in the ways a client or an attacker breaks one (wrong types, fields left out
 * or added, 1 MB strings, deep nesting, bad UTF-8, huge numbers, not JSON at all, another content type), a Range
 * header on media, and the admin's session or none.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  $ref?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path: /api/admin/releases/{id}. */
  path: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  signedIn: boolean;
  /** What kind of body it carries, for the table and a failure's message. */
  body: string;
}

const MB = 1024 * 1024;
/** %-escaped for an address (a lone surrogate, which has no UTF-8, as U+FFFD: broken escapes are made on purpose elsewhere). */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDFFF]/g, (c, i: number) =>
      /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(i, i + 2)) || /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(i - 1, i + 1)) ? c : '\uFFFD',
    ),
  );
const HUGE_NUMBERS = [2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, Number.MIN_VALUE, 1e21, -0, 0.5, 4294967296];

/** Strings matching a pattern, when fast-check can make them (not with a lookahead). */
function matching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

/** A string of a shape (a pattern, a length), at the edges: empty, the longest, one past it. */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 64;
  const edges = fc.constantFrom('', 'x'.repeat(Math.min(max, 20_000)), 'x'.repeat(Math.min(max + 1, 20_001)), ' ', 'ă ș ț „ro”', '\u0000', '\uD800');
  const shaped = (schema.pattern && matching(schema.pattern)?.map((s) => s.slice(0, max))) || fc.string({ maxLength: Math.min(max, 200) });
  const formats =
    schema.format === 'email'
      ? fc.constantFrom('a@example.com', 'x@y')
      : schema.format === 'uri'
        ? fc.constantFrom('https://example.com/x', 'javascript:alert(1)')
        : shaped;
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: formats }, { weight: 1, arbitrary: edges });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1000;
  const inRange = integer ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -1, ...HUGE_NUMBERS) });
}

/** A value of a JSON Schema's shape, at its edges (the server's own checks go further: a link's scheme, a slug's form). */
export function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || schema.$ref || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => valueOf(c, depth + 1)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0], depth + 1);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueOf({ ...schema, type }, depth + 1)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(properties[k], depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the wrong type for whatever a field takes. */
const wrongType = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, [[[]]], { a: { b: {} } }),
  fc.string({ maxLength: 10 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A body of the schema's shape, or broken in one of the ways a body gets broken. */
function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<{ text: string | Buffer; kind: string }> {
  const valid = valueOf(schema);
  const asText = (kind: string) => (value: unknown) => ({ text: JSON.stringify(value) ?? 'null', kind });
  const withField = (change: (object: Record<string, unknown>, key: string) => void, kind: string) =>
    fc.tuple(valid, fc.nat()).map(([value, n]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return { text: JSON.stringify(value) ?? 'null', kind };
      const object = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(schema?.properties ?? object);
      const key = keys.length ? keys[n % keys.length]! : 'x';
      change(object, key);
      return { text: JSON.stringify(object), kind };
    });
  return fc.oneof(
    { weight: 6, arbitrary: valid.map(asText('shape')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, wrongType, fc.nat())
        .chain(([value, wrong, n]) =>
          fc.constant(
            value && typeof value === 'object' && !Array.isArray(value)
              ? withWrong(value as Record<string, unknown>, wrong, n, schema)
              : { text: JSON.stringify(wrong) ?? 'null', kind: 'wrong type' },
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: withField((o, key) => {
        delete o[key];
      }, 'missing field'),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) => ({ text: JSON.stringify(isObject(value) ? { ...value, [key]: extra } : { [key]: extra }), kind: 'extra field' })),
    },
    { weight: 1, arbitrary: withField((o, key) => (o[key] = 'x'.repeat(MB)), '1 MB string') },
    {
      weight: 1,
      arbitrary: withField((o, key) => (o[key] = '__HUGE__'), 'huge number').map(({ text }) => ({
        text: text.replace('"__HUGE__"', '1e999999'),
        kind: 'huge number',
      })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 5000 }).map((n) => ({ text: `${'['.repeat(n)}${']'.repeat(n)}`, kind: 'deep nesting' })) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map((n) => ({ text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, kind: 'deep nesting' })) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 8 })
        .map((bytes) => ({ text: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, ...bytes]), Buffer.from('"}')]), kind: 'bad UTF-8' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 50 }),
          fc.constantFrom('', '{', 'null', '"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '\uFEFF{}', '[]'),
        )
        .map((text) => ({ text, kind: 'not JSON' })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(asText('any JSON')) },
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function withWrong(value: Record<string, unknown>, wrong: unknown, n: number, schema: JsonSchema | undefined) {
  const keys = Object.keys(schema?.properties ?? value);
  const key = keys.length ? keys[n % keys.length]! : 'x';
  return { text: JSON.stringify({ ...value, [key]: wrong }), kind: 'wrong type' };
}

/** A path parameter: its shape, a value the test holds (an item that exists), or anything else (escaped, or raw and broken). */
function segmentOf(parameter: Parameter, known: readonly string[]): fc.Arbitrary<string> {
  const shaped = parameter.name === '*' ? fc.string({ maxLength: 30 }) : valueOf(parameter.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map(encode) },
    { weight: known.length ? 3 : 0, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%00', '..', '%2e%2e%2f', 'a'.repeat(300), '%F0%9F%92%A5', '%C3%28', '%ED%A0%80', '-1', '0', '1e999') },
  );
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'text/csv',
  'application/octet-stream',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-8',
  '',
];

const RANGES = fc.oneof(
  fc.constantFrom(
    'bytes=0-10',
    'bytes=0-',
    'bytes=-5',
    'bytes=5-1',
    'bytes=999999999999-',
    'bytes=-0',
    'bytes=0-0,5-9',
    'bytes=',
    'items=0-1',
    'bytes=1e3-2',
    'bytes=--1',
  ),
  fc.tuple(fc.integer({ min: -5, max: 2 ** 40 }), fc.integer({ min: -5, max: 2 ** 40 })).map(([a, b]) => `bytes=${a}-${b}`),
  fc.string({ maxLength: 40 }),
);

const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'curl/8.5', ''];

/** A multipart form with one file part of the given bytes (the media upload's shape), or a broken one. */
const multipart = fc.oneof(
  fc
    .uint8Array({ maxLength: 2048 })
    .map(
      (bytes) =>
        Buffer.concat([
          Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
          Buffer.from(bytes),
          Buffer.from('\r\n--fuzz--\r\n'),
        ]) as Buffer | string,
    ),
  fc.constantFrom<Buffer | string>('--fuzz\r\n\r\n--fuzz--', '--fuzz\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--fuzz--\r\n', 'not a form'),
);

/** Generated requests for one operation of the description; `known` holds values of path parameters that exist. */
export function requestsFor(operation: Operation, known: Record<string, readonly string[]> = {}): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const types = Object.keys(content);
  const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);

  const path = fc
    .tuple(...pathParams.map((p) => segmentOf(p, known[p.name] ?? [])))
    .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]!), operation.path));
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          valueOf(p.schema).map((v) => `${p.name}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`),
          { nil: '' },
        ),
      ),
      fc.option(
        fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })).map(([k, v]) => `${encode(k)}=${encode(v)}`),
        { nil: '' },
      ),
      fc.option(fc.constantFrom('%', 'a=%ZZ', 'a[b]=1', '__proto__[x]=1', 'offset=1&offset=2', 'q='.padEnd(5000, 'q')), { nil: '' }),
    )
    .map((parts) => parts.filter(Boolean).join('&'));
  const body = takesBody ? fc.option(bodyOf(schema), { nil: undefined, freq: 8 }) : fc.constant(undefined);
  const type = fc.oneof(
    { weight: 5, arbitrary: fc.constant(types.includes('application/json') || !types.length ? 'application/json' : types[0]!) },
    { weight: types.length > 1 ? 2 : 0, arbitrary: types.length > 1 ? fc.constantFrom(...types) : fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  // Now and then (1 in 7) another site's request, refused 403 before anything else: most get past the same-origin rule.
  const hostile = fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null').map((origin) => ({ origin })) },
    { weight: 1, arbitrary: fc.constantFrom('cross-site', 'none').map((site) => ({ 'sec-fetch-site': site })) },
  );
  const extraHeaders = fc
    .record(
      {
        range: operation.path.startsWith('/media/') ? RANGES : fc.constant(undefined),
        origin: fc.constant('http://localhost:80'),
        'sec-fetch-site': fc.constant('same-origin'),
        'accept-language': fc.constantFrom('ro', 'en;q=0.1, ro;q=0.9', '*', 'x'.repeat(500)),
      },
      { requiredKeys: [] },
    )
    .chain((headers) => hostile.map((h) => ({ ...headers, ...h })));

  return fc
    .record({ path, query, body, type, multipart, signedIn: fc.boolean(), extra: extraHeaders, agent: fc.constantFrom(...AGENTS) })
    .map(({ path, query, body, type, multipart: form, signedIn, extra, agent }) => {
      const headers: Record<string, string> = { 'user-agent': agent };
      for (const [name, value] of Object.entries(extra)) if (value !== undefined) headers[name] = value;
      let payload: string | Buffer | undefined = body?.text;
      let kind = body?.kind ?? 'none';
      if (body !== undefined || type !== 'application/json') {
        if (type) headers['content-type'] = type;
        if (type.startsWith('multipart/') && body?.kind === 'shape') {
          payload = form;
          kind = 'multipart';
        } else if (type === 'application/x-www-form-urlencoded' && body?.kind === 'shape') {
          const value: unknown = JSON.parse(body.text as string);
          payload = isObject(value)
            ? new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
            : String(value);
          kind = 'form';
        }
      }
      return { method: operation.method, url: query ? `${path}?${query}` : path, headers, payload, signedIn, body: kind };
    });
}
