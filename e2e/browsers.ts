/**
 * Debian's Chromium, as every browser test and benchmark launches it. No `npx playwright install`:
 * these machines cannot download browsers. Without these flags Chromium tries network connections
 * that the machine refuses.
 */
import { devices } from '@playwright/test';

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
  return [
    { name: `${prefix}-desktop`, grepInvert: exclude ? [/@phone/, exclude] : /@phone/, use: desktop },
    { name: `${prefix}-phone`, grep: /@phone/, ...(exclude ? { grepInvert: exclude } : {}), use: phone },
  ];
}
