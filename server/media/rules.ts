/**
 * The media library's rules on the generic list routes (routes/content.ts): an uploaded image's file facts
 * are the server's (an update changes its name and alt texts only), an uploaded address is never typed in,
 * and an image in use is not removed (the answer says where it is used, in the admin's words).
 */
import { documentPlaces, imagePlaces } from '../../src/content/kinds/image-places';
import { isLocalMedia } from '../../src/content/media';
import type { PublicContent } from '../../src/content/model';
import { refusal } from '../errors';

/** What the server made from the file: kept as they were by every update. */
const FILE_FIELDS = ['src', 'width', 'height', 'placeholder'] as const;

type Value = Record<string, unknown>;

/** A JSON add may give an https:// address (Firebase's way, also accepted here); an upload's address comes only with its file. */
export function checkMediaAdd(input: Value): void {
  if (typeof input.src === 'string' && isLocalMedia(input.src)) {
    throw refusal('invalid', { message: 'src: an uploaded image is added by uploading its file (POST a multipart form with the file)', field: 'src' });
  }
}

/** An update keeps an upload's src, width, height and placeholder, and never makes an address look like an upload. */
export function checkMediaUpdate(current: Value, input: Value): void {
  const uploaded = typeof current.src === 'string' && isLocalMedia(current.src);
  if (uploaded) {
    const changed = FILE_FIELDS.find((f) => input[f] !== current[f]);
    if (changed) throw refusal('invalid', { message: `${changed} of an uploaded image cannot change: only its name and alt texts can`, field: changed });
  } else checkMediaAdd(input);
}

/** Refuses the removal of an image that some content shows (409 in-use), naming every place. */
export function checkMediaRemove(content: PublicContent, id: string): void {
  const places = imagePlaces(content as unknown as Record<string, unknown>, 'en', { en: 'an item', ro: 'un element' }).get(id);
  if (!places?.length) return;
  throw refusal('in-use', { message: `This image is used in: ${places.join('; ')}. Choose another image there first.` });
}

/** The fields of an uploaded audio item the server writes (media/audio/library.ts): an update keeps them as they are. */
const AUDIO_SERVER_FIELDS = ['src', 'status', 'problem', 'durationMs', 'loudness', 'peak', 'waveform'] as const;

/** A JSON add of audio is an https:// link (Firebase's way, also accepted here); an upload's address comes only with its file. */
export function checkAudioAdd(input: Value): void {
  if (typeof input.src === 'string' && isLocalMedia(input.src)) {
    throw refusal('invalid', { message: 'src: an uploaded audio file is added by uploading it (POST a multipart form with the file)', field: 'src' });
  }
}

/**
 * An update of an uploaded item changes its name only: the server's fields are kept as they are now, whatever the
 * form sent (its copy may be a moment old: an item becomes ready while the admin renames it). A link's item is the
 * admin's own, but never becomes an upload.
 */
export function checkAudioUpdate(current: Value, input: Value): void {
  if (typeof current.src === 'string' && isLocalMedia(current.src)) for (const field of AUDIO_SERVER_FIELDS) input[field] = current[field];
  else checkAudioAdd(input);
}

/** Refuses the removal of audio a sample plays or that is the producer tag (409 in-use), naming every place. */
export function checkAudioRemove(content: PublicContent, id: string): void {
  const places: string[] = [];
  for (const sample of content.samples ?? []) {
    const title = sample.title_en || sample.title_ro || 'a sample';
    if (sample.audio === id) places.push(`Samples › “${title}” › ${sample.kind === 'beat' ? 'Audio (the beat)' : 'Audio (after)'}`);
    if (sample.before === id) places.push(`Samples › “${title}” › Before`);
  }
  if (content.settings?.producerTag === id) places.push('Settings › Producer tag');
  if (!places.length) return;
  throw refusal('in-use', { message: `This audio is used in: ${places.join('; ')}. Choose another there first.` });
}

/** The fields of an uploaded document the server wrote from its file (media/documents.ts): an update keeps them. */
const DOCUMENT_FILE_FIELDS = ['src', 'format', 'bytes', 'pages'] as const;

/** A JSON add of a document is an https:// link (Firebase's way, also accepted here); an upload's address comes only with its file. */
export function checkDocumentAdd(input: Value): void {
  if (typeof input.src === 'string' && isLocalMedia(input.src)) {
    throw refusal('invalid', { message: 'src: an uploaded document is added by uploading its file (POST a multipart form with the file)', field: 'src' });
  }
}

/** An uploaded document is renamed only: its file's facts are kept as they are, whatever the form sent. A link's item is the admin's. */
export function checkDocumentUpdate(current: Value, input: Value): void {
  if (typeof current.src === 'string' && isLocalMedia(current.src)) for (const field of DOCUMENT_FILE_FIELDS) input[field] = current[field];
  else checkDocumentAdd(input);
}

/** Refuses the removal of a document some content points at (409 in-use), naming every place ("Press kit › Technical rider (PDF)"). */
export function checkDocumentRemove(content: PublicContent, id: string): void {
  const places = documentPlaces(content as unknown as Record<string, unknown>, 'en', { en: 'an item', ro: 'un element' }).get(id);
  if (!places?.length) return;
  throw refusal('in-use', { message: `This document is used in: ${places.join('; ')}. Choose another document there first.` });
}

/** The checks a list's generic routes run before a write, by the list's name (the libraries: media and audio). */
export interface ListRules {
  add?(input: Value): void;
  update?(current: Value, input: Value): void;
  remove?(content: PublicContent, id: string): void;
}
export const LIST_RULES: Record<string, ListRules> = {
  media: { add: checkMediaAdd, update: checkMediaUpdate, remove: checkMediaRemove },
  audio: { add: checkAudioAdd, update: checkAudioUpdate, remove: checkAudioRemove },
  documents: { add: checkDocumentAdd, update: checkDocumentUpdate, remove: checkDocumentRemove },
};
