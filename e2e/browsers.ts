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
 * The stages after desktop and phone, each a spec that changes what the others check (the settings, the media
 * library, the releases, the audience figures, the password…), in three chains. One after another on one database (the
 * Firebase suite's emulators: one chain after the other); on Scena's server each chain on a fresh database of its own,
 * the three side by side (`chainApart`). A chain's order is what its specs expect of each other, said beside each stage.
 */
const CHAINS: { stage: string; spec: RegExp }[][] = [
  [
    // History, media and audio save the settings, which the settings spec (desktop) expects untouched.
    { stage: 'history', spec: /history\.spec\.ts$/ },
    { stage: 'media', spec: /media\.spec\.ts$/ },
    // Audio saves the settings too (the producer tag); on its own, so that its transcoding does not slow the media
    // spec's image uploads past their waits on a busy machine (seen once).
    { stage: 'audio', spec: /audio\.spec\.ts$/ },
    // What each action did (issue 33): it publishes, removes and restores a release and saves the settings, which the
    // lists spec (desktop) counts exactly and the settings spec expects untouched: beside them it raced both (a loaded
    // run saw its release in the lists spec's). Last here, where nothing after it looks.
    { stage: 'notices', spec: /notices\.spec\.ts$/ },
  ],
  [
    // The samples player on the public page, with the audio its spec uploads (which the media library's stage does not
    // expect); it visits the public page before the audience stage reads its figures.
    { stage: 'samples', spec: /samples\.spec\.ts$/ },
    // The fan numbers compare the dashboard with what its tests did: nothing else may visit the site meanwhile.
    { stage: 'audience', spec: /audience\.spec\.ts$/ },
  ],
  [
    // Releases save the settings (the featured release). Its featured release's test needs no release scheduled ahead
    // (one would lead): publishing, which schedules two, runs after it.
    { stage: 'releases', spec: /\/releases\.spec\.ts$/ },
    { stage: 'publishing', spec: /publish-releases\.spec\.ts$/ },
    // QR codes add published releases and shows, which the lists spec (desktop) counts exactly: on a server of their own.
    { stage: 'qr', spec: /qr-codes\.spec\.ts$/ },
    // The press kit adds a press photo and a quote, and saves its bios: nothing the stages before check.
    { stage: 'press', spec: /\/press\.spec\.ts$/ },
    // The admin in both languages and on a phone over every page, with the sample catalogue on Scena's server (which
    // replaces the content the stages before wrote).
    { stage: 'language', spec: /language\.spec\.ts$/ },
    // The public page with the sample catalogue (issue 32), which the language stage loaded: after it, as visitors.
    { stage: 'catalogue', spec: /catalogue\.spec\.ts$/ },
    // The documents library (issue 31): it uploads documents and chooses the press kit's rider, after the catalogue's
    // visitors and before the password changes.
    { stage: 'documents', spec: /documents\.spec\.ts$/ },
    // The password changes: last.
    { stage: 'account', spec: /account\.spec\.ts$/ },
  ],
];

/** Which chain a project is a stage of (0, 1 or 2), or undefined for desktop and phone (and any other project). */
export function chainOf(project: string): number | undefined {
  const stage = project.slice(project.indexOf('-') + 1);
  const found = CHAINS.findIndex((chain) => chain.some((s) => s.stage === stage));
  return found < 0 ? undefined : found;
}

/** The last stage of each chain: selecting them runs every stage (Playwright runs a project's dependencies first). */
export const chainEnds = (prefix: string) => CHAINS.map((chain) => `${prefix}-${chain.at(-1)!.stage}`);

/**
 * The projects of one admin suite (server-* or firebase-* in playwright.config.ts): every test at desktop size,
 * the @phone ones at phone size; `exclude` drops the tests tagged for the other backend. `chainApart`: the stages
 * after desktop and phone (CHAINS) run on servers of their own (Scena's server: fresh databases), each chain from its
 * start, so they can run as a run of their own beside desktop and phone (scripts/test.mjs; in one run Playwright
 * starts a project's dependants only once every project of the step before has ended). `skip`: specs the suite
 * leaves out of its desktop and phone projects (the Firebase suite's, playwright.config.ts).
 */
export function adminProjects(prefix: string, exclude: RegExp, chainApart = false, skip?: RegExp) {
  const staged = CHAINS.flat().map((s) => s.spec);
  const first = skip ? [...staged, skip] : staged;
  const name = (stage: string) => `${prefix}-${stage}`;
  const firstTwo = [name('desktop'), name('phone')];
  const stages = CHAINS.flatMap((chain, c) =>
    chain.map(({ stage, spec }, i) => {
      // Apart: each chain from its own start. Together: each chain after the one before, the first after desktop and phone.
      const before = i > 0 ? [name(chain[i - 1]!.stage)] : chainApart ? [] : c > 0 ? [name(CHAINS[c - 1]!.at(-1)!.stage)] : firstTwo;
      return { name: name(stage), testMatch: spec, dependencies: before, grepInvert: exclude, use: desktop };
    }),
  );
  return [
    { name: firstTwo[0]!, testIgnore: first, grepInvert: [/@phone/, exclude], use: desktop },
    { name: firstTwo[1]!, testIgnore: first, grep: /@phone/, grepInvert: exclude, use: phone },
    ...stages,
  ];
}
