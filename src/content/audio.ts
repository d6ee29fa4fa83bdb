/**
 * How the public page plays an audio item (src/content/kinds/audio.ts), on every backend: plain data, safe for the
 * public page's bundle. This is the contract between Scena's server (which writes the files) and the player.
 *
 * - On Scena's server an item's `src` is `/media/<key>` (64 hex digits). The original upload is never served; the server
 *   serves two renditions of it, `/media/<key>.webm` (Opus) and `/media/<key>.m4a` (AAC), immutable, with Range support.
 * - A beat is never served whole to visitors: in the public snapshot a beat sample's `audio` names an item whose `src`
 *   is the preview's own key (`/media/<preview key>`, 64 hex digits: the first 90 s with the producer tag), with the
 *   preview's facts (duration, loudness, waveform); its renditions follow the same rule.
 * - On Firebase, `src` is an https:// link to a file the artist hosts, played as it is.
 */
import { LOCAL_MEDIA } from './fields/checks';

export interface AudioSource {
  src: string;
  /** The MIME type with its codec, for <source type> (the browser skips what it cannot play); '' when unknown. */
  type: string;
}

/** The files a browser may play for an item's `src`, best first. */
export function audioSources(src: string): AudioSource[] {
  const local = LOCAL_MEDIA.exec(src);
  if (local) {
    return [
      { src: `/media/${local[1]}.webm`, type: 'audio/webm; codecs="opus"' },
      { src: `/media/${local[1]}.m4a`, type: 'audio/mp4; codecs="mp4a.40.2"' },
    ];
  }
  return src.startsWith('https://') ? [{ src, type: '' }] : [];
}
