/**
 * The admin browser tests (e2e/admin, the same specs as playwright.admin.config.ts), run once more
 * against Firebase: a build whose Firebase settings point at the real Auth and Firestore emulators,
 * served as static files as Firebase Hosting would. One command starts everything and stops it after:
 *   npx playwright test -c playwright.firebase.config.ts
 * (the web server is scripts/firebase-emulators.mjs around scripts/firebase-e2e.mjs: emulators,
 * accounts, build into dist-firebase/, static server).
 */
import { defineConfig } from '@playwright/test';
import { adminSuite } from './e2e/browsers';

const PORT = Number(process.env.SCENA_PORT_BASE ?? 4321) + 2;
// The same Firebase build on a host that falls back to index.html (e2e/admin/static-hosts.spec.ts).
const INDEX_FALLBACK_PORT = PORT + 2;
process.env.SCENA_INDEX_FALLBACK_ORIGIN = `http://127.0.0.1:${INDEX_FALLBACK_PORT}`;
// Tells specs which backend serves the site (the runner's environment reaches its workers), e.g. to hold
// a save: the server's is PUT /api/admin/settings, Firestore's is POST …/documents:commit.
process.env.SCENA_E2E_BACKEND = 'firebase';

/** Tests that check what only Scena's own server does (its exact refusal of a tampered request). */
const serverOnly = /@server-only/;

export default defineConfig(
  adminSuite({
    name: 'firebase',
    port: PORT,
    exclude: serverOnly,
    webServer: {
      command: 'node scripts/firebase-emulators.mjs -- node scripts/firebase-e2e.mjs',
      env: { PORT: String(PORT), SCENA_INDEX_FALLBACK_PORT: String(INDEX_FALLBACK_PORT) },
      // Emulators (~10-30 s on a busy machine) and three Vite builds.
      timeout: 300_000,
      stdout: 'pipe',
      // SIGTERM lets the emulator script stop Java and the Auth emulator by their PIDs.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  }),
);
