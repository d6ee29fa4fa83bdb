// Where a test run's CPU goes: samples every process each second (Linux /proc) and, when stopped (Ctrl-C or SIGTERM),
// prints the CPU seconds by suite (the nearest ancestor whose command line names a `--project`) and by kind of process
// (Chromium's renderers, its browser and GPU processes, Playwright's workers, Scena's servers, Java for the emulators …).
// Processes that live less than a second are partly missed, so the sums are low. Decision 0043 was measured with it:
//   node scripts/ci-cpu.mjs > /tmp/cpu.txt & CI=true bash .ci/run; kill %1
import { readdirSync, readFileSync } from 'node:fs';

const seen = new Map();
const commandOf = new Map();
const parentOf = new Map();

function kind(command) {
  if (/chromium/.test(command)) {
    if (/--type=renderer/.test(command)) return 'chromium renderer';
    if (/--type=gpu/.test(command)) return 'chromium gpu';
    return /--type=/.test(command) ? 'chromium other' : 'chromium browser';
  }
  if (/workerProcessEntry/.test(command)) return 'playwright worker';
  if (/playwright/.test(command)) return 'playwright runner';
  if (/ffmpeg|ffprobe/.test(command)) return 'ffmpeg';
  if (/server\/index\.ts/.test(command)) return 'scena server';
  if (/java/.test(command)) return 'java (firestore emulator)';
  if (/auth-emulator/.test(command)) return 'auth emulator';
  if (/vitest/.test(command)) return 'vitest';
  if (/\btsc\b|eslint|prettier|vite.*build|run\0build/.test(command)) return 'static checks and builds';
  return `other: ${command.split('\0').slice(0, 2).join(' ').slice(-50)}`;
}

function suiteOf(command) {
  const project = /--project\0([^\0]+)/.exec(command);
  if (project) return `${/playwright/.test(command) ? 'browser' : 'vitest'} ${project[1]}`;
  return /\btsc\0|eslint|prettier|run\0build/.test(command) ? 'static checks and build' : undefined;
}

function suiteFor(pid) {
  for (let p = pid, i = 0; p && p !== '1' && i < 30; i++, p = parentOf.get(p)) {
    const suite = commandOf.has(p) ? suiteOf(commandOf.get(p)) : undefined;
    if (suite) return suite;
  }
  return 'other';
}

function tick() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      parentOf.set(pid, fields[1]);
      if (!commandOf.has(pid)) commandOf.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      // utime + stime in clock ticks (100 a second); keyed with the start time, as pids are reused.
      const cpu = Number(fields[11]) + Number(fields[12]);
      const key = `${pid}:${fields[19]}`;
      let entry = seen.get(key);
      if (!entry) {
        if (!commandOf.get(pid)) continue;
        entry = { kind: kind(commandOf.get(pid)), first: cpu, cpu };
        seen.set(key, entry);
      }
      entry.cpu = cpu;
      if (!entry.suite || entry.suite === 'other') entry.suite = suiteFor(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

const timer = setInterval(tick, 1000);
tick();
function report() {
  clearInterval(timer);
  const bySuite = new Map();
  const byKind = new Map();
  for (const { suite, kind: k, first, cpu } of seen.values()) {
    const seconds = (cpu - first) / 100;
    bySuite.set(suite, (bySuite.get(suite) ?? 0) + seconds);
    byKind.set(`${suite} | ${k}`, (byKind.get(`${suite} | ${k}`) ?? 0) + seconds);
  }
  const table = (map, least) =>
    [...map]
      .filter(([, s]) => s >= least)
      .sort((a, b) => b[1] - a[1])
      .map(([name, s]) => `${s.toFixed(1).padStart(8)} s  ${name}`)
      .join('\n');
  console.log(`CPU by suite:\n${table(bySuite, 0.5)}\n\nCPU by suite and process:\n${table(byKind, 2)}`);
  process.exit(0);
}
process.on('SIGTERM', report);
process.on('SIGINT', report);
