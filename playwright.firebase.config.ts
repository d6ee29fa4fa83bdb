/**
 * The admin browser tests (e2e/admin, the same specs as playwright.admin.config.ts), run once more
 * against Firebase: a build whose Firebase settings point at the real Auth and Firestore emulators,
 * served as static files as Firebase Hosting would. One command starts everything and stops it after:
 *   npx playwright test -c playwright.firebase.config.ts
 * (the web server is scripts/firebase-emulators.mjs around scripts/firebase-e2e.mjs: emulators,
 * accounts, build into dist-firebase/, static server).
 */
import { defineConfig, devices } from '@playwright/test';

const PORT = 4323;
// Tells specs which backend serves the site (the runner's environment reaches its workers), e.g. to hold
// a save: the server's is PUT /api/admin/settings, Firestore's is POST …/documents:commit.
process.env.SCENA_E2E_BACKEND = 'firebase';
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** Tests that check what only Scena's own server does (its exact refusal of a tampered request). */
const serverOnly = /@server-only/;

export default defineConfig({
  testDir: 'e2e/admin',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-firebase.json' }]],
  outputDir: 'test-results/firebase-artifacts',
  use: { baseURL: `http://127.0.0.1:${PORT}`, headless: true, launchOptions, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'firebase-desktop',
      grepInvert: [/@phone/, serverOnly],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'firebase-phone',
      grep: /@phone/,
      grepInvert: serverOnly,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent, launchOptions },
    },
  ],
  webServer: {
    command: 'node scripts/firebase-emulators.mjs -- node scripts/firebase-e2e.mjs',
    url: `http://127.0.0.1:${PORT}/admin/login`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    // Emulators (~10-30 s on a busy machine) and three Vite builds.
    timeout: 300_000,
    stdout: 'pipe',
    // SIGTERM lets the emulator script stop Java and the Auth emulator by their PIDs.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
