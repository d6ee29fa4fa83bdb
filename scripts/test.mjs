// `npm test`: every test, on a fresh machine too. Installs what is missing, then runs
// type checks, lint, unit and API tests (Vitest), the build, and the browser tests (Playwright),
// and ends with one summary line: "N passed, N failed".
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
process.chdir(new URL('..', import.meta.url).pathname);
import { CHROMIUM, ensureDebianPackages, ensureNodeModules, FIRESTORE_EMULATOR, JAVA, NGINX, OPENSSL, run } from './ensure.mjs';

ensureNodeModules();
ensureDebianPackages([CHROMIUM, JAVA, FIRESTORE_EMULATOR, NGINX, OPENSSL]);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const steps = [
  ['Type check', 'npx', ['tsc', '-p', '.']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Format (Prettier)', 'npx', ['prettier', '--check', '.']],
  ['Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
  ['Build', 'npm', ['run', 'build', '--silent']],
  ['Browser tests: public page (static files, no backend)', 'npx', ['playwright', 'test']],
  ['Browser tests: admin (Scena server, fresh database)', 'npx', ['playwright', 'test', '-c', 'playwright.admin.config.ts']],
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
  ['Browser tests: admin on Firebase (emulators)', 'npx', ['playwright', 'test', '-c', 'playwright.firebase.config.ts']],
];

const failedSteps = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  if (run(command, args) === 0) continue;
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
const browser = ['test-results/e2e.json', 'test-results/e2e-admin.json', 'test-results/e2e-firebase.json'].map(read);
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
