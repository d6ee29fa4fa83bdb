/**
 * Public reads and admin-only writes of the content, generic over the kinds of content
 * (server/content-kinds.ts): one set of routes for singletons, one for ordered lists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPublicItem, isPublicKind } from '../../src/content/fields/declare';
import { KINDS } from '../../src/content/kinds';
import { CONTENT_KINDS, type ListKind, type SingletonKind } from '../content-kinds';
import { BODY_LIMITS } from '../json-body';
import { publicContent } from '../media/public';
import { LIST_RULES } from '../media/rules';
import { CONTENT_JSON_HEADERS } from '../pages';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const KIND = /^[a-z][A-Za-z0-9]{0,60}$/;
const IdParams = z.object({ id: z.string().regex(ID) });
const OrderSchema = z.strictObject({
  ids: z.array(z.string({ error: 'must be a list of ids' }).regex(ID, { error: 'must be a list of ids' }), { error: 'must be a list of ids' }).max(10_000),
});
// A removal takes no body; Fastify hands a missing body to the validator as null.
const NoBody = z.strictObject({}).nullable();

/** GET /api/content (everything the page shows), and GET /api/<kind> for each kind. */
export async function contentReads(app: FastifyInstance) {
  const { content, pages } = app.services;
  // The whole snapshot is served from the page cache (one read per content version).
  app.get('/api/content', async (_request, reply) => {
    reply.headers(CONTENT_JSON_HEADERS);
    return pages.contentJson();
  });
  // Only the images the content points at: an unused upload stays private (server/media/public.ts).
  app.get('/api/media', async () => ({ media: publicContent(await content.snapshot()).media ?? [] }));
  // Audio and samples as the public snapshot has them (docs/decisions/0027): the recordings published samples play, a
  // beat as its preview; never the whole library, a beat's own address or the producer tag's.
  app.get('/api/audio', async () => ({ audio: (await pages.content()).audio ?? [] }));
  app.get('/api/samples', async () => ({ samples: (await pages.content()).samples }));
  // Only the documents the press kit points at: an uploaded rider not chosen yet stays private.
  app.get('/api/documents', async () => ({ documents: (await pages.content()).documents ?? [] }));
  for (const [name, kind] of Object.entries(CONTENT_KINDS)) {
    if (name === 'media' || name === 'audio' || name === 'samples' || name === 'documents') continue;
    if (kind.shape === 'singleton') app.get(`/api/${name}`, async () => ({ [name]: (await content.read(name)) ?? null }));
    else {
      // Visitors read the public items only (a draft release is the admin's: GET /api/admin/<list>); an inbox has no public read.
      const decl = KINDS.find((k) => k.name === name)!;
      if (!isPublicKind(decl)) continue;
      app.get(`/api/${name}`, async () => ({ [name]: (await content.list(name)).filter((item) => isPublicItem(decl, item)) }));
    }
  }
}

/**
 * The admin's writes, registered under /api/admin behind the admin guard. By the time a handler
 * runs, the session is the admin's and the body and id are valid (errors.ts answers otherwise).
 * Every write keeps a version (db/content-repo.ts); list order is not versioned.
 */
export async function contentWrites(app: FastifyInstance) {
  // Every successful write forgets the rendered pages, once for all these routes. onSend, not
  // onResponse: the handler has returned (its transaction committed) and the answer is not sent yet,
  // so the client's very next page request already sees the change.
  const { pages } = app.services;
  // An inbox's writes (bookings) change no page.
  const unseen = KINDS.filter((k) => !isPublicKind(k)).map((k) => `/api/admin/${k.name}`);
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && !unseen.some((prefix) => request.url.startsWith(prefix))) {
      pages.invalidate();
      // The press kit's ZIP of the new content, written a second later (server/press/kit.ts).
      app.services.press.changed(
        () => pages.content(),
        (error) => app.log.error({ err: { message: (error as Error).message } }, 'press kit failed'),
      );
    }
  });
  for (const [name, kind] of Object.entries(CONTENT_KINDS)) {
    if (kind.shape === 'singleton') singletonWrites(app, name, kind);
    else listWrites(app, name, kind);
  }
  historyRoutes(app);
}

function singletonWrites(app: FastifyInstance, name: string, kind: SingletonKind) {
  const { content } = app.services;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: kind.save === 'merge' ? 'PATCH' : 'PUT',
    url: `/${name}`,
    bodyLimit: BODY_LIMITS.content,
    schema: { body: kind.schema },
    handler: async (request) => {
      const saved = await content.save(name, request.body);
      return { [name]: saved };
    },
  });
}

/** Adds an item to a list (after its rules, server/media/rules.ts): the media library's upload route takes JSON adds here too. */
export async function addItem(app: FastifyInstance, name: string, input: Record<string, unknown>) {
  LIST_RULES[name]?.add?.(input);
  const item = await app.services.content.add(name, input);
  app.services.pages.invalidate();
  return item;
}

function listWrites(app: FastifyInstance, name: string, kind: ListKind) {
  const { content } = app.services;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The admin reads every item: drafts, and the whole media library (the public reads show what the page uses).
  app.get(`/${name}`, async () => ({ [name]: await content.list(name) }));
  const writes = { bodyLimit: BODY_LIMITS.content };
  const rules = LIST_RULES[name];
  // The media library's add is its upload route (routes/media.ts), which takes a file or JSON.
  if (name !== 'media')
    typed.post(`/${name}`, { ...writes, schema: { body: kind.writeSchema } }, async (request, reply) => {
      const item = await addItem(app, name, request.body);
      reply.code(201);
      return { item };
    });
  typed.put(`/${name}/:id`, { ...writes, schema: { params: IdParams, body: kind.writeSchema } }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    if (rules?.update) {
      const current = (await content.list(name)).find((item) => item.id === id);
      if (current) rules.update(current, input);
    }
    const stored = await content.update(name, id, input);
    return { item: { id, ...stored } };
  });
  typed.delete(`/${name}/:id`, { ...writes, schema: { params: IdParams, body: NoBody } }, async (request) => {
    const { id } = request.params;
    // Checked inside the store's exclusive section, with the removal: a save naming the item cannot land between the two.
    await content.remove(name, id, rules?.remove && ((current) => rules.remove!(current, id)));
    return { ok: true };
  });
  typed.put(`/${name}/order`, { bodyLimit: BODY_LIMITS.order, schema: { body: OrderSchema } }, async (request) => {
    await content.reorder(name, request.body.ids);
    return { ok: true };
  });
}

const KindParams = z.object({ kind: z.string().regex(KIND, { error: 'must be the name of a kind of content' }) });
const ItemParams = KindParams.extend({ id: z.string().regex(ID) });
const RestoreBody = z.strictObject({
  version: z.number({ error: 'must be a version number' }).int({ error: 'must be a version number' }).min(0, { error: 'must be a version number' }),
});

/**
 * The history of every kind, generic over the kind named in the address (docs/decisions/0019): an
 * unknown kind, item or version is a 404 naming it. A restore is itself a version.
 */
function historyRoutes(app: FastifyInstance) {
  const { content } = app.services;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/history/:kind', { schema: { params: KindParams } }, async (request) => ({ entries: await content.history(request.params.kind) }));
  typed.get('/history/:kind/:id', { schema: { params: ItemParams } }, async (request) => ({
    entries: await content.history(request.params.kind, request.params.id),
  }));
  typed.post('/history/:kind/restore', { bodyLimit: BODY_LIMITS.order, schema: { params: KindParams, body: RestoreBody } }, async (request) => {
    await content.restoreVersion(request.params.kind, undefined, request.body.version);
    return { ok: true };
  });
  typed.post('/history/:kind/:id/restore', { bodyLimit: BODY_LIMITS.order, schema: { params: ItemParams, body: RestoreBody } }, async (request) => {
    await content.restoreVersion(request.params.kind, request.params.id, request.body.version);
    return { ok: true };
  });
  typed.get('/removed/:kind', { schema: { params: KindParams } }, async (request) => ({ items: await content.removedItems(request.params.kind) }));
}
