/**
 * Every browser test, in three suites of projects that differ by what serves the built site:
 * - public-*: the public page, the build served as static files (the `none` backend);
 * - server-*: the admin (e2e/admin) on Scena's own server with a fresh database (e2e/admin/serve.sh);
 * - firebase-*: the same admin specs on a Firebase build against the Auth and Firestore emulators, served
 *   as static files as Firebase Hosting would (scripts/firebase-emulators.mjs around scripts/firebase-e2e.mjs).
 * Run the build first (`npm run build`), then one suite: `npx playwright test --project 'public-*'`
 * (or 'server-*', 'firebase-*'), or every suite: `npx playwright test`.
 *
 * Playwright starts every declared web server, whatever projects run, and the Firebase one costs the
 * emulators and three builds. So the list below holds only the servers of the suites that the command
 * line's --project selects (all of them without --project); the projects themselves are the same in
 * every process, as the workers need.
 *
 * What differs per suite reaches the specs as options (e2e/fixtures.ts), not environment variables.
 * Debian's Chromium is used as is (no `npx playwright install`: these machines cannot download browsers).
 */
import { defineConfig, type PlaywrightTestConfig, type Project } from '@playwright/test';
import { adminProjects, chainOf, desktop, launchOptions, phone } from './e2e/browsers';
import type { SuiteOptions, SuiteWorkerOptions } from './e2e/fixtures';
import { paced } from './scripts/pace';

// SCENA_PORT_BASE moves every suite's ports together (several checkouts testing at once).
const BASE = Number(process.env.SCENA_PORT_BASE ?? 4321);
const origin = (port: number) => `http://127.0.0.1:${port}`;

type SuiteProject = Project<SuiteOptions, SuiteWorkerOptions>;
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/** A web server, and which of its suite's projects need it (all when not said). */
type SuiteServer = WebServer & { forProjects?: (name: string) => boolean };

interface Suite {
  prefix: string;
  projects: SuiteProject[];
  webServers: SuiteServer[];
}

const PUBLIC_PORT = BASE;
// The same site on a host that falls back to index.html for unknown addresses (e2e/static-hosts.spec.ts);
// the main server is a host without a fallback (404.html).
const PUBLIC_FALLBACK_PORT = BASE + 3;
const SERVER_PORT = BASE + 1;
const FIREBASE_PORT = BASE + 2;
const FIREBASE_FALLBACK_PORT = BASE + 4;
// +5 is the nginx test's and +6, +7 the Caddy test's (server/https-nginx.test.ts, server/ops/https-caddy.test.ts),
// which run beside the browser suites. The server suite's three chains of later stages: +8, +9 and +10.
const SERVER_CHAIN_PORTS = [BASE + 8, BASE + 9, BASE + 10];

const staticServer = (port: number, fallback: 'none' | 'index'): WebServer => ({
  command: `npx tsx scripts/serve-static.ts --port ${port} --fallback ${fallback}`,
  url: `${origin(port)}/`,
  reuseExistingServer: !process.env.CI,
  timeout: 30_000,
});

const publicSuite: Suite = {
  prefix: 'public',
  projects: (
    [
      // Tests that concern the phone layout only (the mobile menu) are tagged @phone.
      ['desktop', { grepInvert: /@phone/, use: desktop }],
      // Tests that do not depend on the viewport run once, on the desktop project (tagged @desktop: raw HTML, the stored
      // choices that need no menu, the embeds' loading and offline states, the splash's timing, the contact's words). Device pixels
      // cost software rendering time (no GPU here) and change nothing the tests check.
      ['phone', { grepInvert: /@desktop/, use: { ...phone, deviceScaleFactor: 1 } }],
    ] as const
  ).map(([name, project]) => ({
    name: `public-${name}`,
    testDir: 'e2e',
    // The admin's specs need a backend: the other suites run them.
    testIgnore: ['admin/**'],
    fullyParallel: true,
    outputDir: 'test-results/public-artifacts',
    grepInvert: project.grepInvert,
    use: {
      ...project.use,
      baseURL: origin(PUBLIC_PORT),
      backend: 'none',
      indexFallbackOrigin: origin(PUBLIC_FALLBACK_PORT),
      // Recording a trace of every test (with the phone at 3 device pixels) doubled the CPU time of the run;
      // PW_TRACE=1 records one for each failing test.
      trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    },
  })),
  webServers: [staticServer(PUBLIC_PORT, 'none'), staticServer(PUBLIC_FALLBACK_PORT, 'index')],
};

/**
 * The admin's suites: the specs of e2e/admin, their files in parallel, the tests of a file in order. `chainPorts`: the
 * chains of stages after desktop and phone run each on a server of its own, beside them (e2e/browsers.ts,
 * `chainApart`).
 */
function adminSuite(options: {
  prefix: string;
  port: number;
  chainPorts?: number[];
  exclude: RegExp;
  skip?: RegExp;
  use: SuiteProject['use'];
  webServer: WebServer;
}): Suite {
  const apart = options.chainPorts !== undefined;
  /** The chain a project is a stage of, when the chains run apart (on servers of their own). */
  const chain = (project: string) => (apart ? chainOf(project) : undefined);
  const inChain = (project: string) => chain(project) !== undefined;
  const server = (port: number, forProjects: (name: string) => boolean): SuiteServer => ({
    url: `${origin(port)}/admin/login`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    ...options.webServer,
    forProjects,
  });
  return {
    prefix: options.prefix,
    projects: adminProjects(options.prefix, options.exclude, apart, options.skip).map((project) => ({
      ...project,
      testDir: 'e2e/admin',
      fullyParallel: false,
      // Each chain's own folder when they run apart (each a run of its own): a run empties its projects' folders as it starts.
      outputDir: `test-results/${options.prefix}${inChain(project.name) ? `-chain${chain(project.name)! + 1}` : ''}-artifacts`,
      // A trace records a screencast and DOM snapshots of every action of every test (kept only for a failing one): it cost
      // the server suite nearly half its CPU (desktop and phone: 350 → 194 CPU-s). A failure still leaves its page's outline
      // (error-context.md); PW_TRACE=1 records traces again, for a run that hunts a failure.
      use: {
        ...project.use,
        baseURL: origin(inChain(project.name) ? options.chainPorts![chain(project.name)!]! : options.port),
        trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
        ...options.use,
      },
    })),
    // With the chains apart, each server for its own projects: a run of the first two, or of the chains, starts theirs.
    webServers: apart
      ? [server(options.port, (name) => !inChain(name)), ...options.chainPorts!.map((port, c) => server(port, (name) => chain(name) === c))]
      : [server(options.port, () => true)],
  };
}

const serverSuite = adminSuite({
  prefix: 'server',
  port: SERVER_PORT,
  // The stages after desktop and phone in three chains, each on a server of its own (a fresh database): `npm test` runs
  // each as a run of its own beside desktop and phone (scripts/test.mjs), the chains side by side.
  chainPorts: SERVER_CHAIN_PORTS,
  // @firebase-only: what only a static build shows (the admin on static hosts, the client's own session limits);
  // Scena's server answers /admin itself and ends its sessions itself.
  exclude: /@firebase-only/,
  use: { backend: 'server' },
  webServer: { command: 'bash e2e/admin/serve.sh', timeout: 60_000 },
});

const firebaseSuite = adminSuite({
  prefix: 'firebase',
  port: FIREBASE_PORT,
  // @server-only: what only Scena's own server does (its exact refusal of a tampered request).
  exclude: /@server-only/,
  // The walks whose every step is the admin's own screens over the content interface (lists reordered by keyboard and
  // drag and drop, the services' prices, credits and testimonials, a show's time zones, the figures): they run on Scena's
  // server; the Firebase adapter under them is proven against the emulators by firebase/contract.test.ts and the rules
  // tests, and its wiring by the specs that stay here (sign-in, settings, history, media, releases, publishing, the
  // inbox, the language sweep): docs/decisions/0043.
  skip: /\/(lists|services|shows|stats)\.spec\.ts$/,
  use: { backend: 'firebase', indexFallbackOrigin: origin(FIREBASE_FALLBACK_PORT) },
  webServer: {
    command: 'node scripts/firebase-emulators.mjs -- node scripts/firebase-e2e.mjs',
    env: { PORT: String(FIREBASE_PORT), SCENA_INDEX_FALLBACK_PORT: String(FIREBASE_FALLBACK_PORT) },
    // Emulators (~10-30 s on a busy machine) and three Vite builds.
    timeout: 300_000,
    stdout: 'pipe',
    // SIGTERM lets the emulator script stop Java and the Auth emulator by their PIDs.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});

const suites = [publicSuite, serverSuite, firebaseSuite];

/**
 * The --project values on the command line (`--project a b`, `--project=a`), matched as Playwright does:
 * case-insensitive, `*` for any text. None: every project runs.
 */
function selectedProjectPatterns(argv: string[]): RegExp[] {
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
    else if (arg === '--project') while (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) names.push(argv[++i]!);
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return names.map((name) => new RegExp(`^${name.split('*').map(escape).join('.*')}$`, 'i'));
}

const patterns = selectedProjectPatterns(process.argv);
const selected = (name: string) => !patterns.length || patterns.some((pattern) => pattern.test(name));
// A selected project runs its dependencies too, but those are always of its own suite (and of its own server: the
// server suite's chain depends on no project of the first two).
const running = suites.filter((suite) => suite.projects.some((project) => selected(project.name!)));
const webServers = running.flatMap((suite) =>
  suite.webServers
    .filter(({ forProjects }) => !forProjects || suite.projects.some((project) => selected(project.name!) && forProjects(project.name!)))
    .map(({ forProjects: _forProjects, ...server }): WebServer => server),
);

export default defineConfig<SuiteOptions, SuiteWorkerOptions>({
  forbidOnly: Boolean(process.env.CI),
  // No retries: every test is deterministic (controlled clock where timing matters), so a failure is real.
  retries: 0,
  workers: 2,
  // At the machine's pace (scripts/pace.ts): 60 s and 10 s on CI's machines.
  timeout: paced(30_000),
  expect: { timeout: paced(5_000) },
  // `npm test` runs each suite in a process of its own (the admin on the server beside the others: scripts/test.mjs)
  // and names each one's report with PLAYWRIGHT_JSON_OUTPUT_FILE. Each suite has its own artifacts folder and ports:
  // a run empties the folders of its projects only.
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { headless: true, launchOptions },
  projects: suites.flatMap((suite) => suite.projects),
  webServer: webServers,
});
