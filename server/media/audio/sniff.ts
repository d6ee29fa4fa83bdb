/**
 * What kind of audio a file is, from its first bytes only (docs/decisions/0027-audio-with-ffmpeg.md): never from
 * its name or the part's Content-Type. The type chosen here is the demuxer FFmpeg is forced to use
 * (ffmpeg.ts DEMUXERS): a file that says it is a WAV is read as a WAV or refused, so no crafted file can
 * ask FFmpeg for its playlist, concat or subfile readers, which open other files.
 */

/** The audio Scena takes: WAV, AIFF, FLAC, MP3, M4A (AAC in MP4), raw AAC (ADTS) and Ogg (Vorbis, Opus, FLAC). */
export type AudioType = 'wav' | 'aiff' | 'flac' | 'mp3' | 'm4a' | 'aac' | 'ogg';

/** How many first bytes sniffAudio needs to decide (an Ogg's codec is at bytes 28–35). */
export const AUDIO_HEAD_BYTES = 36;

/** The ISO BMFF brands of an audio MP4: iTunes' M4A/M4B and the generic ones an AAC export carries (a video's audio track too). */
const MP4_BRANDS = new Set(['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'iso4', 'iso5', 'iso6', 'dash']);
/** The first packet of an Ogg stream: its codec's identification header. */
const OGG_CODECS = ['\x01vorbis', 'OpusHead', '\x7fFLAC'];

const ascii = (head: Buffer, from: number, to: number) => (head.length >= to ? head.toString('latin1', from, to) : '');

/** An MPEG audio frame header (layer I–III, a valid bitrate and sample rate), or an ADTS header (layer bits 00). */
function frameSync(head: Buffer): 'mp3' | 'aac' | undefined {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return undefined;
  const layer = (head[1]! >> 1) & 3;
  if (layer === 0) {
    // ADTS: 12 sync bits, MPEG version, layer 00; the sampling frequency index below 13.
    return (head[1]! & 0xf0) === 0xf0 && ((head[2]! >> 2) & 0xf) < 13 ? 'aac' : undefined;
  }
  const version = (head[1]! >> 3) & 3; // 1 is reserved
  const bitrate = head[2]! >> 4; // 15 is invalid ("bad"), 0 "free format"
  const rate = (head[2]! >> 2) & 3; // 3 is reserved
  return version !== 1 && bitrate !== 15 && rate !== 3 ? 'mp3' : undefined;
}

/**
 * The audio type the first bytes say, or undefined (not audio, or not audio Scena takes). An ID3v2 tag is read
 * as MP3 (what it fronts in practice; a FLAC behind one fails the forced MP3 reading and is refused).
 */
export function sniffAudio(head: Buffer): AudioType | undefined {
  const four = ascii(head, 0, 4);
  if ((four === 'RIFF' || four === 'RF64') && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (four === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 12))) return 'aiff';
  if (four === 'fLaC') return 'flac';
  if (four === 'OggS') return OGG_CODECS.some((codec) => ascii(head, 28, 28 + codec.length) === codec) ? 'ogg' : undefined;
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'm4a';
  if (ascii(head, 0, 3) === 'ID3' && head.length >= 10 && head[3]! >= 2 && head[3]! <= 4) return 'mp3';
  return frameSync(head);
}

/** The words the admin reads for a type. */
export const AUDIO_TYPE_NAMES: Record<AudioType, string> = {
  wav: 'WAV',
  aiff: 'AIFF',
  flac: 'FLAC',
  mp3: 'MP3',
  m4a: 'M4A',
  aac: 'AAC',
  ogg: 'Ogg',
};
export const ACCEPTED_AUDIO = 'WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus';
