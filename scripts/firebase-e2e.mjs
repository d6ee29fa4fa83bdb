// The admin browser tests' site in Firebase mode (playwright.config.ts starts it for the firebase-* projects, inside
// scripts/firebase-emulators.mjs): empties the emulators, makes the two accounts of e2e/admin
// (the admin through scripts/firebase-set-admin.ts, verified and with the admin claim; a fan who is not the admin),
// builds the site with its Firebase settings pointing at the emulators into dist-firebase/, and
// serves it as static files, as Firebase Hosting would.
//   PORT=4323 node scripts/firebase-emulators.mjs -- node scripts/firebase-e2e.mjs
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const firestore = process.env.FIRESTORE_EMULATOR_HOST;
const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const project = process.env.SCENA_FIREBASE_PROJECT ?? 'demo-scena';
if (!firestore || !auth) {
  console.error('✖ The Firebase emulators are not running. Run: node scripts/firebase-emulators.mjs -- node scripts/firebase-e2e.mjs');
  process.exit(1);
}
const PORT = process.env.PORT ?? '4323';
const OUT = process.env.SCENA_FIREBASE_DIST ?? 'dist-firebase';
const ADMIN = { email: 'admin@scena.test', password: 'Violet-Studio-Nights-42' };
const FAN = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

function step(what, command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${what} failed: ${command} ${args.join(' ')}`);
    process.exit(1);
  }
  console.log(`✓ ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function call(url, init, what) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

// A fresh start: no documents, no accounts.
await call(`http://${firestore}/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' }, 'Clearing Firestore');
await call(`http://${auth}/emulator/v1/projects/${project}/accounts`, { method: 'DELETE' }, 'Clearing Auth');
step(
  'The admin account, verified, with the admin claim',
  'npx',
  ['tsx', 'scripts/firebase-set-admin.ts', ADMIN.email, '--create', '--verify', '--project', project],
  {
    FIREBASE_ADMIN_PASSWORD: ADMIN.password,
  },
);
await call(
  `http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
  { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...FAN, returnSecureToken: true }) },
  'Signing up the fan',
);
console.log(`✓ The fan account ${FAN.email} (not the admin)`);

const buildEnv = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${project}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: project,
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_ADMIN_EMAIL: ADMIN.email,
  VITE_FIREBASE_EMULATORS: `auth=${auth},firestore=${firestore}`,
};
rmSync(OUT, { recursive: true, force: true });
step('Public page build', 'npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `${OUT}/client`], buildEnv);
step('Admin build', 'npx', ['vite', 'build', '--logLevel', 'warn', '--mode', 'admin', '--outDir', `${OUT}/client`], buildEnv);
step('SSR build', 'npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx', '--outDir', `${OUT}/server`], buildEnv);
step('Prerender', 'npx', ['tsx', 'scripts/prerender.ts'], { ...buildEnv, SCENA_DIST: OUT });

// Plain node (not npx, which does not pass signals on), so stopping this script stops the servers.
// Two kinds of static host: without a fallback (404.html, as Firebase Hosting without rewrites) on
// PORT, and, when SCENA_INDEX_FALLBACK_PORT is set, one that falls back to index.html
// (e2e/admin/static-hosts.spec.ts).
const serve = (port, fallback) =>
  spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-static.ts', '--port', port, '--root', `${OUT}/client`, '--fallback', fallback], {
    stdio: 'inherit',
  });
const servers = [serve(PORT, 'none')];
if (process.env.SCENA_INDEX_FALLBACK_PORT) servers.push(serve(process.env.SCENA_INDEX_FALLBACK_PORT, 'index'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => servers.forEach((server) => server.kill('SIGTERM')));
for (const server of servers)
  server.on('exit', (code) => {
    servers.forEach((other) => other !== server && other.kill('SIGTERM'));
    process.exit(code ?? 0);
  });
