/**
 * The image pipeline's cost (server/media/images.ts): time and peak memory to check and process a
 * 24-megapixel photo into its 15 variants and placeholder, median of 3, each run in a fresh Node process
 * (its peak resident memory is the process's, Node included). Budgets: bench/budgets.json "images".
 *
 *   npx tsx bench/images.ts        prints the figures beside their budgets; exits 1 if one is missed
 * `npm run bench` runs it too (bench/run.ts), unless --only=public.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { median, ROOT, round, type Row } from './lib';

interface ImageBudget {
  megapixels: number;
  runs: number;
  maxSeconds: number;
  maxPeakRssMB: number;
}
const BUDGET = (JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { images: ImageBudget }).images;

/** One run, in this process when called as the worker: prints { ms, peakRssMB, variants, bytes }. */
async function worker(file: string) {
  const { checkImage, processImage, sniffType } = await import('../server/media/images');
  const head = readFileSync(file).subarray(0, 16);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const checked = await checkImage(file, sniffType(head)!);
  const processed = await processImage(file, checked);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const bytes = processed.variants.reduce((sum, v) => sum + v.data.length, 0);
  // maxRSS is in kilobytes.
  console.log(JSON.stringify({ ms, cpuMs, peakRssMB: process.resourceUsage().maxRSS / 1024, variants: processed.variants.length, bytes }));
}

/** A 6000 × 4000 photo-like JPEG: noise blurred into texture (an encoder's hard case), at camera quality. */
async function makePhoto(file: string, megapixels: number) {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 2));
  const height = Math.round((width * 2) / 3);
  const noise = await sharp({
    create: { width: width >> 2, height: height >> 2, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  await sharp(noise).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 90 }).toFile(file);
  return { width, height };
}

export async function runImageBench(log: (message: string) => void = console.log): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scena-bench-images-'));
  try {
    const file = join(dir, 'photo.jpg');
    const { width, height } = await makePhoto(file, BUDGET.megapixels);
    const runs: { ms: number; cpuMs: number; peakRssMB: number; variants: number; bytes: number }[] = [];
    for (let i = 0; i < BUDGET.runs; i++) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/images.ts'), '--worker', file], { cwd: ROOT, encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`the image worker failed: ${out.stderr}`);
      const run = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as (typeof runs)[number];
      runs.push(run);
      log(
        `image run ${i + 1}/${BUDGET.runs}: ${round(run.ms / 1000, 2)} s (CPU ${round(run.cpuMs / 1000, 2)} s), peak RSS ${round(run.peakRssMB)} MB, ${run.variants} variants, ${round(run.bytes / 1024)} KB`,
      );
    }
    const seconds = round(median(runs.map((r) => r.ms)) / 1000, 2);
    const cpuSeconds = round(median(runs.map((r) => r.cpuMs)) / 1000, 2);
    const peak = round(median(runs.map((r) => r.peakRssMB)));
    const what = `${width} × ${height} JPEG (${BUDGET.megapixels} MP) to ${runs[0]!.variants} variants + placeholder`;
    return [
      {
        // CPU time: libvips runs on one thread, so on a quiet machine it is the time the upload waits; on a
        // busy one the wall time below grows with the load and says little about the code.
        name: `Image processing CPU time, ${what}, median of ${runs.length}`,
        value: cpuSeconds,
        budget: `<= ${BUDGET.maxSeconds}`,
        unit: 's',
        pass: cpuSeconds <= BUDGET.maxSeconds,
        note: `runs ${runs.map((r) => round(r.cpuMs / 1000, 2)).join(', ')} s; libvips on 1 thread (sharp.concurrency(1))`,
      },
      {
        name: `  wall time of the same runs, median`,
        value: seconds,
        budget: '—',
        unit: 's',
        pass: true,
        note: `runs ${runs.map((r) => round(r.ms / 1000, 2)).join(', ')} s`,
      },
      {
        name: `Image processing peak memory (the process's RSS, Node included), median of ${runs.length}`,
        value: peak,
        budget: `<= ${BUDGET.maxPeakRssMB}`,
        unit: 'MB',
        pass: peak <= BUDGET.maxPeakRssMB,
        note: `runs ${runs.map((r) => round(r.peakRssMB)).join(', ')} MB`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--worker');
  if (at > 0) await worker(process.argv[at + 1]!);
  else {
    const rows = await runImageBench();
    for (const r of rows) console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value} ${r.unit} (budget ${r.budget} ${r.unit}; ${r.note})`);
    process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
  }
}
