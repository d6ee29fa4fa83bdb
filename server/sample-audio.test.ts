/**
 * The sample catalogue's recordings (server/sample-media.ts sampleAudio): synthesised, converted as uploads are, placed
 * on the services, the beat's tagged preview made; their facts tell the story (the before quieter than the mix, the
 * master louder), and a second run (sample --replace) converts nothing again.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIND_SCHEMAS } from '../src/content/model';
import { mediaFiles, type MediaFiles } from './media/files';
import { beatPreviews } from './media/audio/previews';
import { sampleAudio, type SampleAudio } from './sample-media';
import { tempDir } from './test/helpers';

const tmp = tempDir('scena-sample-audio-');
let files: MediaFiles;
let made: SampleAudio;
beforeAll(async () => {
  files = mediaFiles(join(tmp.dir, 'media'));
  made = await sampleAudio(files);
}, 120_000);
afterAll(() => tmp.remove());

describe('the sample catalogue’s audio', { timeout: 60_000 }, () => {
  it('holds five ready recordings, valid for the model, with their files', () => {
    expect(made.audio.map((a) => a.id)).toEqual([
      'sample-audio-beat',
      'sample-audio-mix-before',
      'sample-audio-mix',
      'sample-audio-master',
      'sample-audio-tag',
    ]);
    const names = readdirSync(files.dir);
    for (const item of made.audio) {
      const { id: _id, ...value } = item;
      expect(KIND_SCHEMAS.audio.safeParse(value).error?.issues, item.id).toBeUndefined();
      expect(item.status).toBe('ready');
      const hash = item.src.slice('/media/'.length);
      expect(names).toEqual(expect.arrayContaining([`${hash}.original`, `${hash}.webm`, `${hash}.m4a`]));
    }
    const byId = Object.fromEntries(made.audio.map((a) => [a.id, a]));
    expect(byId['sample-audio-beat']!.durationMs).toBe(40_000);
    expect(byId['sample-audio-mix']!.durationMs).toBe(30_000);
    expect(byId['sample-audio-tag']!.durationMs).toBe(2_000);
    // The before is quieter than the mix, the master louder: what loudness matching is for.
    expect(byId['sample-audio-mix-before']!.loudness).toBeLessThan(byId['sample-audio-mix']!.loudness - 4);
    expect(byId['sample-audio-master']!.loudness).toBeGreaterThan(byId['sample-audio-mix']!.loudness + 2);
  });

  it('places a beat on Custom beats, the mix pair on Mixing and the master pair on Mastering, with the tag set', () => {
    expect(made.samples.map((s) => [s.service, s.kind, s.audio, s.before])).toEqual([
      ['seed-beats', 'beat', 'sample-audio-beat', ''],
      ['seed-mixing', 'track', 'sample-audio-mix', 'sample-audio-mix-before'],
      ['seed-mastering', 'track', 'sample-audio-master', 'sample-audio-mix'],
    ]);
    expect(made.producerTag).toBe('sample-audio-tag');
    // The beat's tagged preview is made already: a server started on the sample has it ready.
    const [preview] = beatPreviews({ settings: { producerTag: made.producerTag } as never, audio: made.audio, samples: made.samples });
    expect(readdirSync(files.dir)).toEqual(expect.arrayContaining([`${preview!.key}.webm`, `${preview!.key}.m4a`, `${preview!.key}.preview`]));
  });

  it('converts nothing again when run over itself', async () => {
    const written = () => Object.fromEntries(readdirSync(files.dir).map((name) => [name, statSync(join(files.dir, name)).mtimeMs]));
    const before = written();
    const again = await sampleAudio(files, made.audio);
    expect(again.audio).toEqual(made.audio);
    // Only the (looped, short) synthesis runs: no file is written again.
    expect(written()).toEqual(before);
  });
});
