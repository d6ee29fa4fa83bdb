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

/** The two viewports every suite runs at (the projects of playwright.config.ts). */
export const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
export const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
  launchOptions,
};

/**
 * The projects of one admin suite (server-* or firebase-* in playwright.config.ts): every test at desktop size,
 * the @phone ones at phone size; `exclude` drops the tests tagged for the other backend. `chainApart`: the stages
 * after desktop and phone (history … account, one after another) have a server of their own (Scena's server: a
 * second fresh database), so they can run as a run of their own beside desktop and phone (scripts/test.mjs; in one
 * run Playwright starts a project's dependants only once every project of the step before has ended). `skip`: specs
 * the suite leaves out of its desktop and phone projects (the Firebase suite's, playwright.config.ts).
 */
export function adminProjects(prefix: string, exclude: RegExp, chainApart = false, skip?: RegExp) {
  // Specs that write what the others check (history, media, audio, releases: the settings; samples: its uploads) or the
  // password they sign in with (account) run after them, one stage each.
  const last = /(account|audience|audio|catalogue|history|language|media|releases|samples)\.spec\.ts$/;
  const first = skip ? [last, skip] : last;
  return [
    { name: `${prefix}-desktop`, testIgnore: first, grepInvert: [/@phone/, exclude], use: desktop },
    { name: `${prefix}-phone`, testIgnore: first, grep: /@phone/, grepInvert: exclude, use: phone },
    {
      name: `${prefix}-history`,
      testMatch: /history\.spec\.ts$/,
      dependencies: chainApart ? [] : [`${prefix}-desktop`, `${prefix}-phone`],
      grepInvert: exclude,
      use: desktop,
    },
    {
      name: `${prefix}-media`,
      testMatch: /media\.spec\.ts$/,
      dependencies: [`${prefix}-history`],
      grepInvert: exclude,
      use: desktop,
    },
    // Audio saves the settings too (the producer tag); on its own, so that its transcoding does not slow the media
    // spec's image uploads past their waits on a busy machine (seen once).
    {
      name: `${prefix}-audio`,
      testMatch: /audio\.spec\.ts$/,
      dependencies: [`${prefix}-media`],
      grepInvert: exclude,
      use: desktop,
    },
    // The featured release's test needs no release scheduled ahead (one would lead): publishing, which schedules two,
    // runs after it, in a stage of its own.
    {
      name: `${prefix}-releases`,
      testMatch: /\/releases\.spec\.ts$/,
      dependencies: [`${prefix}-audio`],
      grepInvert: exclude,
      use: desktop,
    },
    {
      name: `${prefix}-publishing`,
      testMatch: /publish-releases\.spec\.ts$/,
      dependencies: [`${prefix}-releases`],
      grepInvert: exclude,
      use: desktop,
    },
    // The samples player on the public page, with the audio its spec uploads (which the media library's stage does not expect).
    {
      name: `${prefix}-samples`,
      testMatch: /samples\.spec\.ts$/,
      dependencies: [`${prefix}-publishing`],
      grepInvert: exclude,
      use: desktop,
    },
    // The fan numbers compare the dashboard with what its tests did: nothing else may visit the site meanwhile.
    {
      name: `${prefix}-audience`,
      testMatch: /audience\.spec\.ts$/,
      dependencies: [`${prefix}-samples`],
      grepInvert: exclude,
      use: desktop,
    },
    // The admin in both languages and on a phone over every page, with the sample catalogue on Scena's server (which
    // replaces the content the stages before wrote): after them, before the password changes.
    {
      name: `${prefix}-language`,
      testMatch: /language\.spec\.ts$/,
      dependencies: [`${prefix}-audience`],
      grepInvert: exclude,
      use: desktop,
    },
    // The public page with the sample catalogue (issue 32), which the language stage loaded: after it, as visitors.
    {
      name: `${prefix}-catalogue`,
      testMatch: /catalogue\.spec\.ts$/,
      dependencies: [`${prefix}-language`],
      grepInvert: exclude,
      use: desktop,
    },
    {
      name: `${prefix}-account`,
      testMatch: /account\.spec\.ts$/,
      dependencies: [`${prefix}-catalogue`],
      grepInvert: exclude,
      use: desktop,
    },
  ];
}
