/**
 * Images (docs/decisions/0023-images.md) and audio (0027-audio-with-ffmpeg.md): the admin's upload (POST
 * /api/admin/media, a multipart form with one file, or JSON for an image given by its https:// address) and the files
 * (GET /media/<name>).
 */
import { createReadStream, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ListFullError } from '../db/content-repo';
import { isDiskFull, notFound, parseBody, rangeNotSatisfiable, refusal, type HttpError, type RefusalCode } from '../errors';
import { problemText } from '../../src/content/media-problems';
import { CONTENT_KINDS } from '../content-kinds';
import { BODY_LIMITS } from '../json-body';
import { AUDIO_FILE, CONTENT_TYPES, DOCUMENT_FILE } from '../media/files';
import { DocumentError } from '../media/documents';
import { downloadName } from '../../src/content/kinds/documents';
import type { DocumentItem } from '../../src/content/model';
import { ImageError } from '../media/images';
import { AudioError, type AudioErrorCode } from '../media/audio/process';
import { byteRange } from '../media/range';
import { chunkedUploads, CUT_OFF_MS } from '../media/chunked';
import { cleanName, MAX_UPLOAD_BYTES, type UploadResult } from '../media/upload';
import { currentAccount, isAdminEmail, requireAdmin } from '../plugins/admin-guard';
import { addItem } from './content';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A document's: nothing loads, nothing runs, even opened in a tab (its inline styles only, which an SVG draws with). */
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * `attachment` with the name (RFC 6266): an ASCII fallback in `filename` (letters with their marks dropped, anything
 * else an underscore) and the whole name in `filename*` (RFC 5987, UTF-8 percent-encoded) for Romanian letters.
 */
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
/** What only the signed-in admin may fetch (a beat's whole renditions, audio no published sample plays): no shared cache keeps it. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/** An audio refusal's answer: the table's code for each of the engine's (a job over its time limit is the file's problem too). */
const AUDIO_REFUSALS: Record<AudioErrorCode, RefusalCode> = {
  'not-audio': 'not-audio',
  empty: 'empty',
  truncated: 'truncated',
  undecodable: 'undecodable',
  'too-long': 'too-long',
  'too-big': 'too-large',
  'time-limit': 'undecodable',
};

/** Under /api/admin, behind the admin guard; also checks the session on its own before the body is read. */
export async function mediaUpload(app: FastifyInstance) {
  const { media } = app.services;
  // Scoped to this plugin: no other route parses multipart (http.ts: JSON only).
  await app.register(fastifyMultipart, {
    // 200 MB: audio's cap; an image is cut at its own 25 MB while it arrives (media/upload.ts).
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20, fieldNameSize: 20 },
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
      onRequest: adminBeforeBody(app),
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const item = await addItem(app, 'media', parseBody(schema, request.body));
        reply.code(201);
        return { item };
      }
      let filename: string | undefined;
      try {
        const parts = request.parts();
        const first = await parts.next();
        const part = first.done ? undefined : first.value;
        filename = part?.type === 'file' ? part.filename : undefined;
        if (!part || part.type !== 'file' || part.fieldname !== 'file') {
          reply.header('connection', 'close');
          throw refusal('no-file');
        }
        // Once the file is received, anything after it (a second file, a field) refuses the whole form
        // before an image is stored: the parser's part limit throws, and that is answered below.
        const nothingElse = async () => {
          if (!(await parts.next()).done) throw refusal('one-file');
        };
        const uploaded = await media.uploads.upload(part.file, part.filename, nothingElse);
        return answer(app, reply, uploaded);
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        const refused = fileRefusal(error, filename);
        if (refused) {
          if (refused.code !== 'list-full') reply.header('connection', 'close');
          throw refused;
        }
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || (error as { code?: string }).code === 'one-file') {
          reply.header('connection', 'close');
          throw refusal('one-file');
        }
        // Busboy's own errors carry no code: a form without a boundary, or one that ends before its closing line.
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID' || isBrokenForm(error)) {
          throw refusal('invalid', { message: 'The form could not be read: send one image in a multipart form field named “file”.', field: 'file' });
        }
        throw error;
      }
    },
  );
}

/** A form the multipart parser (busboy) could not read: no boundary, or cut off before its end (found by the API fuzz). */
const isBrokenForm = (error: unknown) =>
  error instanceof Error &&
  /^(?:Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/.test(error.message);

/**
 * An upload's answer: 201 `{ image }` (200 for a file already there), 202 `{ audio }` in status processing (200
 * likewise), or 201 `{ document }` (200 likewise: docs/decisions/0055).
 */
function answer(app: FastifyInstance, reply: FastifyReply, uploaded: UploadResult) {
  if (uploaded.created) app.services.pages.invalidate();
  if (uploaded.document) {
    reply.code(uploaded.created ? 201 : 200);
    return { document: uploaded.document };
  }
  if (uploaded.audio) {
    // Audio is converted later, in its queue: 202 with the item in status `processing` (src/content/kinds/audio.ts).
    reply.code(uploaded.created ? 202 : 200);
    return { audio: uploaded.audio };
  }
  reply.code(uploaded.created ? 201 : 200);
  return { image: uploaded.image };
}

/** What the upload's checks refuse about the file, as answers naming it; undefined for anything else. */
function fileRefusal(error: unknown, filename?: string): HttpError | undefined {
  if (isDiskFull(error)) {
    // The upload's temporary file is removed (media/upload.ts): nothing of it stays on the full disk.
    const name = cleanName(filename);
    return refusal('disk-full', {
      message: problemText('diskFull', { name: name ? `“${name}”` : 'the file' }, 'en'),
      field: 'file',
    });
  }
  if (error instanceof ImageError) return refusal(error.code, { message: error.message, field: 'file' });
  if (error instanceof AudioError) return refusal(AUDIO_REFUSALS[error.code], { message: error.message, field: 'file' });
  if (error instanceof DocumentError) return refusal(error.code, { message: error.message, field: 'file' });
  if (error instanceof ListFullError) return refusal('list-full', { message: error.message, field: 'file' });
  return undefined;
}

/** Before anything reads the body: a stranger's megabytes are not received, only answered (and the connection closed). */
const adminBeforeBody = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply) => {
  try {
    request.admin = await requireAdmin(app.services, request);
  } catch (error) {
    // Closed, not drained: Node would otherwise read the stranger's whole body after the answer.
    reply.header('connection', 'close');
    throw error;
  }
};

export const StartSchema = z.object({ name: z.string().max(1000), size: z.number() }).strict();
export const UploadParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
export const PieceQuery = z.object({ offset: z.string().regex(/^(0|[1-9][0-9]{0,11})$/) }).strict();

/**
 * An upload in pieces (server/media/chunked.ts), for a file too large to arrive in one request's 30 s on the admin's
 * connection: POST /uploads `{ name, size }` → 201 `{ upload }`; PUT /uploads/<id>?offset=<n> with the piece's bytes
 * (application/octet-stream, at most 4 MB) → `{ upload }` with the new offset; GET /uploads/<id> → `{ upload }` (where
 * to continue after a dropped connection); POST /uploads/<id>/finish → the same answers as POST /media (the whole
 * file checked as one upload); DELETE /uploads/<id> → 204.
 */
export async function pieceUploads(app: FastifyInstance) {
  const { media } = app.services;
  const cutOffMs = app.services.config.uploadCutOffMs ?? CUT_OFF_MS;
  const pieces = chunkedUploads(media.files.dir, Date.now, cutOffMs);
  // The pieces of an upload the last run was receiving when it stopped (SIGKILL, a crash): gone a minute from now.
  const cutOff = setTimeout(() => pieces.removeCutOff(), cutOffMs).unref();
  app.addHook('onClose', async () => clearTimeout(cutOff));
  // Scoped to this plugin: the piece's bytes reach the route as a stream, counted and cut there (PIECE_BYTES).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.post('/uploads', { bodyLimit: BODY_LIMITS.default }, async (request, reply) => {
    const { name, size } = parseBody(StartSchema, request.body);
    reply.code(201);
    return { upload: pieces.start(cleanName(name), size) };
  });
  app.get('/uploads/:id', async (request) => ({ upload: pieces.state(paramsOf(request).id) }));
  app.put('/uploads/:id', { onRequest: adminBeforeBody(app) }, async (request, reply) => {
    const { id } = paramsOf(request);
    const query = PieceQuery.safeParse(request.query);
    if (!query.success) throw refusal('invalid', { message: 'offset must be the number of bytes the server holds (a whole number).', field: 'offset' });
    if (!(request.body instanceof Readable)) throw refusal('unsupported-media-type', { message: 'Send the piece as application/octet-stream.' });
    try {
      return { upload: await pieces.append(id, Number(query.data.offset), request.body) };
    } catch (error) {
      // A refused piece's rest is not read.
      reply.header('connection', 'close');
      throw error;
    }
  });
  app.post('/uploads/:id/finish', { bodyLimit: BODY_LIMITS.default }, async (request, reply) => {
    const { path, name } = pieces.finish(paramsOf(request).id);
    try {
      return answer(app, reply, await media.uploads.upload(createReadStream(path), name));
    } catch (error) {
      throw fileRefusal(error) ?? error;
    } finally {
      rmSync(path, { force: true });
    }
  });
  app.delete('/uploads/:id', async (request, reply) => {
    pieces.cancel(paramsOf(request).id);
    return reply.code(204).send();
  });
}

function paramsOf(request: FastifyRequest): { id: string } {
  const params = UploadParams.safeParse(request.params);
  if (!params.success)
    throw refusal('not-found', { message: 'No upload has this id: it ended, or the server restarted. Start the upload again.', field: 'id' });
  return params.data;
}

/**
 * GET /media/<name>: only names of the exact shapes the server writes (files.ts), so no request can name
 * another file; each is immutable (its name changes with its content). Audio renditions answer Range requests
 * (206, 416 beyond the end) and go to a visitor only when the public content plays them (a published sample's
 * audio or before, a beat's preview); the signed-in admin may play any. An original is never served.
 */
export async function mediaFilesRoute(app: FastifyInstance) {
  const { media, pages, content } = app.services;
  const isAdmin = async (request: FastifyRequest) => {
    const account = await currentAccount(app.services, request).catch(() => undefined);
    return account !== undefined && isAdminEmail(app.services, account.email);
  };
  /** Whether the public content plays the audio of this key (the page's own address for it). */
  const published = async (key: string) => ((await pages.content()).audio ?? []).some((item) => item.src === `/media/${key}`);

  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const { name } = request.params;
    const path = media.files.servable(name);
    const info = path ? await stat(path).catch(() => undefined) : undefined;
    if (!path || !info?.isFile()) return notFound(request, reply);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    const document = DOCUMENT_FILE.exec(name);
    if (document) {
      // A download, never shown inline, and nothing in it runs even if a browser opens it (docs/decisions/0055).
      // Published when the public content points at it (the press kit's rider, stage plot, logo); else the admin's alone.
      const src = `/media/${document[1]}`;
      const shown = ((await pages.content()).documents ?? []).find((item) => item.src === src && item.format === ext);
      const item = shown ?? ((await content.list('documents')) as DocumentItem[]).find((i) => i.src === src && i.format === ext);
      if (!shown && !(await isAdmin(request))) return notFound(request, reply);
      reply.headers({
        'cache-control': shown ? IMMUTABLE : PRIVATE_IMMUTABLE,
        'content-type': CONTENT_TYPES[ext]!,
        'content-length': String(info.size),
        'content-disposition': contentDisposition(downloadName(item?.name ?? '', ext as 'pdf' | 'svg')),
        'x-content-type-options': 'nosniff',
        'content-security-policy': DOCUMENT_CSP,
      });
      return reply.send(createReadStream(path));
    }
    const audio = AUDIO_FILE.exec(name);
    if (!audio) {
      reply.headers({ 'cache-control': IMMUTABLE, 'content-type': CONTENT_TYPES[ext] ?? 'image/jpeg', 'content-length': String(info.size) });
      return reply.send(createReadStream(path));
    }
    // Not published: the admin's alone, and a visitor gets the same 404 as for a name that does not exist.
    const open = await published(audio[1]!);
    if (!open && !(await isAdmin(request))) return notFound(request, reply);
    reply.headers({ 'cache-control': open ? IMMUTABLE : PRIVATE_IMMUTABLE, 'content-type': CONTENT_TYPES[ext]!, 'accept-ranges': 'bytes' });
    const range = byteRange(request.headers.range, info.size);
    if (range.kind === 'unsatisfiable') return rangeNotSatisfiable(reply, info.size);
    if (range.kind === 'whole') {
      reply.header('content-length', String(info.size));
      return reply.send(createReadStream(path));
    }
    reply.code(206).headers({ 'content-range': `bytes ${range.start}-${range.end}/${info.size}`, 'content-length': String(range.end - range.start + 1) });
    return reply.send(createReadStream(path, { start: range.start, end: range.end }));
  });
}
