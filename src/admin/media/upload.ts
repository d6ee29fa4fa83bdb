/**
 * One file into the library, the same way wherever the admin uploads it (the Media page, a field's "Upload new"):
 * what a browser can refuse before a byte is sent (an audio file over 200 MB, issue 21), then the backend, which
 * checks the content itself (size, type by content, audio's length) and answers the item it made.
 */
import { BackendError, type ContentAdmin, type UploadedMedia, type UploadOptions } from '../../content/backend';
import { fileLabel, problemText } from '../../content/media-problems';
import { DOCUMENT_MAX_BYTES, SVG_MAX_BYTES } from '../../content/kinds/documents';
import { say } from '../kinds/form-model';
import { MEDIA_WORDS as W } from './words';

/** The audio files an upload takes, by extension and type (src/content/kinds/audio.ts). */
export const AUDIO_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3', '.m4a', '.aac', '.ogg', '.opus'];
const AUDIO_TYPES = ['audio/wav', 'audio/x-wav', 'audio/aiff', 'audio/x-aiff', 'audio/flac', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/opus'];
/** What an image upload accepts; the server checks the content itself, whatever the name or this list says. */
export const ACCEPT_IMAGES = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';
export const ACCEPT_AUDIO = [...AUDIO_TYPES, ...AUDIO_EXTENSIONS].join(',');
export const ACCEPT = [ACCEPT_IMAGES, ACCEPT_AUDIO].join(',');
/** The largest audio file the server takes (issue 21): refused here before a byte is sent, and by the server anyway. */
export const AUDIO_MAX_MB = 200;
export const isAudioFile = (file: File) => file.type.startsWith('audio/') || AUDIO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

/** A file whose name or type says PDF or SVG (docs/decisions/0055): refused here over its cap, before a byte is sent. */
const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
const isSvgFile = (file: File) => file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);

/** Uploads one file; throws the backend's refusal (a BackendError the admin words with errorMessage). */
export async function uploadFile(backend: ContentAdmin, file: File, options: UploadOptions): Promise<UploadedMedia> {
  if (isAudioFile(file) && file.size > AUDIO_MAX_MB * 1024 * 1024) {
    // The server's own refusal, in its declared words: the admin's language says them (problem-words.ts).
    throw new BackendError(problemText('tooBig', { name: fileLabel(file.name) }, 'en'), 'too-big', 'file');
  }
  // A document over its cap: the server would cut it at the same size, after the admin had waited for it.
  if (isSvgFile(file) && file.size > SVG_MAX_BYTES) throw new BackendError(problemText('svgTooBig', { name: fileLabel(file.name) }, 'en'), 'too-large', 'file');
  if (isPdfFile(file) && file.size > DOCUMENT_MAX_BYTES) {
    throw new BackendError(problemText('documentTooBig', { name: fileLabel(file.name) }, 'en'), 'too-large', 'file');
  }
  const made = backend.uploadMedia
    ? await backend.uploadMedia(file, options)
    : backend.uploadImage
      ? { kind: 'image' as const, item: await backend.uploadImage(file, options) }
      : undefined;
  if (!made) throw new BackendError(say(W.noStorage));
  return made;
}
