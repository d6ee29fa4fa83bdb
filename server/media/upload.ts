/**
 * One upload, from the request's file stream to a media item (docs/decisions/0023-images.md) or an audio item
 * (0027-audio-with-ffmpeg.md): the stream is written to a temporary file in the media folder while it is hashed
 * (SHA-256 of the original: the name of its files) and while its first bytes are checked: an image's signature, cut at
 * 25 MB, or audio's, cut at 200 MB; anything else is refused there, the rest unread. Then an image is checked and
 * processed, one upload at a time, its files written and its item added; audio is probed and its item added in status
 * `processing`, its transcode queued (./audio/library.ts). Whatever fails, the temporary file goes, and so do the files
 * this upload wrote unless an item (or a kept version) already used them.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, rmSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTROL, hasInvisible } from '../../src/content/fields/checks';
import type { AudioItem, DocumentItem, MediaItem } from '../../src/content/model';
import type { DocumentFormat } from '../../src/content/kinds/documents';
import { LIST_LIMITS } from '../../src/content/kinds/derived';
import { fileLabel, problemText } from '../../src/content/media-problems';
import type { ContentRepo } from '../db/content-repo';
import { variantName, type MediaFiles } from './files';
import { ImageError, MAX_FILE_BYTES, checkImage, processImage, sniffType, type ImageType } from './images';
import type { WorkQueue } from './queue';
import type { AudioLibrary } from './audio/library';
import { AudioError, MAX_AUDIO_BYTES } from './audio/process';
import { ACCEPTED_AUDIO, AUDIO_HEAD_BYTES, sniffAudio, type AudioType } from './audio/sniff';
import {
  acceptDocument,
  DOCUMENT_MAX_BYTES,
  DocumentError,
  documentTooBig,
  notTheDocument,
  PDF_NAME,
  sniffDocument,
  SVG_MAX_BYTES,
  SVG_NAME,
  svgTooBig,
} from './documents';

/** Enough for every signature: an image's in 12 bytes, an Ogg's codec at bytes 28–35. */
const HEAD_BYTES = AUDIO_HEAD_BYTES;
/** The largest upload the form takes (audio's); an image is cut at its own 25 MB while it arrives. */
export const MAX_UPLOAD_BYTES = MAX_AUDIO_BYTES;
/** A name that says the admin meant audio: a refusal then says what audio is taken, not what images are. */
const AUDIO_NAME = /\.(wav|wave|aif|aiff|aifc|flac|mp3|m4a|aac|mp4|ogg|oga|opus)$/i;
const NAME_MAX = 200;
/** A name that says the admin meant an image: a text file under it is not read as an SVG (media/documents.ts). */
const IMAGE_NAME = /\.(jpe?g|png|webp|avif|gif|heic|heif|tiff?|bmp)$/i;

/** The file's name as the admin sees it in the library: no folders, no control or invisible characters, at most 200 characters. */
export function cleanName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  const chars = [...base.normalize('NFC').replace(/\s+/g, ' ')].filter((c) => !CONTROL.test(c) && !hasInvisible(c));
  let name = '';
  // Whole characters only: a cut never leaves half of an emoji's surrogate pair.
  for (const c of chars.join('').trim()) {
    if (name.length + c.length > NAME_MAX) break;
    name += c;
  }
  return name.trim();
}

type Sniffed =
  | { image: ImageType; audio?: undefined; document?: undefined }
  | { audio: AudioType; image?: undefined; document?: undefined }
  | { document: DocumentFormat; image?: undefined; audio?: undefined };

interface Received {
  hash: string;
  size: number;
  type: Sniffed;
}

/**
 * The type the first bytes say: an image's first (their signatures are checked first), else audio's, else a
 * document's (docs/decisions/0055). A name that says PDF or SVG must have that format's bytes: a PNG named rider.pdf
 * is refused, not taken as an image the admin did not mean (the name never makes a file accepted, only refused).
 */
function sniffUpload(head: Buffer, label: string, filename: string): Sniffed | undefined {
  const image = sniffType(head);
  const audio = image ? undefined : sniffAudio(head);
  // Text starting with "<" may be an SVG; named as an image or audio, it is refused in that type's words (an HTML page
  // named photo.jpg "is not a JPEG, PNG, WebP or AVIF image").
  const document = image || audio || IMAGE_NAME.test(filename) || AUDIO_NAME.test(filename) ? undefined : sniffDocument(head);
  const named = PDF_NAME.test(filename) ? 'pdf' : SVG_NAME.test(filename) ? 'svg' : undefined;
  if (named && document !== named) throw notTheDocument(label, filename)!;
  if (image) return { image };
  if (audio) return { audio };
  return document ? { document } : undefined;
}

/**
 * Neither an image nor audio: said in the words of what the file's name suggests the admin meant. Every refusal here
 * is worded by its declaration (src/content/media-problems.ts), which the admin reads it back in Romanian with.
 */
function unknownType(label: string, filename: string): Error {
  return (
    notTheDocument(label, filename) ??
    (AUDIO_NAME.test(filename)
      ? new AudioError('not-audio', problemText('notAudioFile', { name: label, accepted: ACCEPTED_AUDIO }, 'en'))
      : new ImageError('unsupported-type', problemText('notImage', { name: label }, 'en')))
  );
}

/**
 * Writes the stream to `temp`, hashing it. Refuses, as soon as it can tell: a first 36 bytes that are neither an
 * image's nor audio's (415, the rest of the body unread), an image over 25 MB or audio over 200 MB (413), nothing (400).
 */
async function receive(stream: Readable, temp: string, label: string, filename: string): Promise<Received> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: Sniffed | undefined;
  const imageTooLarge = () => new ImageError('too-large', problemText('imageTooBig', { name: label }, 'en'));
  const audioTooLarge = () => new AudioError('too-big', problemText('tooBig', { name: label }, 'en'));
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (type === undefined && head.length < HEAD_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES) {
          try {
            type = sniffUpload(head, label, filename);
          } catch (error) {
            done(error as Error);
            return;
          }
          if (!type) {
            done(unknownType(label, filename));
            return;
          }
        }
      }
      if (type?.image && size > MAX_FILE_BYTES) {
        done(imageTooLarge());
        return;
      }
      // A document is cut at its 20 MB as it arrives: a 60 MB "PDF" is never read to its end.
      if (type?.document && size > DOCUMENT_MAX_BYTES) {
        done(documentTooBig(label));
        return;
      }
      // An SVG at its 5 MB: its check reads every element on the server's thread.
      if (type?.document === 'svg' && size > SVG_MAX_BYTES) {
        done(svgTooBig(label));
        return;
      }
      done(null, chunk);
    },
  });
  const tooLarge = () =>
    type?.document || (!type && (PDF_NAME.test(filename) || SVG_NAME.test(filename)))
      ? documentTooBig(label)
      : type?.image || (!type && !AUDIO_NAME.test(filename))
        ? imageTooLarge()
        : audioTooLarge();
  // The multipart parser stops the file at 200 MB and says so by 'limit' (the stream then just ends, marked truncated).
  stream.once('limit', () => inspect.destroy(tooLarge()));
  const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(stream, inspect, out);
  } catch (error) {
    // A refusal in the first bytes can come while the file is still being opened: it is created after that. Wait
    // until it is closed, so the caller's removal finds it and the refusal leaves nothing behind.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    if (error instanceof ImageError || error instanceof AudioError || error instanceof DocumentError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  if (size === 0) throw new ImageError('empty', problemText('empty', { name: label }, 'en'));
  type ??= sniffUpload(head, label, filename);
  if (!type) throw unknownType(label, filename);
  return { hash: hash.digest('hex'), size, type };
}

export type UploadResult =
  | {
      image: MediaItem;
      audio?: undefined;
      document?: undefined;
      /** false: the same file was already in the library, and that item is the answer. */
      created: boolean;
    }
  | { audio: AudioItem; image?: undefined; document?: undefined; created: boolean }
  | { document: DocumentItem; image?: undefined; audio?: undefined; created: boolean };

export interface Uploads {
  /** `received` runs once the file is on disk and before anything is stored (the route checks the form's rest). */
  upload(stream: Readable, filename: string | undefined, received?: () => Promise<void>): Promise<UploadResult>;
}

export function uploads(files: MediaFiles, queue: WorkQueue, content: ContentRepo, audio?: AudioLibrary): Uploads {
  const libraryFull = () => new ImageError('list-full', problemText('libraryFull', { limit: LIST_LIMITS.media }, 'en'));
  return {
    async upload(stream, filename, received) {
      const name = cleanName(filename);
      const label = fileLabel(name);
      const temp = files.tempPath();
      try {
        const { hash, size, type: sniffed } = await receive(stream, temp, label, name);
        await received?.();
        if (sniffed.document) {
          const format = sniffed.document;
          return await acceptDocument(files, queue, content, { temp, hash, format, size, name: name || `document.${format}`, label });
        }
        if (sniffed.audio) {
          if (!audio) throw new AudioError('not-audio', problemText('noAudioHere', { name: label }, 'en'));
          return await audio.accept({ temp, hash, type: sniffed.audio, name: name || `audio.${sniffed.audio}`, label });
        }
        const type = sniffed.image;
        const src = `/media/${hash}`;
        return await queue.run(async () => {
          // Inside the queue: two uploads of one file at once must not both find it missing.
          const library = await content.list('media');
          const same = library.find((item) => item.src === src);
          // The same file twice is one image: its item is the answer (alt texts written once, not twice).
          if (same) return { image: same as MediaItem, created: false };
          if (library.length >= LIST_LIMITS.media) throw libraryFull();
          const checked = await checkImage(temp, type, label);
          const processed = await processImage(temp, checked, label);
          const written = processed.variants.map((v) => variantName(hash, v.width, v.ext));
          // Files already there belong to an item removed earlier (kept in its history): they stay.
          const fresh = written.filter((n) => !existsSync(`${files.dir}/${n}`));
          try {
            for (const v of processed.variants) files.write(variantName(hash, v.width, v.ext), v.data);
            const item = await content.add('media', {
              src,
              width: processed.width,
              height: processed.height,
              placeholder: processed.placeholder,
              name: name || `image.${type === 'jpeg' ? 'jpg' : type}`,
              alt_en: '',
              alt_ro: '',
            });
            return { image: item as MediaItem, created: true };
          } catch (error) {
            for (const n of fresh) files.remove(n);
            throw error;
          }
        });
      } finally {
        rmSync(temp, { force: true });
      }
    },
  };
}
