/**
 * Scena's API description (OpenAPI 3.1, docs/openapi.json, `npm run openapi`), made from the server itself: the app is
 * built as it runs (a throwaway database, a stand-in build), with @fastify/swagger registered first so its onRoute hook
 * sees every route Fastify has, and each route's zod schemas turned into JSON Schema by fastify-type-provider-zod's
 * transform. A route whose input is checked in its handler rather than by a route schema gets its description from
 * server/openapi-routes.ts, the one place that says why. Each route's refusals are the problem format of
 * server/errors.ts (`{error, code[, field][, problems]}`, its codes an enum), with the statuses the route can give.
 * Never part of the running server: buildApp's `describe` option is used here and by the tests only.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import * as prettier from 'prettier';
import { buildApp } from './app';
import { loadConfig } from './config';
import { REFUSALS, type RefusalCode } from './errors';
import { BODY_LIMITS } from './json-body';
import { DESCRIBED, type Described } from './openapi-routes';
import { fakeDist, tempDir } from './test/helpers';

/** One route of Fastify's own table, as the onRoute hook saw it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The parts of the request its route schema validates. */
  schemaParts: string[];
  bodyLimit: number;
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a route reads that a description must cover: its path's parameters, and a body when its method sends one. */
export function readsOf(route: { method: string; url: string }): ('params' | 'body')[] {
  const reads: ('params' | 'body')[] = [];
  if (/[:*]/.test(route.url)) reads.push('params');
  if (WRITE_METHODS.has(route.method)) reads.push('body');
  return reads;
}

/** The parts of a route neither its schema nor DESCRIBED covers: what the coverage test names. */
export function undescribed(route: RouteEntry): string[] {
  const described = DESCRIBED[routeKey(route.method, route.url)];
  return readsOf(route).filter((part) => !route.schemaParts.includes(part) && !(described && part in described));
}

/** The refusals a route can give, by its shape and what DESCRIBED adds: a code for each, grouped by status below. */
export function refusalsOf(route: { method: string; url: string }, described: Described | undefined): RefusalCode[] {
  const codes = new Set<RefusalCode>(['bad-request', 'bad-url']);
  const api = route.url.startsWith('/api/');
  if (api) codes.add('database-busy');
  // Every method but GET, HEAD and OPTIONS meets the same-origin rule and its content types (security.ts sameOriginJson).
  if (!['GET', 'HEAD', 'OPTIONS'].includes(route.method)) {
    for (const code of ['cross-site', 'cross-origin', 'unsupported-media-type', 'too-large', 'bad-json', 'empty-body', 'too-deep', 'invalid'] as const)
      codes.add(code);
  }
  if (route.url.startsWith('/api/admin/')) {
    codes.add('unauthenticated');
    codes.add('not-authorized');
  }
  if (api && /[:*]/.test(route.url)) codes.add('not-found');
  if (route.url === '/api/*') codes.add('not-found');
  for (const code of described?.refusals ?? []) codes.add(code);
  return [...codes];
}

const CODES = Object.keys(REFUSALS) as [RefusalCode, ...RefusalCode[]];

/** The problem format, as errors.ts writes every refusal. */
const PROBLEM_SCHEMA = {
  type: 'object' as const,
  description: 'A refusal (server/errors.ts): the English message, its code, the field it names, and each field’s problem.',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string' as const, description: 'What to fix, in words (the admin shows it).' },
    code: { type: 'string' as const, enum: CODES },
    field: { type: 'string' as const, description: 'The field the refusal names (a dotted path: links.spotify).' },
    problems: {
      type: 'array' as const,
      items: {
        type: 'object' as const,
        required: ['field', 'message'],
        properties: {
          field: { type: 'string' as const },
          message: { type: 'string' as const },
          id: { type: 'string' as const, description: 'The message’s id (src/content/fields/messages.ts), for a client that words it itself.' },
          params: { type: 'object' as const },
        },
      },
    },
  },
  additionalProperties: false,
};

type Json = Record<string, unknown>;

/** The responses of a route: its successes (DESCRIBED's, else a 200 of JSON) and its refusals grouped by status. */
function responsesOf(route: { method: string; url: string }, described: Described | undefined): Json {
  const responses: Json = {};
  for (const [status, description] of Object.entries(described?.answers ?? { 200: 'The answer, as JSON.' })) responses[status] = { description };
  const byStatus = new Map<number, RefusalCode[]>();
  for (const code of refusalsOf(route, described)) {
    const status: number = REFUSALS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const existing = responses[status] as { description: string } | undefined;
    responses[status] = {
      description: `${existing ? `${existing.description} Or refused: ` : 'Refused: '}${codes.map((c) => `\`${c}\``).join(', ')}.`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
      // The header errors.ts sends with these codes, described (refusals.test.ts keeps its quoted name to errors.ts).
      ...(codes.some((c) => 'retryAfter' in REFUSALS[c]) ? { headers: { [`Retry-After`]: { type: 'integer', description: 'Seconds to wait.' } } } : {}),
    };
  }
  return responses;
}

/** Fastify's route path as OpenAPI's: `:id` → `{id}`, a wildcard `*` → `{*}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

export interface Description {
  document: Json;
  routes: RouteEntry[];
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Builds the app with the generator in front of its routes and returns its description and Fastify's route table. */
export async function describeApi(): Promise<Description> {
  const tmp = tempDir('scena-openapi-');
  const routes: RouteEntry[] = [];
  const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  try {
    const config = loadConfig({ DATABASE_URL: `${tmp.dir}/scena.db`, DIST_DIR: fakeDist(tmp.dir), LOG_LEVEL: 'silent' });
    const describe = async (app: FastifyInstance) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          // Fastify's own HEAD twin of each GET answers as the GET does, without a body: not a route of its own here.
          if (method === 'HEAD') continue;
          routes.push({
            method,
            url: route.url,
            schemaParts: Object.keys(route.schema ?? {}).filter((k) => ['params', 'querystring', 'body', 'headers'].includes(k)),
            bodyLimit: route.bodyLimit ?? BODY_LIMITS.default,
          });
        }
      });
      await app.register(fastifySwagger, {
        openapi: {
          openapi: '3.1.0',
          info: {
            title: 'Scena',
            version,
            description: 'The HTTP API of Scena’s own server (docs/api.md). Generated by `npm run openapi` from the routes’ own schemas; do not edit by hand.',
          },
          components: { schemas: { Problem: PROBLEM_SCHEMA } },
        },
        exposeHeadRoutes: false,
        transform: (input) => {
          const { schema, route } = input as unknown as { schema: Json; route: RouteOptions };
          const method = [route.method].flat()[0]!;
          const described = DESCRIBED[routeKey(method, route.url)];
          // @fastify/static hides its wildcard from descriptions: every route of the table is described here.
          const { hide: _hidden, ...merged }: Json = { ...schema };
          for (const part of ['params', 'querystring', 'body'] as const) {
            const given = described?.[part];
            if (given && !merged[part]) merged[part] = given;
          }
          const transformed = zodTransform({ ...input, schema: merged } as never) as unknown as { schema: Json; url: string };
          const out: Json = { ...transformed.schema };
          // A described body that is not JSON (a form, a file, a CSV): its own media types.
          if (described?.consumes) out.consumes = described.consumes;
          if (described?.reason) out.description = described.reason;
          delete out.body;
          if (transformed.schema.body) out.body = transformed.schema.body;
          out.response = responsesOf({ method, url: route.url }, described);
          return { schema: out, url: transformed.url };
        },
      });
    };
    const app = await buildApp(config, {
      logStream: new Writable({ write: (_c, _e, done) => done() }),
      describe,
    });
    await app.ready();
    const document = app.swagger() as unknown as Json;
    await app.close();
    return { document: finish(document), routes };
  } finally {
    tmp.remove();
  }
}

/**
 * The document as checked in: swagger's route responses written as OpenAPI's (its `response` becomes `responses`
 * already; here the refusal schemas are kept as given), paths in a stable order, and a trailing newline's JSON.
 */
function finish(document: Json): Json {
  const paths = document.paths as Record<string, Json>;
  const sorted: Record<string, Json> = {};
  for (const path of Object.keys(paths).sort()) {
    sorted[path] = paths[path]!;
    // An answer described in words only (no schema of its body): no content of its own.
    for (const operation of Object.values(paths[path]!) as {
      responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
    }[]) {
      for (const response of Object.values(operation.responses ?? {})) {
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema ?? {});
        if (schemas.length && schemas.every((schema) => Object.keys(schema).length === 1 && schema.description === response.description))
          delete response.content;
      }
    }
  }
  return { ...document, paths: sorted };
}

/** The file's text, as Prettier writes JSON (the repository's check formats every file). */
export async function serialize(document: Json): Promise<string> {
  const options = await prettier.resolveConfig(fileURLToPath(new URL('../docs/openapi.json', import.meta.url)));
  return prettier.format(JSON.stringify(document), { ...options, parser: 'json' });
}
