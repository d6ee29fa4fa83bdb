/**
 * Browser tests of the admin, against the built site on Scena's own server with a fresh database
 * (e2e/admin/serve.sh). Run the build first: `npm run build && npx playwright test -c playwright.admin.config.ts`.
 */
import { defineConfig, devices } from '@playwright/test';

const PORT = 4322;
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

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
  projects: [
    { name: 'admin-desktop', grepInvert: /@phone/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    {
      name: 'admin-phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent, launchOptions },
    },
  ],
  webServer: {
    command: `bash e2e/admin/serve.sh`,
    url: `http://127.0.0.1:${PORT}/admin/login`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
