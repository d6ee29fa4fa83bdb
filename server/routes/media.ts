/**
 * Images (docs/decisions/0023-images.md): the admin's upload (POST /api/admin/media, a multipart form with
 * one file, or JSON for an image given by its https:// address) and the files (GET /media/<name>).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ListFullError } from '../db/content-repo';
import { notFound, parseBody, refusal } from '../errors';
import { CONTENT_KINDS } from '../content-kinds';
import { BODY_LIMITS } from '../json-body';
import { CONTENT_TYPES } from '../media/files';
import { ImageError, MAX_FILE_BYTES } from '../media/images';
import { requireAdmin } from '../plugins/admin-guard';
import { addItem } from './content';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Under /api/admin, behind the admin guard; also checks the session on its own before the body is read. */
export async function mediaUpload(app: FastifyInstance) {
  const { media } = app.services;
  // Scoped to this plugin: no other route parses multipart (http.ts: JSON only).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20, fieldNameSize: 20 },
    throwFileSizeLimit: true,
  });
  const kind = CONTENT_KINDS.media!;
  // A JSON add is checked as any list's: fields left out are stored empty (and refused when empty is not valid).
  const schema = kind.shape === 'list' ? kind.writeSchema : kind.schema;
  app.post(
    '/media',
    {
      bodyLimit: BODY_LIMITS.content,
      // Before anything reads the body: a stranger's 25 MB is not received, only answered.
      onRequest: async (request, reply) => {
        try {
          request.admin = await requireAdmin(app.services, request);
        } catch (error) {
          // Closed, not drained: Node would otherwise read the stranger's whole body after the answer.
          reply.header('connection', 'close');
          throw error;
        }
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const item = await addItem(app, 'media', parseBody(schema, request.body));
        reply.code(201);
        return { item };
      }
      try {
        const parts = request.parts();
        const first = await parts.next();
        const part = first.done ? undefined : first.value;
        if (!part || part.type !== 'file' || part.fieldname !== 'file') {
          reply.header('connection', 'close');
          throw refusal('no-file');
        }
        // Once the file is received, anything after it (a second file, a field) refuses the whole form
        // before an image is stored: the parser's part limit throws, and that is answered below.
        const nothingElse = async () => {
          if (!(await parts.next()).done) throw refusal('one-file');
        };
        const { image, created } = await media.uploads.upload(part.file, part.filename, nothingElse);
        if (created) app.services.pages.invalidate();
        reply.code(created ? 201 : 200);
        return { image };
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        if (error instanceof ImageError) {
          reply.header('connection', 'close');
          throw refusal(error.code, { message: error.message, field: 'file' });
        }
        if (error instanceof ListFullError) throw refusal('list-full', { message: error.message, field: 'file' });
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || (error as { code?: string }).code === 'one-file') {
          reply.header('connection', 'close');
          throw refusal('one-file');
        }
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID') {
          throw refusal('invalid', { message: 'The form could not be read: send one image in a multipart form field named “file”.', field: 'file' });
        }
        throw error;
      }
    },
  );
}

/**
 * GET /media/<name>: only names of the exact shapes the server writes (files.ts), so no request can name
 * another file; each is immutable (its name changes with its content).
 */
export async function mediaFilesRoute(app: FastifyInstance) {
  const { media } = app.services;
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const { name } = request.params;
    const path = media.files.servable(name);
    const info = path ? await stat(path).catch(() => undefined) : undefined;
    if (!path || !info?.isFile()) return notFound(request, reply);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    reply.headers({ 'cache-control': IMMUTABLE, 'content-type': CONTENT_TYPES[ext] ?? 'image/jpeg', 'content-length': String(info.size) });
    return reply.send(createReadStream(path));
  });
}
