// Runs a command with the real Firebase emulators beside it, on free loopback ports:
//   node scripts/firebase-emulators.mjs -- npx vitest run --project firebase
// - Firestore: the emulator jar of Debian's google-cloud-cli-firestore-emulator, run with Java 17
//   (firebase-tools 15 itself refuses Java < 21), with firebase/firestore.rules for the test admin.
// - Auth: the Auth emulator of the firebase-tools npm package (scripts/firebase-auth-emulator.mjs).
// The command gets FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, GCLOUD_PROJECT and
// SCENA_FIREBASE_PROJECT / SCENA_ADMIN_EMAIL; both emulators are stopped by their PIDs afterwards,
// whatever happens. A missing Java or jar fails loudly: these tests never pass by skipping.
// Plain Node with no dependencies besides firebase-tools itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rulesForAdmin } from './firebase-rules.mjs';

export const FIRESTORE_JAR = process.env.FIRESTORE_EMULATOR_JAR ?? '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const PROJECT = process.env.SCENA_FIREBASE_PROJECT ?? 'demo-scena';
const ADMIN_EMAIL = process.env.SCENA_ADMIN_EMAIL ?? 'admin@scena.test';
const HOST = '127.0.0.1';

const separator = process.argv.indexOf('--');
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command.length === 0) fail('Usage: node scripts/firebase-emulators.mjs -- COMMAND [ARGS...]');
if (!PROJECT.startsWith('demo-')) fail(`SCENA_FIREBASE_PROJECT must be a demo- project id (no credentials needed), not "${PROJECT}".`);

function fail(message) {
  console.error(`\n✖ Firebase emulators: ${message}\n`);
  process.exit(1);
}

// Preconditions, each with what to do about it.
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error || java.status !== 0) {
  fail('Java is missing (the Firestore emulator needs it). Install it: apt-get install -y openjdk-17-jre-headless');
}
if (!existsSync(FIRESTORE_JAR)) {
  fail(
    `the Firestore emulator jar is missing: ${FIRESTORE_JAR}\n  Install it: apt-get install -y google-cloud-cli-firestore-emulator (or set FIRESTORE_EMULATOR_JAR).`,
  );
}
if (!existsSync('node_modules/firebase-tools/lib/bin/firebase.js')) {
  fail('firebase-tools is missing (the Auth emulator comes from it). Run: npm ci');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const [firestorePort, authPort] = [await freePort(), await freePort()];
const work = mkdtempSync(join(tmpdir(), 'scena-emulators-'));
const rulesFile = join(work, 'firestore.rules');
writeFileSync(rulesFile, rulesForAdmin(ADMIN_EMAIL));

/** Children we started, stopped by PID (and their process groups) at the end. */
const children = [];
function start(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, ...env } });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-20_000);
    if (process.env.SCENA_EMULATOR_LOGS) process.stderr.write(`[${name}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const entry = { name, child, log: () => log, exited: false };
  child.on('exit', () => (entry.exited = true));
  children.push(entry);
  return entry;
}

let stopping;
function stopAll() {
  stopping ??= (async () => {
    for (const { child, exited } of children) {
      if (exited || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    const deadline = Date.now() + 8_000;
    while (children.some((c) => !c.exited) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (const { child, exited } of children) {
      if (exited || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(work, { recursive: true, force: true });
  })();
  return stopping;
}

async function waitFor(entry, url, what) {
  // Cold starts are CPU-bound (the Auth emulator compiles its API schema): slow on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (entry.exited) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error(entry.log());
  await stopAll();
  fail(`${what} did not start${entry.exited ? ' (it exited)' : ' within 180 s'}; its output is above.`);
}

const started = Date.now();
const firestore = start('firestore', 'java', [
  '-cp',
  FIRESTORE_JAR,
  'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
  '--host',
  HOST,
  '--port',
  String(firestorePort),
  '--project_id',
  PROJECT,
  '--rules',
  rulesFile,
]);
const auth = start('auth', process.execPath, ['scripts/firebase-auth-emulator.mjs', '--host', HOST, '--port', String(authPort), '--project', PROJECT]);

/** The command, once started: stopped with us when we are told to stop. */
let run;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (run && run.exitCode === null) run.kill(signal);
    void stopAll().then(() => process.exit(130));
  });
}

await Promise.all([
  waitFor(firestore, `http://${HOST}:${firestorePort}/`, 'The Firestore emulator'),
  waitFor(auth, `http://${HOST}:${authPort}/emulator/v1/projects/${PROJECT}/config`, 'The Auth emulator'),
]);
console.log(
  `Firebase emulators ready in ${((Date.now() - started) / 1000).toFixed(1)} s: Firestore ${HOST}:${firestorePort}, Auth ${HOST}:${authPort} (project ${PROJECT}, admin ${ADMIN_EMAIL})`,
);

// The Firestore emulator's first query and first rules check take seconds (JIT warm-up, long on a
// busy machine): pay them here, not inside a test's time-out.
const warmStarted = Date.now();
const documents = `http://${HOST}:${firestorePort}/v1/projects/${PROJECT}/databases/(default)/documents`;
await Promise.allSettled([
  fetch(`${documents}/settings/main`),
  fetch(`${documents}/releases`),
  fetch(`${documents}:runQuery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'collaborators' }] } }),
  }),
  fetch(`${documents}/stats/main`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fields: { monthlyListeners: { integerValue: '1' } } }),
  }),
]);
console.log(`Firestore emulator warmed up in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s`);

const env = {
  ...process.env,
  FIRESTORE_EMULATOR_HOST: `${HOST}:${firestorePort}`,
  FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${authPort}`,
  GCLOUD_PROJECT: PROJECT,
  SCENA_FIREBASE_PROJECT: PROJECT,
  SCENA_ADMIN_EMAIL: ADMIN_EMAIL,
};
const [bin, ...args] = command;
run = spawn(bin, args, { stdio: 'inherit', env });
const code = await new Promise((resolve) => {
  run.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  run.on('error', (error) => {
    console.error(error);
    resolve(1);
  });
});
const crashed = children.filter((entry) => entry.exited);
for (const entry of crashed) console.error(`✖ The ${entry.name} emulator stopped during the run:\n${entry.log()}`);
await stopAll();
process.exit(crashed.length ? 1 : code);
