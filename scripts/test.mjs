// `npm test`: every test, on a fresh machine too. Installs what is missing, then runs
// type checks, lint, unit and API tests (Vitest), the build, and the browser tests (Playwright),
// and ends with one summary line: "N passed, N failed".
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
process.chdir(new URL('..', import.meta.url).pathname);
import { CADDY, CHROMIUM, ensureDebianPackages, ensureNodeModules, FIRESTORE_EMULATOR, JAVA, NGINX, OPENSSL, RESTIC, run, SYSTEMD } from './ensure.mjs';

ensureNodeModules();
ensureDebianPackages([CHROMIUM, JAVA, FIRESTORE_EMULATOR, NGINX, OPENSSL, RESTIC, CADDY, SYSTEMD]);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// The browser tests: one config (playwright.config.ts), one run per suite of its projects, so that each run
// starts only its own servers and a suite that cannot start (the emulators) does not hide the others' results.
// PLAYWRIGHT_JSON_OUTPUT_FILE takes the place of the config's report file.
const SUITES = ['public', 'server', 'firebase'];
const browserSuite = (suite) => [
  'npx',
  ['playwright', 'test', '--project', `${suite}-*`],
  { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: `test-results/e2e-${suite}.json` } },
];

const steps = [
  ['Type check', 'npx', ['tsc', '-p', '.']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Format (Prettier)', 'npx', ['prettier', '--check', '.']],
  ['Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
  ['Build', 'npm', ['run', 'build', '--silent']],
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

const failedSteps = [];
for (const [name, command, args, options] of steps) {
  console.log(`\n▶ ${name}`);
  if (run(command, args, options) === 0) continue;
  failedSteps.push(name);
  // Every later step tests the build: without one they would only fail again, for the wrong reason.
  if (name === 'Build') break;
}

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
