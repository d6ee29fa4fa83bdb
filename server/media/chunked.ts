/**
 * An upload in pieces (docs/decisions/0027-audio-with-ffmpeg.md, "Uploads in pieces"): a 200 MB recording cannot
 * arrive in one request within the 30 s every request has (server/app.ts) unless the admin's connection gives
 * ~55 Mbit/s up; in pieces of at most 4 MB each request needs ~1.1 Mbit/s, and a dropped connection costs one piece,
 * not the file. The admin's browser starts an upload (its name and size), sends the pieces in order, each at the
 * offset the server holds (a piece at another offset is refused with the server's offset, so the browser continues
 * from there), then finishes it: the whole file then goes through the same checks as a one-request upload
 * (./upload.ts). The pieces are appended to a temporary file in the media folder (`.tmp-` names: the next start and
 * media-gc remove one a crash left, and a cut-off upload's file goes a minute after the start: removeCutOff); an upload
 * untouched for an hour is dropped. At most three at a time, one piece at
 * a time per upload. Nothing here is kept across a restart: an upload then starts again.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PIECE_BYTES } from '../../src/content/backend';
import { fileLabel, problemText } from '../../src/content/media-problems';
import { refusal } from '../errors';
import { MAX_UPLOAD_BYTES } from './upload';
import { DOCUMENT_MAX_BYTES, documentTooBig, PDF_NAME, SVG_MAX_BYTES, SVG_NAME, svgTooBig } from './documents';

/** The most one piece may hold: the size the admin's browser cuts a file into. */
export const PIECE_BYTES = UPLOAD_PIECE_BYTES;
/** The most uploads under way at once (the admin's several tabs; a stranger cannot start any). */
export const OPEN_UPLOADS = 3;
/** An upload no piece has reached for this long is dropped, its file removed. */
export const UPLOAD_IDLE_MS = 60 * 60_000;

/**
 * An upload's file that no upload of this process holds and nothing has written to for this long is one a crash or a
 * restart cut off (uploads live in the server's memory): removeCutOff deletes it. The server calls it this long after
 * its start, so the pieces a killed server was receiving (up to 200 MB) are gone a minute after the next start, not
 * at the start after that (the start's sweep of temporary files leaves those under 10 minutes old).
 */
export const CUT_OFF_MS = 60_000;

/** An upload's id: 128 random bits in hex, the only thing a request names it by. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const UPLOAD_FILE = /^\.tmp-upload-([0-9a-f]{32})$/;

export interface UploadState {
  id: string;
  name: string;
  /** The file's whole size in bytes, as the browser announced it. */
  size: number;
  /** How many bytes the server holds: where the next piece goes. */
  offset: number;
}

interface Open extends UploadState {
  path: string;
  touched: number;
  /** A piece is being written: another piece for this upload is refused until it ends. */
  busy: boolean;
}

export interface ChunkedUploads {
  start(name: string, size: number): UploadState;
  state(id: string): UploadState;
  /** Appends `body` at `offset`: refused unless `offset` is what the server holds, the piece at most PIECE_BYTES and within the size. */
  append(id: string, offset: number, body: Readable): Promise<UploadState>;
  /** The whole file's path and name, the upload forgotten (the caller removes the file once it has read it). */
  finish(id: string): { path: string; name: string };
  cancel(id: string): void;
  /** Drops uploads idle longer than UPLOAD_IDLE_MS; returns how many. */
  sweep(): number;
  /** Removes the files of uploads this process does not hold, untouched for CUT_OFF_MS or the `cutOffMs` given (a crash's); returns how many. */
  removeCutOff(): number;
}

const publicState = ({ id, name, size, offset }: Open): UploadState => ({ id, name, size, offset });

export function chunkedUploads(dir: string, now: () => number = Date.now, cutOffMs = CUT_OFF_MS): ChunkedUploads {
  const open = new Map<string, Open>();
  const find = (id: string): Open => {
    const upload = UPLOAD_ID.test(id) ? open.get(id) : undefined;
    if (!upload) throw refusal('not-found', { message: 'No upload has this id: it ended, or the server restarted. Start the upload again.', field: 'id' });
    return upload;
  };
  const drop = (upload: Open) => {
    open.delete(upload.id);
    rmSync(upload.path, { force: true });
  };
  const sweep = () => {
    const idle = [...open.values()].filter((upload) => !upload.busy && now() - upload.touched >= UPLOAD_IDLE_MS);
    for (const upload of idle) drop(upload);
    return idle.length;
  };

  return {
    start(name, size) {
      sweep();
      // A size past the limit (1e308 included) is too large; one that is no whole number of bytes (1.5, NaN) is invalid.
      if (size > MAX_UPLOAD_BYTES) {
        throw refusal('too-large', { message: problemText('uploadTooBig', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }, 'en'), field: 'size' });
      }
      // A document announced larger than its cap (docs/decisions/0055): refused before a piece is sent.
      if (SVG_NAME.test(name) && size > SVG_MAX_BYTES) throw refusal('too-large', { message: svgTooBig(fileLabel(name)).message, field: 'size' });
      if (PDF_NAME.test(name) && size > DOCUMENT_MAX_BYTES) throw refusal('too-large', { message: documentTooBig(fileLabel(name)).message, field: 'size' });
      if (!Number.isInteger(size)) throw refusal('invalid', { message: 'The file’s size must be a whole number of bytes.', field: 'size' });
      if (size < 1) throw refusal('empty', { message: 'The file is empty (0 bytes).', field: 'size' });
      if (open.size >= OPEN_UPLOADS) throw refusal('uploads-open');
      const id = randomBytes(16).toString('hex');
      const upload: Open = { id, name, size, offset: 0, path: join(dir, `.tmp-upload-${id}`), touched: now(), busy: false };
      // The file exists from the start: a piece appends to it, and the sweep of temporary files sees its age.
      writeFileSync(upload.path, '', { flag: 'wx', mode: 0o600 });
      open.set(id, upload);
      return publicState(upload);
    },
    state: (id) => publicState(find(id)),
    async append(id, offset, body) {
      const upload = find(id);
      if (upload.busy) throw refusal('upload-busy');
      if (offset !== upload.offset) {
        throw refusal('upload-offset', { message: `The server holds ${upload.offset} bytes of this file: send the piece from there.`, field: 'offset' });
      }
      upload.busy = true;
      upload.touched = now();
      const room = Math.min(PIECE_BYTES, upload.size - upload.offset);
      let received = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > room) {
            done(
              refusal('too-large', {
                message:
                  room < PIECE_BYTES
                    ? `The piece goes past the file's announced size (${upload.size} bytes).`
                    : `A piece may hold at most ${PIECE_BYTES / 1024 / 1024} MB.`,
                field: 'piece',
              }),
            );
          } else done(null, chunk);
        },
      });
      try {
        // At the offset, in a file that must exist: 'r+' never creates one, so a piece's stream that opens late (after its
        // upload was dropped) cannot leave a file behind, as 'a' (create if missing) could.
        const file = createWriteStream(upload.path, { flags: 'r+', start: upload.offset });
        // Its late open's ENOENT after a refusal is nobody's to handle (pipeline has settled): heard here, not thrown.
        file.on('error', () => {});
        await pipeline(body, counted, file);
        upload.offset += received;
      } catch (error) {
        // A piece cut short or refused leaves the file as it was before it: the next piece comes at the same offset.
        const { size } = statSync(upload.path, { throwIfNoEntry: false }) ?? { size: 0 };
        if (size > upload.offset) truncateSync(upload.path, upload.offset);
        throw error;
      } finally {
        upload.busy = false;
        upload.touched = now();
      }
      return publicState(upload);
    },
    finish(id) {
      const upload = find(id);
      if (upload.busy) throw refusal('upload-busy');
      if (upload.offset !== upload.size) {
        throw refusal('upload-incomplete', {
          message: `The server holds ${upload.offset} of the file's ${upload.size} bytes: send the rest first.`,
          field: 'offset',
        });
      }
      open.delete(id);
      return { path: upload.path, name: upload.name };
    },
    cancel(id) {
      const upload = find(id);
      if (upload.busy) throw refusal('upload-busy');
      drop(upload);
    },
    sweep,
    removeCutOff() {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return 0;
      }
      const cutOff = names.filter((name) => {
        const id = UPLOAD_FILE.exec(name)?.[1];
        if (!id || open.has(id)) return false;
        const info = statSync(join(dir, name), { throwIfNoEntry: false });
        return info !== undefined && now() - info.mtimeMs >= cutOffMs;
      });
      for (const name of cutOff) rmSync(join(dir, name), { force: true });
      return cutOff.length;
    },
  };
}
