/** Public reads and admin-only writes of the content. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CollaboratorInputSchema, ReleaseInputSchema, SettingsSchema, StatsSchema } from '../../src/content/model';
import { ListFullError, NotFoundError, OrderError, type ListName } from '../db/content-repo';
import { HttpError, parseBody } from '../errors';
import type { Services } from '../app';
import { requireAdmin } from './auth';

/** The headers of the public content read (the fast path sends the same). */
export const CONTENT_JSON_HEADERS = { 'cache-control': 'no-cache', 'content-type': 'application/json; charset=utf-8' };

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const OrderSchema = z.strictObject({
  ids: z.array(z.string({ error: 'must be a list of ids' }).regex(ID, { error: 'must be a list of ids' }), { error: 'must be a list of ids' }).max(10_000),
});
const Empty = z.strictObject({});

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new HttpError(404, 'No item has this id', 'not-found', 'id');
  return id;
}

async function mapErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) throw new HttpError(404, error.message, 'not-found', 'id');
    if (error instanceof OrderError) throw new HttpError(400, error.message, 'invalid', 'ids');
    // 409: the request is valid, the list's state refuses it until an item is removed.
    if (error instanceof ListFullError) throw new HttpError(409, error.message, 'list-full', error.list);
    throw error;
  }
}

export function contentRoutes(app: FastifyInstance, services: Services) {
  const { content, pages } = services;

  // Public reads. The whole snapshot is served from the page cache (one read per content version).
  app.get('/api/content', async (_request, reply) => {
    reply.headers(CONTENT_JSON_HEADERS);
    return pages.contentJson();
  });
  app.get('/api/settings', async () => ({ settings: (await content.getSettings()) ?? null }));
  app.get('/api/stats', async () => ({ stats: (await content.getStats()) ?? null }));
  app.get('/api/releases', async () => ({ releases: await content.listReleases() }));
  app.get('/api/collaborators', async () => ({ collaborators: await content.listCollaborators() }));

  // Admin writes: the session is checked first, then the body is validated with the shared
  // schemas, and only then is anything stored.
  const write = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    await requireAdmin(services, request);
    const result = await mapErrors(work());
    pages.invalidate();
    return result;
  };

  app.patch('/api/admin/settings', async (request) => {
    await write(request, () => content.mergeSettings(parseBody(SettingsSchema, request.body)));
    return { settings: (await content.getSettings()) ?? {} };
  });
  app.put('/api/admin/stats', async (request) => {
    const stats = await write(request, async () => {
      const stats = parseBody(StatsSchema, request.body);
      await content.saveStats(stats);
      return stats;
    });
    return { stats };
  });

  app.post('/api/admin/releases', async (request, reply) => {
    const item = await write(request, () => content.addRelease(parseBody(ReleaseInputSchema, request.body)));
    reply.code(201);
    return { item };
  });
  app.put('/api/admin/releases/:id', async (request) => {
    const item = await write(request, async () => {
      const id = idParam(request);
      const input = parseBody(ReleaseInputSchema, request.body);
      await content.updateRelease(id, input);
      return { id, ...input };
    });
    return { item };
  });
  app.post('/api/admin/collaborators', async (request, reply) => {
    const item = await write(request, () => content.addCollaborator(parseBody(CollaboratorInputSchema, request.body)));
    reply.code(201);
    return { item };
  });
  app.put('/api/admin/collaborators/:id', async (request) => {
    const item = await write(request, async () => {
      const id = idParam(request);
      const input = parseBody(CollaboratorInputSchema, request.body);
      await content.updateCollaborator(id, input);
      return { id, ...input };
    });
    return { item };
  });

  for (const list of ['releases', 'collaborators'] as ListName[]) {
    app.delete(`/api/admin/${list}/:id`, async (request) => {
      await write(request, async () => {
        const id = idParam(request);
        parseBody(Empty, request.body ?? {});
        await content.remove(list, id);
      });
      return { ok: true };
    });
    app.put(`/api/admin/${list}/order`, async (request) => {
      await write(request, () => content.reorder(list, parseBody(OrderSchema, request.body).ids));
      return { ok: true };
    });
  }
}
