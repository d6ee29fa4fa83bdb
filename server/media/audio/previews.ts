/**
 * Which beat previews the content needs (docs/decisions/0027-audio-with-ffmpeg.md): every beat sample whose audio is an
 * upload gets a preview of that audio with the producer tag (settings.producerTag, when it is an upload that is ready),
 * or untagged without one. One rule for the queue that makes them (library.ts), the public snapshot that names them
 * (../public.ts), the media route that serves them and media-gc that keeps them.
 */
import { mediaHash } from '../../../src/content/media';
import type { AudioItem, PublicContent } from '../../../src/content/model';
import { previewKey } from './renditions';

/** A preview's facts, as the audio item's fields hold them. */
export interface PreviewFacts {
  durationMs: number;
  loudness: number;
  peak: number;
  /** Two hex digits a point (the content model's waveform). */
  waveform: string;
}

export type PreviewState = { status: 'ready'; facts: PreviewFacts } | { status: 'processing' } | { status: 'failed'; problem: string };

export interface BeatPreview {
  /** The beat's audio item. */
  audio: AudioItem;
  beatHash: string;
  /** The tag's hash, or '' for an untagged preview. */
  tagHash: string;
  key: string;
  /** The tag is set but still being converted: the preview waits for it (no untagged preview meanwhile). */
  tagWaiting: boolean;
}

/** The id a beat's preview has in the public snapshot, beside (never instead of) its audio's own. */
export const previewId = (audioId: string) => `${audioId}-preview`;

type Source = Pick<PublicContent, 'settings' | 'audio' | 'samples'>;

/** The producer tag: an upload that is ready (its hash), one still converting (waiting), or none (no tag, a link, a failed one). */
export function producerTag(content: Source): { hash: string; waiting: boolean } {
  const id = content.settings?.producerTag;
  const tag = id ? content.audio?.find((item) => item.id === id) : undefined;
  const hash = tag ? mediaHash(tag.src) : undefined;
  if (!tag || !hash || tag.status === 'failed') return { hash: '', waiting: false };
  return tag.status === 'ready' ? { hash, waiting: false } : { hash, waiting: true };
}

/** The previews the beat samples of `content` need, one per beat audio (two samples of one beat share it). */
export function beatPreviews(content: Source): BeatPreview[] {
  const tag = producerTag(content);
  const byId = new Map((content.audio ?? []).map((item) => [item.id, item]));
  const out = new Map<string, BeatPreview>();
  for (const sample of content.samples ?? []) {
    if (sample.kind !== 'beat') continue;
    const audio = byId.get(sample.audio);
    const beatHash = audio ? mediaHash(audio.src) : undefined;
    if (!audio || !beatHash || out.has(audio.id)) continue;
    out.set(audio.id, { audio, beatHash, tagHash: tag.hash, key: previewKey(beatHash, tag.hash), tagWaiting: tag.waiting });
  }
  return [...out.values()];
}

/** The waveform's points as the model stores them: two lower-case hex digits each. */
export const waveformHex = (points: number[]) =>
  points
    .map((p) =>
      Math.max(0, Math.min(255, Math.round(p)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/**
 * The item a visitor gets for a beat: the preview's address and facts under its own id, its status the preview's (or
 * the beat's own while that is not ready). The name and problem stay the admin's.
 */
export function previewItem(preview: BeatPreview, state: PreviewState): AudioItem {
  const { audio } = preview;
  const status = audio.status !== 'ready' ? audio.status : preview.tagWaiting ? 'processing' : state.status;
  const facts = status === 'ready' && state.status === 'ready' ? state.facts : { durationMs: 0, loudness: 0, peak: 0, waveform: '' };
  return { ...audio, id: previewId(audio.id), name: '', problem: '', src: `/media/${preview.key}`, status, ...facts };
}
