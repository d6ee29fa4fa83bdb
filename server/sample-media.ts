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
import type { AudioItem, DocumentItem, MediaItem, Sample } from '../src/content/model';
import { createHash } from 'node:crypto';
import { originalName, variantName, type MediaFiles } from './media/files';
import { FFMPEG } from './media/audio/ffmpeg';
import { factsOf, previewFactsName } from './media/audio/library';
import { previewKey, renderAudio, renderPreview } from './media/audio/renditions';
import { AUDIO_HEAD_BYTES, sniffAudio, type AudioType } from './media/audio/sniff';
import { checkImage, placeholderOf, processImage } from './media/images';
import { variantWidths } from '../src/content/media';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { checkDocument, documentName } from './media/documents';

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

/**
 * Runs the jobs two at a time, their results in the jobs' order: the sample is made on the CLI, which has the machine's
 * two cores to itself (an image's libvips and an FFmpeg each take one). `npm run admin -- sample`, 44 images and 6
 * recordings: 37 → 27 s on this 2-core machine (medians of three).
 */
async function twoAtATime<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let taken = 0;
  const next = async (): Promise<void> => {
    const i = taken++;
    if (i >= jobs.length) return;
    results[i] = await jobs[i]!();
    return next();
  };
  await Promise.all([next(), next()]);
  return results;
}

/**
 * Draws, processes and stores one image; its item keeps `id`, so the sample is the same every time. A JPEG, or a PNG
 * where it has a transparent background (the logo).
 */
async function make(
  files: MediaFiles,
  id: string,
  svg: string,
  name: string,
  alt: { en: string; ro: string },
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<MediaItem> {
  const drawn = sharp(Buffer.from(svg));
  const bytes = await (format === 'png' ? drawn.png() : drawn.jpeg({ quality: 90 })).toBuffer();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const temp = files.tempPath();
  writeFileSync(temp, bytes);
  try {
    const checked = await checkImage(temp, format);
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
  const covers = await twoAtATime(
    titles.map(
      (title, i) => () =>
        make(files, `sample-cover-${i + 1}`, coverSvg(i, title), `cover-${i + 1}.jpg`, { en: `Cover of “${title}”`, ro: `Coperta „${title}”` }),
    ),
  );
  return { portrait, covers };
}

/** A poster for each upcoming show (issue 23), drawn as the covers are, 4:5, with alt texts naming the show. */
export async function samplePosters(files: MediaFiles, places: { venue: string; city: string }[]): Promise<MediaItem[]> {
  return twoAtATime(
    places.map(({ venue, city }, i) => () => {
      const svg = coverSvg(i + 7, `${venue} ${city}`).replace('height="1000">', 'height="1250" viewBox="0 0 1000 1000" preserveAspectRatio="none">');
      return make(files, `sample-poster-${i + 1}`, svg, `poster-${i + 1}.jpg`, {
        en: `Poster: Tudor Vale at ${venue}, ${city}`,
        ro: `Afiș: Tudor Vale la ${venue}, ${city}`,
      });
    }),
  );
}

/**
 * The press kit's images (issue 31): two press photos at the widest the library keeps (a landscape 1,920 × 1,280 and a
 * portrait 1,280 × 1,600: their long sides at least 1,600 px) and the logo, a PNG with a transparent background.
 */
export async function samplePressImages(files: MediaFiles): Promise<{ photos: MediaItem[]; logo: MediaItem }> {
  const photo = (w: number, h: number, a: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},55%,40%)"/><stop offset="1" stop-color="hsl(${(a + 200) % 360},60%,12%)"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <ellipse cx="${w * 0.55}" cy="${h * 0.38}" rx="${h * 0.13}" ry="${h * 0.16}" fill="#1d1620"/>
  <path d="M${w * 0.3} ${h} C ${w * 0.33} ${h * 0.7}, ${w * 0.45} ${h * 0.56}, ${w * 0.55} ${h * 0.56} C ${w * 0.65} ${h * 0.56}, ${w * 0.77} ${h * 0.7}, ${w * 0.8} ${h} Z" fill="#1d1620"/>
</svg>`;
  const photos = [
    await make(files, 'sample-press-photo-1', photo(1920, 1280, 20), 'press-studio.jpg', {
      en: 'Tudor Vale at the mixing desk in his studio in Cluj-Napoca',
      ro: 'Tudor Vale la pupitrul de mixaj, în studioul lui din Cluj-Napoca',
    }),
    await make(files, 'sample-press-photo-2', photo(1280, 1600, 260), 'press-portrait.jpg', {
      en: 'Tudor Vale on a rooftop at night, the city lights behind him',
      ro: 'Tudor Vale pe un acoperiș, noaptea, cu luminile orașului în spate',
    }),
  ];
  const logo = await make(
    files,
    'sample-press-logo',
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360"><rect x="40" y="150" width="1120" height="60" rx="30" fill="#c9a5ff"/><circle cx="180" cy="180" r="120" fill="none" stroke="#f4f1fb" stroke-width="36"/></svg>`,
    'logo.png',
    { en: 'Tudor Vale’s logo', ro: 'Logoul lui Tudor Vale' },
    'png',
  );
  return { photos, logo };
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
  await twoAtATime(jobs);
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

// ---- The documents library's sample (issue 31, docs/decisions/0055) ----

/** The sample's SVG logo: a wordmark drawn with shapes and text only (nothing that runs or fetches). */
const LOGO_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <title>Tudor Vale</title>
  <defs><linearGradient id="tv" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0b44c"/><stop offset="1" stop-color="#c83c1e"/></linearGradient></defs>
  <circle cx="80" cy="80" r="64" fill="url(#tv)"/>
  <path d="M52 60h56M80 60v52" stroke="#1b1b24" stroke-width="12" stroke-linecap="round"/>
  <text x="168" y="98" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="700" fill="#1b1b24">Tudor Vale</text>
</svg>
`;

/** A sample PDF drawn with pdf-lib, the same bytes every time (no dates in it). */
async function samplePdf(title: string, lines: string[][], stage = false): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title, { showInWindowTitleBar: true });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [i, pageLines] of lines.entries()) {
    const page = doc.addPage([595, 842]);
    page.drawText(i === 0 ? title : `${title} (${i + 1})`, { x: 56, y: 770, size: 22, font: bold });
    pageLines.forEach((line, n) => page.drawText(line, { x: 56, y: 730 - n * 20, size: 12, font }));
    if (stage && i === 0) {
      // The stage from above: its edge, the drum riser, the keys, the monitors and the front of house.
      page.drawRectangle({ x: 96, y: 240, width: 400, height: 260, borderColor: rgb(0.1, 0.1, 0.14), borderWidth: 2 });
      page.drawRectangle({ x: 246, y: 400, width: 100, height: 70, color: rgb(0.88, 0.7, 0.3) });
      page.drawText('Drums (riser 2 x 2 m)', { x: 250, y: 380, size: 9, font });
      page.drawRectangle({ x: 120, y: 300, width: 80, height: 40, color: rgb(0.78, 0.24, 0.12) });
      page.drawText('Keys / laptop', { x: 124, y: 286, size: 9, font });
      for (const x of [180, 296, 412]) page.drawRectangle({ x, y: 250, width: 36, height: 18, borderColor: rgb(0.1, 0.1, 0.14), borderWidth: 1 });
      page.drawText('Monitors 1-3', { x: 260, y: 226, size: 9, font });
      page.drawText('Front of house: 25 m from the stage, centred', { x: 170, y: 180, size: 10, font });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Checks and stores one sample document as an upload is (media/documents.ts), and answers its item with a fixed id. */
async function storeDocument(files: MediaFiles, id: string, name: string, format: 'pdf' | 'svg', data: Buffer): Promise<DocumentItem> {
  const hash = createHash('sha256').update(data).digest('hex');
  const temp = files.tempPath();
  writeFileSync(temp, data);
  try {
    const { pages } = await checkDocument(temp, format, `“${name}”`);
    if (!existsSync(join(files.dir, documentName(hash, format)))) files.write(documentName(hash, format), data);
    return { id, name, src: `/media/${hash}`, format, bytes: data.length, pages };
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The press kit's documents for the sample catalogue: a two-page technical rider and a stage plot (PDFs) and the SVG
 * logo, each checked and stored as an upload is. loadSample points the press kit's rider, stagePlot and logoSvg at them.
 */
export async function sampleDocuments(files: MediaFiles): Promise<{ rider: DocumentItem; stagePlot: DocumentItem; logo: DocumentItem }> {
  const rider = await samplePdf('Tudor Vale - Technical rider 2026', [
    [
      'Line-up: Tudor Vale (keys, laptop, vocals), drums.',
      'PA: a full-range system for the room, with subwoofers, run by the venue.',
      'Desk: 16 inputs, 4 aux sends, at the front of house.',
      'Monitors: 3 wedges on 3 mixes (keys, vocals, drums).',
      'Power: 2 x 230 V sockets at the keys, 1 at the drums.',
    ],
    [
      'Input list: 1 kick, 2 snare, 3 hi-hat, 4-5 overheads,',
      '6-7 keys (DI), 8-9 laptop (DI), 10 vocal (SM58), 11 talkback.',
      'Set-up: 45 minutes. Soundcheck: 30 minutes. Show: 75 minutes.',
      'Contact on the day: booking@tudorvale.ro.',
    ],
  ]);
  const plot = await samplePdf('Tudor Vale - Stage plot', [['Stage at least 6 x 4 m; audience at the bottom of the page.']], true);
  return {
    rider: await storeDocument(files, 'sample-document-rider', 'Rider tehnic Tudor Vale 2026.pdf', 'pdf', rider),
    stagePlot: await storeDocument(files, 'sample-document-stage-plot', 'Plan de scenă Tudor Vale.pdf', 'pdf', plot),
    logo: await storeDocument(files, 'sample-document-logo', 'Logo Tudor Vale.svg', 'svg', Buffer.from(LOGO_SVG)),
  };
}
