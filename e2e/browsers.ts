/**
 * Debian's Chromium, as every browser test and benchmark launches it. No `npx playwright install`:
 * these machines cannot download browsers. Without these flags Chromium tries network connections
 * that the machine refuses.
 */
import { devices, type PlaywrightTestConfig } from '@playwright/test';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const launchOptions = { executablePath: CHROME_PATH, args: CHROME_ARGS };

/** The two viewports every suite runs at. */
export const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
export const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
  launchOptions,
};

/** The admin suites' projects: every test at desktop size, the @phone ones at phone size. */
export function adminProjects(prefix: string, exclude?: RegExp) {
  // Specs that write what the others check (history, media: the settings) or the password they sign in with
  // (account) run after them, one stage each.
  const last = /(account|history|media)\.spec\.ts$/;
  const invert = exclude ? { grepInvert: exclude } : {};
  return [
    { name: `${prefix}-desktop`, testIgnore: last, grepInvert: exclude ? [/@phone/, exclude] : /@phone/, use: desktop },
    { name: `${prefix}-phone`, testIgnore: last, grep: /@phone/, ...invert, use: phone },
    {
      name: `${prefix}-history`,
      testMatch: /history\.spec\.ts$/,
      dependencies: [`${prefix}-desktop`, `${prefix}-phone`],
      ...invert,
      use: desktop,
    },
    {
      name: `${prefix}-media`,
      testMatch: /media\.spec\.ts$/,
      dependencies: [`${prefix}-history`],
      ...invert,
      use: desktop,
    },
    {
      name: `${prefix}-account`,
      testMatch: /account\.spec\.ts$/,
      dependencies: [`${prefix}-media`],
      ...invert,
      use: desktop,
    },
  ];
}

/**
 * The admin suites' shared config (the same specs in e2e/admin, on Scena's server or on Firebase):
 * files run in parallel, the tests inside a file share one document and run in order.
 */
export function adminSuite(options: {
  name: string;
  port: number;
  webServer: { command: string; timeout: number; [key: string]: unknown };
  exclude?: RegExp;
}): PlaywrightTestConfig {
  return {
    testDir: 'e2e/admin',
    fullyParallel: false,
    forbidOnly: Boolean(process.env.CI),
    retries: 0,
    workers: 2,
    timeout: 30_000,
    expect: { timeout: 5_000 },
    reporter: [['list'], ['json', { outputFile: `test-results/e2e-${options.name}.json` }]],
    outputDir: `test-results/${options.name}-artifacts`,
    use: { baseURL: `http://127.0.0.1:${options.port}`, headless: true, launchOptions, trace: 'retain-on-failure' },
    projects: adminProjects(options.name, options.exclude),
    webServer: {
      url: `http://127.0.0.1:${options.port}/admin/login`,
      env: { PORT: String(options.port) },
      reuseExistingServer: false,
      ...options.webServer,
    },
  };
}
