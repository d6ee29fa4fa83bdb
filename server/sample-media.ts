/**
 * The sample catalogue's images and audio (`npm run admin -- sample`): a portrait and one cover per release, drawn
 * here (SVG, rendered by sharp), and recordings synthesised with FFmpeg, put through the same pipelines as uploads, so
 * the public page and its benchmarks see what an artist's real library gives: every variant, a placeholder, alt texts
 * in both languages; renditions, loudness, waveforms and a tagged beat preview.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AudioItem, MediaItem, Sample } from '../src/content/model';
import { createHash } from 'node:crypto';
import { originalName, variantName, type MediaFiles } from './media/files';
import { FFMPEG } from './media/audio/ffmpeg';
import { factsOf, previewFactsName } from './media/audio/library';
import { previewKey, renderAudio, renderPreview } from './media/audio/renditions';
import { AUDIO_HEAD_BYTES, sniffAudio, type AudioType } from './media/audio/sniff';
import { checkImage, placeholderOf, processImage } from './media/images';
import { variantWidths } from '../src/content/media';

const hue = (i: number) => (i * 47) % 360;

function coverSvg(i: number, title: string): string {
  const a = hue(i);
  const b = (a + 140) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},70%,45%)"/><stop offset="1" stop-color="hsl(${b},60%,18%)"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  <circle cx="${280 + ((i * 137) % 440)}" cy="${270 + ((i * 89) % 440)}" r="${160 + ((i * 31) % 130)}" fill="hsl(${(a + 60) % 360},80%,70%)" fill-opacity="0.35"/>
  <rect x="86" y="830" width="${Math.min(830, 44 + title.length * 27)}" height="6" fill="#ffffff" fill-opacity="0.8"/>
</svg>`;
}

const PORTRAIT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500">
  <defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#e0b44c"/><stop offset="1" stop-color="#1b1b24"/></radialGradient></defs>
  <rect width="1200" height="1500" fill="url(#g)"/>
  <ellipse cx="600" cy="570" rx="188" ry="225" fill="#2a1f1a"/>
  <path d="M225 1500 C 270 1065, 465 915, 600 915 C 735 915, 930 1065, 975 1500 Z" fill="#2a1f1a"/>
</svg>`;

/** Draws, processes and stores one image; its item keeps `id`, so the sample is the same every time. */
async function make(files: MediaFiles, id: string, svg: string, name: string, alt: { en: string; ro: string }): Promise<MediaItem> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const hash = createHash('sha256').update(jpeg).digest('hex');
  const temp = files.tempPath();
  writeFileSync(temp, jpeg);
  try {
    const checked = await checkImage(temp, 'jpeg');
    const item = { id, src: `/media/${hash}`, width: checked.width, height: checked.height, name, alt_en: alt.en, alt_ro: alt.ro };
    // Drawn before (sample --replace): the same bytes, so the same files; only the placeholder is made again.
    const made = variantWidths(checked.width).every((w) => existsSync(join(files.dir, variantName(hash, w, 'jpg'))));
    if (made) return { ...item, placeholder: await placeholderOf(sharp(temp)) };
    const processed = await processImage(temp, checked);
    for (const v of processed.variants) files.write(variantName(hash, v.width, v.ext), v.data);
    return { ...item, placeholder: processed.placeholder };
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The portrait and a cover for each release title, in the media folder, and their items. */
export async function sampleImages(files: MediaFiles, titles: string[]): Promise<{ portrait: MediaItem; covers: MediaItem[] }> {
  const portrait = await make(files, 'sample-image-portrait', PORTRAIT_SVG, 'portrait.jpg', {
    en: 'Tudor Vale in his studio, lit from above',
    ro: 'Tudor Vale în studioul său, luminat de sus',
  });
  const covers: MediaItem[] = [];
  for (const [i, title] of titles.entries()) {
    covers.push(await make(files, `sample-cover-${i + 1}`, coverSvg(i, title), `cover-${i + 1}.jpg`, { en: `Cover of “${title}”`, ro: `Coperta „${title}”` }));
  }
  return { portrait, covers };
}

/** A poster for each upcoming show (issue 23), drawn as the covers are, 4:5, with alt texts naming the show. */
export async function samplePosters(files: MediaFiles, places: { venue: string; city: string }[]): Promise<MediaItem[]> {
  const posters: MediaItem[] = [];
  for (const [i, { venue, city }] of places.entries()) {
    const svg = coverSvg(i + 7, `${venue} ${city}`).replace('height="1000">', 'height="1250" viewBox="0 0 1000 1000" preserveAspectRatio="none">');
    posters.push(
      await make(files, `sample-poster-${i + 1}`, svg, `poster-${i + 1}.jpg`, {
        en: `Poster: Tudor Vale at ${venue}, ${city}`,
        ro: `Afiș: Tudor Vale la ${venue}, ${city}`,
      }),
    );
  }
  return posters;
}

// ---- audio (docs/decisions/0027-audio-with-ffmpeg.md) -------------------------------------------------------------

/**
 * The sample catalogue's recordings, synthesised with FFmpeg's lavfi sources (nothing recorded, nothing copyrighted):
 * a 40-second beat (kick, snare and hats from aevalsrc with envelopes, and a bass), a 30-second "mix" and its quieter,
 * duller "before" (low-pass and -6 dB), its master (compressed, louder, limited), and a 2-second voice-like chirp as
 * the producer tag. Each goes through the upload's pipeline (its original kept, its renditions and facts made), and the
 * beat's tagged preview is made too, so a server started on the sample has every state ready.
 */
const BEAT =
  // 120 BPM, one 4-second phrase looped to 40 s (cheap to make): b is the time since the beat; a kick each beat (a
  // falling sine), a snare on 2 and 4, hats on the eighths, a bass moving every two seconds.
  "aevalsrc='" +
  [0, 2]
    .map(
      (seed) =>
        `0.45*sin(2*PI*(45*mod(t,0.5)+3.2*(1-exp(-25*mod(t,0.5)))))*exp(-9*mod(t,0.5))` +
        `+0.22*(random(${seed})*2-1)*exp(-18*mod(t,0.5))*gte(mod(t,1),0.5)` +
        `+0.06*(random(${seed + 1})*2-1)*exp(-70*mod(t,0.25))` +
        `+0.15*if(lt(t,2),sin(2*PI*55*t),sin(2*PI*73.42*t))*(0.5+0.5*exp(-4*mod(t,0.5)))`,
    )
    .join('|') +
  "':s=44100:d=4,aloop=loop=9:size=176400";
const MIX =
  // A minor chord pad that swells, a bass and a lead, with hats: one 5-second phrase looped to 30 s.
  "aevalsrc='" +
  [0, 1]
    .map(
      (side) =>
        `0.12*(sin(2*PI*220*t)+sin(2*PI*261.63*t+${side})+sin(2*PI*329.63*t))*(0.6+0.4*sin(2*PI*0.4*t))` +
        `+0.25*sin(2*PI*if(lt(t,2.5),55,65.41)*t)` +
        `+0.15*sin(2*PI*if(lt(mod(t,1.25),0.625),440,493.88)*t)*(1-exp(-10*mod(t,0.625)))` +
        `+0.05*(random(${side})*2-1)*exp(-60*mod(t,0.3125))`,
    )
    .join('|') +
  "':s=44100:d=5,aloop=loop=5:size=220500";
const TAG =
  "aevalsrc='0.6*sin(2*PI*(180*t+60*t*t)+3*sin(2*PI*6*t))*(1-exp(-25*t))*exp(-1.4*t)|0.6*sin(2*PI*(181*t+60*t*t)+3*sin(2*PI*6*t))*(1-exp(-25*t))*exp(-1.4*t)':s=44100:d=2";

interface Recording {
  id: string;
  name: string;
  /** lavfi source, and the output options (format) of the original. */
  source: string;
  output: string[];
}

const RECORDINGS: Recording[] = [
  { id: 'sample-audio-beat', name: 'Night drive (beat).wav', source: BEAT, output: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  { id: 'sample-audio-mix-before', name: 'City lights (rough).flac', source: MIX, output: ['-af', 'lowpass=f=2500,volume=-6dB', '-c:a', 'flac', '-f', 'flac'] },
  { id: 'sample-audio-mix', name: 'City lights (mix).flac', source: MIX, output: ['-c:a', 'flac', '-f', 'flac'] },
  {
    id: 'sample-audio-master',
    name: 'City lights (master).flac',
    source: MIX,
    output: ['-af', 'acompressor=threshold=0.1:ratio=3:attack=5:release=100,volume=10dB,alimiter=limit=0.9:level=false', '-c:a', 'flac', '-f', 'flac'],
  },
  { id: 'sample-audio-tag', name: 'Producer tag.wav', source: TAG, output: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
];

/** Renders a lavfi source to bytes (our own expressions: no upload is involved). */
function synthesise(recording: Recording): Buffer {
  const run = spawnSync(
    FFMPEG,
    ['-nostdin', '-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', recording.source, ...recording.output, '-fflags', '+bitexact', 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60_000,
    },
  );
  if (run.status !== 0) throw new Error(`The sample recording ${recording.name} could not be made: ${run.stderr.toString().trim()}`);
  return run.stdout;
}

export interface SampleAudio {
  audio: AudioItem[];
  samples: Sample[];
  producerTag: string;
}

/**
 * The recordings in the media folder, their items (ready, with their facts), the samples that place them on the
 * services (a beat on Custom beats, the mix pair on Mixing, the master pair on Mastering) and the tag. An item made
 * before (`previous`, sample --replace: the same bytes, so the same files) keeps its facts instead of being converted again.
 */
export async function sampleAudio(files: MediaFiles, previous: AudioItem[] = []): Promise<SampleAudio> {
  const hashes = new Map<string, { hash: string; type: AudioType }>();
  for (const recording of RECORDINGS) {
    const bytes = synthesise(recording);
    const hash = createHash('sha256').update(bytes).digest('hex');
    hashes.set(recording.id, { hash, type: sniffAudio(bytes.subarray(0, AUDIO_HEAD_BYTES))! });
    if (!existsSync(join(files.dir, originalName(hash)))) files.write(originalName(hash), bytes);
  }
  // The conversions, two at a time (the CLI has the machine's two cores), at FFmpeg's normal priority.
  const jobs: (() => Promise<unknown>)[] = [];
  const audio: AudioItem[] = RECORDINGS.map((recording) => {
    const { hash, type } = hashes.get(recording.id)!;
    const src = `/media/${hash}`;
    const item: AudioItem = { id: recording.id, name: recording.name, src, status: 'ready', problem: '', durationMs: 0, loudness: 0, peak: 0, waveform: '' };
    const made = previous.find((p) => p.src === src && p.status === 'ready');
    if (made && ['webm', 'm4a'].every((ext) => existsSync(join(files.dir, `${hash}.${ext}`))))
      Object.assign(item, { durationMs: made.durationMs, loudness: made.loudness, peak: made.peak, waveform: made.waveform });
    else jobs.push(async () => Object.assign(item, factsOf(await renderAudio(files, hash, type, { niceness: 0 }))));
    return item;
  });
  // The beat's preview with the tag, as the server would make it.
  const beat = hashes.get('sample-audio-beat')!;
  const tag = hashes.get('sample-audio-tag')!;
  const key = previewKey(beat.hash, tag.hash);
  if (!existsSync(join(files.dir, previewFactsName(key))))
    jobs.push(async () => files.write(previewFactsName(key), Buffer.from(JSON.stringify(factsOf(await renderPreview(files, beat, tag, { niceness: 0 }))))));
  const next = async (): Promise<void> => {
    const job = jobs.shift();
    if (job) await job().then(next);
  };
  await Promise.all([next(), next()]);
  const sample = (id: string, service: string, title: [string, string], audioId: string, before: string, kind: Sample['kind']): Sample => ({
    id,
    service,
    title_en: title[0],
    title_ro: title[1],
    audio: audioId,
    before,
    kind,
    matching: 'on',
  });
  return {
    audio,
    samples: [
      sample('sample-sample-beat', 'seed-beats', ['Night drive (beat)', 'Drum de noapte (beat)'], 'sample-audio-beat', '', 'beat'),
      sample(
        'sample-sample-mix',
        'seed-mixing',
        ['City lights: rough and mix', 'Lumini de oraș: brut și mixat'],
        'sample-audio-mix',
        'sample-audio-mix-before',
        'track',
      ),
      sample(
        'sample-sample-master',
        'seed-mastering',
        ['City lights: mix and master', 'Lumini de oraș: mix și master'],
        'sample-audio-master',
        'sample-audio-mix',
        'track',
      ),
    ],
    producerTag: 'sample-audio-tag',
  };
}
