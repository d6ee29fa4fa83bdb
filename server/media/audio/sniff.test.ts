/** The audio types from their first bytes (sniff.ts), on real files FFmpeg writes, and what is not audio. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synth } from './fixtures';
import { AUDIO_HEAD_BYTES, sniffAudio, type AudioType } from './sniff';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scena-sniff-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TONE = 'sine=frequency=440:duration=0.5:sample_rate=44100';
const FILES: [string, string[], AudioType][] = [
  ['a.wav', [], 'wav'],
  ['a.aiff', [], 'aiff'],
  ['a.flac', [], 'flac'],
  ['a.mp3', ['-c:a', 'libmp3lame'], 'mp3'],
  ['b.mp3', ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'], 'mp3'],
  ['a.m4a', ['-c:a', 'aac'], 'm4a'],
  ['a.mp4', ['-c:a', 'aac', '-f', 'mp4'], 'm4a'],
  ['a.aac', ['-c:a', 'aac', '-f', 'adts'], 'aac'],
  ['a.ogg', ['-c:a', 'libvorbis'], 'ogg'],
  ['a.opus', ['-c:a', 'libopus'], 'ogg'],
  ['b.ogg', ['-c:a', 'flac', '-f', 'ogg'], 'ogg'],
];

describe('sniffAudio', { timeout: 30_000 }, () => {
  it.each(FILES)('reads %s as its type from its first bytes', (name, output, type) => {
    const head = synth(join(dir, name), TONE, output).subarray(0, AUDIO_HEAD_BYTES);
    expect(sniffAudio(head)).toBe(type);
  });

  it('finds no audio in text, playlists, images or noise', () => {
    const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form), Buffer.alloc(24)]);
    const notAudio = [
      Buffer.from('just some text that is named beat.wav\n'),
      Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n/etc/passwd\n#EXT-X-ENDLIST\n'),
      Buffer.from("ffconcat version 1.0\nfile '/var/lib/scena/scena.db'\n"),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(28)]),
      riff('WEBP'),
      riff('AVI '),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(32)]), // a JPEG: a frame sync's first byte, not its next bits
      Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x80theora')]), // an Ogg video
      Buffer.concat([Buffer.alloc(4), Buffer.from('ftypavif'), Buffer.alloc(24)]),
      Buffer.concat([Buffer.alloc(4), Buffer.from('ftypqt  '), Buffer.alloc(24)]),
      Buffer.alloc(0),
      Buffer.alloc(64),
    ];
    for (const head of notAudio) expect(sniffAudio(head), head.toString('latin1', 0, 16)).toBeUndefined();
  });
});
