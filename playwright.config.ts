/**
 * Browser tests of the public page, against the built site served as static files (the `none` backend).
 * Run the build first: `npm run build && npx playwright test`.
 * Debian's Chromium is used as is (no `npx playwright install`: these machines cannot download browsers).
 */
import { defineConfig } from '@playwright/test';
import { desktop, launchOptions, phone } from './e2e/browsers';

// SCENA_PORT_BASE moves the three suites' ports together (several checkouts testing at once).
const PORT = Number(process.env.SCENA_PORT_BASE ?? 4321);
// The same site on a host that falls back to index.html for unknown addresses (e2e/static-hosts.spec.ts);
// the main server is a host without a fallback (404.html). The runner's environment reaches the workers.
const INDEX_FALLBACK_PORT = PORT + 3;
process.env.SCENA_INDEX_FALLBACK_ORIGIN = `http://127.0.0.1:${INDEX_FALLBACK_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // The admin's tests need Scena's own server and have their own config (playwright.admin.config.ts).
  testIgnore: ['admin/**'],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: every test is deterministic (controlled clock where timing matters), so a failure is real.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    launchOptions,
    // Recording a trace of every test (with the phone at 3 device pixels) doubled the CPU time of the run;
    // PW_TRACE=1 records one for each failing test.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'desktop',
      // Tests that concern the phone layout only (the mobile menu) are tagged @phone.
      grepInvert: /@phone/,
      use: desktop,
    },
    {
      name: 'phone',
      // Tests that do not depend on the viewport (raw HTML) run once, on the desktop project.
      grepInvert: /@desktop/,
      // Device pixels cost software rendering time (no GPU here) and change nothing the tests check.
      use: { ...phone, deviceScaleFactor: 1 },
    },
  ],
  webServer: [
    {
      command: `npx tsx scripts/serve-static.ts --port ${PORT} --fallback none`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `npx tsx scripts/serve-static.ts --port ${INDEX_FALLBACK_PORT} --fallback index`,
      url: `http://127.0.0.1:${INDEX_FALLBACK_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
