/**
 * The audio pipeline's cost (server/media/audio/process.ts): a 5-minute 44.1 kHz stereo WAV (synthesised with lavfi:
 * a bass, a pulse and pink noise, so the encoders have real work) through processAudio, i.e. the probe, then one
 * decode into the Opus and AAC renditions, the EBU R128 loudness and true peak and the waveform, as a ratio of its
 * duration to the wall time (budget: at least 20× real time), and the peak resident memory of the FFmpeg process
 * itself, from GNU time's %M (wait4's ru_maxrss of that one process, exact, not sampled; Node's own memory is not in it).
 * Median of `runs`. Budgets: bench/budgets.json "audio".
 *
 *   npx tsx bench/audio.ts            prints the figures beside their budgets; exits 1 if one is missed
 *   npm run bench -- --only=audio     the same through the bench runner
 * `npm run bench` runs it too (bench/run.ts), unless --only=public.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ffmpeg } from '../server/media/audio/fixtures';
import { processAudio, type AudioResult } from '../server/media/audio/process';
import { median, ROOT, round, type Row } from './lib';

interface AudioBudget {
  seconds: number;
  runs: number;
  minRealTimeRatio: number;
  maxPeakRssMB: number;
}
const BUDGET = (JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { audio: AudioBudget }).audio;

/**
 * Music-like test audio, fast to make: a 55 Hz bass and a 220 Hz tone pulsing twice a second on both channels, with
 * pink noise of its own on each (so the channels differ and the encoders have real work).
 */
function makeWav(path: string, seconds: number) {
  const lavfi = (source: string) => ['-f', 'lavfi', '-i', `${source}:duration=${seconds}`];
  ffmpeg([
    ...lavfi('sine=frequency=55:sample_rate=44100'),
    ...lavfi('sine=frequency=220:sample_rate=44100'),
    ...lavfi('anoisesrc=color=pink:amplitude=0.1:sample_rate=44100:seed=1'),
    ...lavfi('anoisesrc=color=pink:amplitude=0.1:sample_rate=44100:seed=2'),
    '-filter_complex',
    '[1]tremolo=f=2:d=0.6[pulse];[0][pulse]amix=inputs=2:normalize=0,volume=2,asplit[a][b];[a][2]amix=inputs=2:normalize=0[l];[b][3]amix=inputs=2:normalize=0[r];[l][r]join=inputs=2:channel_layout=stereo',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
}

export async function runAudioBench(log: (message: string) => void = console.log): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scena-bench-audio-'));
  try {
    const wav = join(dir, 'five-minutes.wav');
    makeWav(wav, BUDGET.seconds);
    log(`audio: ${BUDGET.seconds} s 44.1 kHz stereo WAV, ${round(statSync(wav).size / 1024 / 1024)} MB`);
    const runs: AudioResult[] = [];
    for (let i = 0; i < BUDGET.runs; i++) {
      const outputs = { webm: join(dir, `run-${i}.webm`), m4a: join(dir, `run-${i}.m4a`) };
      const result = await processAudio(wav, 'wav', { outputs, measure: true });
      runs.push(result);
      log(
        `audio run ${i + 1}/${BUDGET.runs}: ${round(result.wallMs / 1000, 2)} s wall, ${round(result.durationMs / result.wallMs, 1)}× real time, ` +
          `FFmpeg CPU ${round((result.cpuMs ?? NaN) / 1000, 2)} s, peak RSS ${round((result.peakRssKB ?? NaN) / 1024)} MB; ${result.loudness} LUFS, ${result.peak} dBTP; ` +
          `Opus ${round(statSync(outputs.webm).size / 1024)} KB, AAC ${round(statSync(outputs.m4a).size / 1024)} KB`,
      );
      rmSync(outputs.webm);
      rmSync(outputs.m4a);
    }
    const ratio = round(median(runs.map((r) => r.durationMs / r.wallMs)), 1);
    const peak = round(median(runs.map((r) => (r.peakRssKB ?? Infinity) / 1024)));
    const cpuRatio = round(median(runs.map((r) => r.durationMs / (r.cpuMs ?? Infinity))), 1);
    const what = `${BUDGET.seconds / 60}-min 44.1 kHz stereo WAV to Opus + AAC + loudness + waveform, median of ${runs.length}`;
    return [
      {
        name: `Audio transcoding speed (duration / wall time), ${what}`,
        value: ratio,
        budget: `>= ${BUDGET.minRealTimeRatio}`,
        unit: '×',
        pass: ratio >= BUDGET.minRealTimeRatio,
        note: `runs ${runs.map((r) => round(r.durationMs / r.wallMs, 1)).join(', ')}×; load average ${loadavg()[0]!.toFixed(2)}; FFmpeg at nice 10, one decode`,
      },
      {
        // What the code costs whatever the machine's load: on a shared machine the wall time above grows with other people's work.
        name: `  the same runs against FFmpeg's CPU time (user + system), median`,
        value: cpuRatio,
        budget: '—',
        unit: '×',
        pass: true,
        note: `runs ${runs.map((r) => round(r.durationMs / (r.cpuMs ?? Infinity), 1)).join(', ')}×`,
      },
      {
        name: `Audio transcoding peak memory (FFmpeg's RSS, GNU time %M), median of ${runs.length}`,
        value: peak,
        budget: `<= ${BUDGET.maxPeakRssMB}`,
        unit: 'MB',
        pass: peak <= BUDGET.maxPeakRssMB,
        note: `runs ${runs.map((r) => round((r.peakRssKB ?? NaN) / 1024)).join(', ')} MB`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runAudioBench();
  for (const r of rows)
    console.log(`${r.budget === '—' ? 'info' : r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value} ${r.unit} (budget ${r.budget} ${r.unit}; ${r.note})`);
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}
