/**
 * The audio library's own admin routes (docs/decisions/0027-audio-with-ffmpeg.md; the contract in
 * src/content/kinds/audio.ts), under /api/admin behind the guard: an upload's progress, and Retry. The items
 * themselves are read, renamed and removed through the generic list routes (routes/content.ts, media/rules.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ITEM_ID } from '../../src/content/fields/checks';
import { refusal } from '../errors';
import { BODY_LIMITS } from '../json-body';

const IdParams = z.object({ id: z.string().regex(ITEM_ID) });
const NoBody = z.strictObject({}).nullable();

export async function audioRoutes(app: FastifyInstance) {
  const { audio } = app.services.media;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // { status, fraction (0–1), problem }: the admin's page asks a few times a second while an item is processing.
  typed.get('/audio/:id/progress', { schema: { params: IdParams } }, async (request) => {
    const progress = await audio.progress(request.params.id);
    if (!progress) throw refusal('not-found', { message: 'No audioFile has this id', field: 'id' });
    return progress;
  });
  // A failed item converted again from its kept original: { audio } in status `processing` (a ready one as it is).
  typed.post('/audio/:id/retry', { bodyLimit: BODY_LIMITS.order, schema: { params: IdParams, body: NoBody } }, async (request) => ({
    audio: await audio.retry(request.params.id),
  }));
}
