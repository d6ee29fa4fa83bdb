// `npm test`: every test, on a fresh machine too. Installs what is missing, then runs
// type checks, lint, unit and API tests (Vitest), the build, and the browser tests (Playwright),
// and ends with one summary line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
process.chdir(new URL('..', import.meta.url).pathname);
import {
  CADDY,
  CHROMIUM,
  ensureDebianPackages,
  ensureNode,
  ensureNodeModules,
  FFMPEG,
  FIRESTORE_EMULATOR,
  JAVA,
  NGINX,
  OPENSSL,
  RESTIC,
  run,
  SYSTEMD,
} from './ensure.mjs';

ensureNodeModules();
ensureDebianPackages([FFMPEG, CHROMIUM, JAVA, FIRESTORE_EMULATOR, NGINX, OPENSSL, RESTIC, CADDY, SYSTEMD]);
// The unit and API tests run on Node 24 too (docs/decisions/0037-node-versions-and-ci-time.md): its official build, cached.
const node24 = ensureNode(24);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// The browser tests: one config (playwright.config.ts), one run per suite of its projects, so that each run
// starts only its own servers and a suite that cannot start (the emulators) does not hide the others' results.
// PLAYWRIGHT_JSON_OUTPUT_FILE takes the place of the config's report file.
// The admin's suite on Scena's server is four runs: desktop and phone, and each of the three chains of stages after
// them (history … audio, samples and audience, releases … account: e2e/browsers.ts), each on a server of its own. In
// one run the chains would march in step (Playwright starts a stage only once every stage of the step before has
// ended, in any chain).
// Each: its projects on the command line (a chain's last stage: Playwright runs the stages before it, in order), and
// its line in the summary.
const SUITES = {
  public: { projects: ['public-*'], label: 'Browser, public page' },
  server: { projects: ['server-desktop', 'server-phone'], label: 'Browser, admin on the server (desktop, phone)' },
  'server-chain1': { projects: ['server-notices'], label: 'Browser, admin on the server (history, media, audio, notices)' },
  'server-chain2': { projects: ['server-audience'], label: 'Browser, admin on the server (samples, audience)' },
  'server-chain3': { projects: ['server-account'], label: 'Browser, admin on the server (releases … account)' },
  firebase: { projects: ['firebase-*'], label: 'Browser, admin on Firebase' },
};
const browserSuite = (suite) => [
  'npx',
  ['playwright', 'test', '--project', ...SUITES[suite].projects],
  // `build`: it tests the build (below).
  { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: `test-results/e2e-${suite}.json` }, build: true },
];

const firebaseContract = [
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
];

/**
 * The unit and API files that run on Node 24 as well (decision 0037): those whose behaviour rests on the runtime more
 * than on our code: the HTTP server's connections and time limits (linger.ts reads Node's own close), TLS, SMTP over
 * sockets, fetch, native add-ons (argon2 at every sign-in, libsql under every server), ICU's dates and numbers, streams
 * to files (an upload in pieces). Session 17 left out the files that test our code more than the runtime's (the API's
 * routes, the account, the calendar, the media server) and the SIGKILL chaos (SQLite's own durability: the same
 * N-API binary on every Node), 227 s of a loaded lane (docs/decisions/0043, amendment). The whole unit project on 24
 * (`npm run test:node24`) takes as long as on 20 (~4 min on 2 cores): too long for CI's 15 minutes beside the
 * browser suites.
 */
const ON_NODE_24 = [
  'server/refusals-arrive.test.ts',
  'server/slow-clients.test.ts',
  'server/upload-pieces.test.ts',
  'server/https-nginx.test.ts',
  'server/booking-mail.test.ts',
  'src/lib/format-count.test.ts',
  'src/content/shows.test.ts',
];
const onNode24 = [
  `Unit and API tests on Node 24 (${node24.version}, ${ON_NODE_24.length} files)`,
  join(node24.bin, 'node'),
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'unit',
    ...ON_NODE_24,
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/unit-node24.json',
  ],
  // Its npx, tsx and child servers on 24 too.
  { env: { PATH: `${node24.bin}:${process.env.PATH}` } },
];

/**
 * The steps, in order. The members of an inner list run at the same time, their output shown step by step once all
 * have ended; a member that is itself a list is a lane, its steps one after another. Type check, lint, Prettier and the
 * build each mostly one core's work for a few seconds, so on the 2 cores of CI two at a time finish in about half the
 * time. The unit and API tests then run beside the Firebase contract and then the admin on Firebase in the browser (the
 * unit tests keep about one core busy: a CPU sampler beside a clean-clone run; the contract mostly waits on the
 * emulators; beside three browser suites the unit tests took three times as long and timed out). Five lanes of browser
 * tests run at once after them: the admin on Scena's server, desktop and phone; each chain of its later stages, one
 * stage after another on a server of its own; the public page, then the files on Node 24. Each Firebase step starts
 * its own emulators on free ports. A step marked `build` tests the build: it is left out when the build failed (it
 * would only fail again, for the wrong reason). Where the time goes, measured: docs/decisions/0043.
 */
const steps = [
  [
    ['Type check', 'npx', ['tsc', '-p', '.']],
    ['Lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['Format (Prettier)', 'npx', ['prettier', '--check', '.']],
    ['Build', 'npm', ['run', 'build', '--silent']],
  ],
  // The Firebase contract's rules tests timed out beside three browser suites (decision 0043): here, beside the unit
  // tests, and the Firebase browser suite after it.
  [
    ['Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
    [firebaseContract, ['Browser tests: admin on Firebase (emulators)', ...browserSuite('firebase')]],
  ],
  [
    ['Browser tests: admin (Scena server, fresh database), desktop and phone', ...browserSuite('server')],
    ['Browser tests: admin (Scena server), history, media, audio, notices on a server of their own', ...browserSuite('server-chain1')],
    ['Browser tests: admin (Scena server), samples and audience on a server of their own', ...browserSuite('server-chain2')],
    ['Browser tests: admin (Scena server), releases … account on a server of their own', ...browserSuite('server-chain3')],
    [['Browser tests: public page (static files, no backend)', ...browserSuite('public')], onNode24],
  ],
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

/** Runs one step with its output kept (shown once its group has ended); resolves with its result. */
function runKept([name, command, args, options = {}]) {
  if (options.build && failedSteps.includes('Build'))
    return Promise.resolve({ name, status: 0, ms: 0, output: Buffer.from('not run (the build failed)\n'), skipped: true });
  return new Promise((resolve) => {
    const started = Date.now();
    const env = { ...process.env, ...options.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ name, status: code ?? 1, ms: Date.now() - started, output: Buffer.concat(output) }));
  });
}

/** Runs steps (or lanes of steps) at the same time, each step's output kept and shown in order once all have ended. */
async function together(group) {
  const lanes = group.map((member) => (Array.isArray(member[0]) ? member : [member]));
  const laneResults = await Promise.all(
    lanes.map(async (lane) => {
      const results = [];
      for (const step of lane) {
        const result = await runKept(step);
        results.push(result);
        if (result.status !== 0) failedSteps.push(result.name);
      }
      return results;
    }),
  );
  const results = laneResults.flat();
  const others = results.length - 1;
  for (const { name, ms, output, skipped } of results) {
    console.log(skipped ? `\n▶ ${name}: not run (the build failed)` : `\n▶ ${name} (${seconds(ms)}, beside ${others} other step${others === 1 ? '' : 's'})`);
    if (!skipped) process.stdout.write(output);
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
    // Their failures are recorded as each step ends (a later step of a lane may test the build).
    results = await together(step);
    timings.push({
      names: results.map((r) => r.name),
      ms: Date.now() - stepStarted,
      cpu: cpuBefore === undefined ? undefined : childCpu() - cpuBefore,
      each: results.map((r) => r.ms),
    });
    continue;
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
const units = ['test-results/unit.json', 'test-results/firebase.json', 'test-results/unit-node24.json'].map(read);
const unit = units.every(Boolean)
  ? Object.fromEntries(['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'].map((k) => [k, units.reduce((n, report) => n + report[k], 0)]))
  : undefined;
const browser = Object.keys(SUITES).map((suite) => ({ label: SUITES[suite].label, report: read(`test-results/e2e-${suite}.json`) }));
const sum = (pick) => browser.reduce((n, { report }) => n + (report ? pick(report.stats) : 0), 0);
const passed = (unit?.numPassedTests ?? 0) + sum((s) => s.expected);
const failed = (unit?.numFailedTests ?? 0) + sum((s) => s.unexpected + s.flaky);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + sum((s) => s.skipped);

// CI keeps only the log's tail: each failure is said again here, with the first lines of its error.
const firstLines = (text, n = 14) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')
    .slice(0, n)
    .map((line) => `      ${line}`)
    .join('\n');
const failures = [];
for (const report of units.filter(Boolean))
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push({ title: `${relative(process.cwd(), file.name)} › ${test.fullName}`, error: (test.failureMessages ?? []).join('\n') });
const walk = (suite, file) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const result = test.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        failures.push({
          title: `[${test.projectName}] ${spec.file ?? file}:${spec.line} › ${spec.title}`,
          error: result?.error?.message ?? result?.errors?.map((e) => e.message).join('\n'),
        });
      }
  for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
};
for (const { report } of browser) for (const suite of report?.suites ?? []) walk(suite, suite.file);
if (failures.length) {
  console.log(`\nFailures (${failures.length}):`);
  for (const { title, error } of failures.slice(0, 10)) console.log(`  ✘ ${title}\n${firstLines(error)}`);
  if (failures.length > 10) console.log(`  … and ${failures.length - 10} more (above, in each step's output)`);
}

console.log(
  `\nUnit, API (on this Node and, in part, on 24) and Firebase: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`,
);
for (const { label, report } of browser) {
  const s = report?.stats;
  console.log(`${label}: ${s ? `${s.expected} passed, ${s.unexpected + s.flaky} failed` : 'no report'}`);
}
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
// Skipped tests do not count as passing: any skip fails the run.
if (skipped) console.log(`Skipped tests: ${skipped} (not allowed)`);
console.log(`${passed} passed, ${failed + (failedSteps.length && !failed ? failedSteps.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed || skipped || !unit || browser.some(({ report }) => !report) ? 1 : 0);
