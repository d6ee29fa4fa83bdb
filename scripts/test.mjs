// `npm test`: every test, on a fresh machine too. Installs what is missing, then runs
// type checks, lint, unit and API tests (Vitest), the build, and the browser tests (Playwright),
// and ends with one summary line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
process.chdir(new URL('..', import.meta.url).pathname);
import { CADDY, CHROMIUM, ensureDebianPackages, ensureNodeModules, FFMPEG, FIRESTORE_EMULATOR, JAVA, NGINX, OPENSSL, RESTIC, run, SYSTEMD } from './ensure.mjs';

ensureNodeModules();
ensureDebianPackages([FFMPEG, CHROMIUM, JAVA, FIRESTORE_EMULATOR, NGINX, OPENSSL, RESTIC, CADDY, SYSTEMD]);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// The browser tests: one config (playwright.config.ts), one run per suite of its projects, so that each run
// starts only its own servers and a suite that cannot start (the emulators) does not hide the others' results.
// PLAYWRIGHT_JSON_OUTPUT_FILE takes the place of the config's report file.
const SUITES = ['public', 'server', 'firebase'];
const browserSuite = (suite) => [
  'npx',
  ['playwright', 'test', '--project', `${suite}-*`],
  // `build`: it tests the build (below).
  { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: `test-results/e2e-${suite}.json` }, build: true },
];

/**
 * The steps, in order. The steps of an inner list run at the same time (type check, lint, Prettier and the build:
 * each mostly one core's work for a few seconds, so on the 2 cores of CI two at a time finish in about half the
 * time), their output shown step by step once all have ended. A step marked `build` tests the build: it is left
 * out when the build failed (it would only fail again, for the wrong reason).
 */
const steps = [
  [
    ['Type check', 'npx', ['tsc', '-p', '.']],
    ['Lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['Format (Prettier)', 'npx', ['prettier', '--check', '.']],
    ['Build', 'npm', ['run', 'build', '--silent']],
  ],
  ['Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
  ['Browser tests: public page (static files, no backend)', ...browserSuite('public')],
  ['Browser tests: admin (Scena server, fresh database)', ...browserSuite('server')],
  [
    'Firebase: contract and rules on the Auth and Firestore emulators',
    'node',
    [
      'scripts/firebase-emulators.mjs',
      '--',
      'npx',
      'vitest',
      'run',
      '--project',
      'firebase',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/firebase.json',
    ],
  ],
  ['Browser tests: admin on Firebase (emulators)', ...browserSuite('firebase')],
];

/** CPU time (user + system, s) of the children this process has waited for, all their descendants included (Linux). */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of /proc/[pid]/stat (cutime, cstime), in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs steps at the same time, each one's output kept and shown in order once all have ended. */
async function together(group) {
  const results = await Promise.all(
    group.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => resolve({ name, status: code ?? 1, ms: Date.now() - started, output: Buffer.concat(output) }));
        }),
    ),
  );
  for (const { name, ms, output } of results) {
    console.log(`\n▶ ${name} (${seconds(ms)}, at the same time as ${results.length - 1} other steps)`);
    process.stdout.write(output);
  }
  return results;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failedSteps = [];
/** Each step's (or group's) wall-clock and CPU time, printed at the end: where the CI budget goes. */
const timings = [];
const started = Date.now();
const cpuAtStart = childCpu();
for (const step of steps) {
  const stepStarted = Date.now();
  const cpuBefore = childCpu();
  let results;
  if (Array.isArray(step[0])) {
    results = await together(step);
  } else {
    const [name, command, args, options = {}] = step;
    if (options.build && failedSteps.includes('Build')) {
      console.log(`\n▶ ${name}: not run (the build failed)`);
      continue;
    }
    console.log(`\n▶ ${name}`);
    results = [{ name, status: run(command, args, options), ms: Date.now() - stepStarted }];
  }
  const cpu = cpuBefore === undefined ? undefined : childCpu() - cpuBefore;
  timings.push({ names: results.map((r) => r.name), ms: Date.now() - stepStarted, cpu, each: results.length > 1 ? results.map((r) => r.ms) : undefined });
  for (const result of results) if (result.status !== 0) failedSteps.push(result.name);
}
console.log(`\nTime per step (wall clock; CPU: user + system of everything the step ran, ${availableParallelism()} cores):`);
for (const { names, ms, cpu, each } of timings) {
  const label = each ? `${names.map((name, i) => `${name} ${seconds(each[i])}`).join(' | ')} (at the same time)` : names[0];
  console.log(`  ${seconds(ms).padStart(8)}  CPU ${cpu === undefined ? '?' : seconds(cpu * 1000).padStart(8)}  ${label}`);
}
const cpuAll = cpuAtStart === undefined ? '?' : seconds((childCpu() - cpuAtStart) * 1000);
console.log(`  ${seconds(Date.now() - started).padStart(8)}  CPU ${cpuAll.padStart(8)}  in all`);

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
const units = ['test-results/unit.json', 'test-results/firebase.json'].map(read);
const unit = units.every(Boolean)
  ? Object.fromEntries(['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'].map((k) => [k, units[0][k] + units[1][k]]))
  : undefined;
const browser = SUITES.map((suite) => read(`test-results/e2e-${suite}.json`));
const sum = (pick) => browser.reduce((n, report) => n + (report ? pick(report.stats) : 0), 0);
const passed = (unit?.numPassedTests ?? 0) + sum((s) => s.expected);
const failed = (unit?.numFailedTests ?? 0) + sum((s) => s.unexpected + s.flaky);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + sum((s) => s.skipped);

console.log(`\nUnit, API and Firebase: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`);
for (const [i, name] of ['Browser, public page', 'Browser, admin on the server', 'Browser, admin on Firebase'].entries()) {
  const s = browser[i]?.stats;
  console.log(`${name}: ${s ? `${s.expected} passed, ${s.unexpected + s.flaky} failed` : 'no report'}`);
}
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
// Skipped tests do not count as passing: any skip fails the run.
if (skipped) console.log(`Skipped tests: ${skipped} (not allowed)`);
console.log(`${passed} passed, ${failed + (failedSteps.length && !failed ? failedSteps.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed || skipped || !unit || browser.some((r) => !r) ? 1 : 0);
