/**
 * Browser tests of the admin, against the built site on Scena's own server with a fresh database
 * (e2e/admin/serve.sh). Run the build first: `npm run build && npx playwright test -c playwright.admin.config.ts`.
 */
import { defineConfig } from '@playwright/test';
import { adminProjects, launchOptions } from './e2e/browsers';

const PORT = 4322;

export default defineConfig({
  testDir: 'e2e/admin',
  // Files edit different content (settings, stats, releases, collaborators) and run in parallel;
  // the tests inside a file share one document and run in order.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-admin.json' }]],
  outputDir: 'test-results/admin-artifacts',
  use: { baseURL: `http://127.0.0.1:${PORT}`, headless: true, launchOptions, trace: 'retain-on-failure' },
  projects: adminProjects('admin'),
  webServer: {
    command: `bash e2e/admin/serve.sh`,
    url: `http://127.0.0.1:${PORT}/admin/login`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
