/**
 * The browser tests' own options and fixtures, set per project in playwright.config.ts. A spec asks for
 * what differs between the suites (the backend, its request patterns, the index-fallback host) instead of
 * reading the environment when it is imported, so one run can hold every suite.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './admin/admin-helpers';

/** What serves the site under test: static files alone, Scena's server, or a Firebase build on the emulators. */
export type Backend = 'none' | 'server' | 'firebase';

/** Cookies, local storage and IndexedDB of a browser context (Firebase keeps its session in IndexedDB). */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface SuiteOptions {
  /** The same site on a host that falls back to index.html for unknown addresses (static-hosts specs). */
  indexFallbackOrigin: string;
}

export interface SuiteWorkerOptions {
  backend: Backend;
}

interface Fixtures {
  /** The URL patterns of the requests that save the settings and sign in, to hold or fail them in a test. */
  backendRoutes: { saveSettings: string; signIn: string };
  /** A page of its own context, already signed in as the admin, on the dashboard. */
  adminPage: Page;
}

interface WorkerFixtures {
  /** The admin's signed-in storage, made once per worker by signing in through the form. */
  adminState: StorageState;
}

// A project that does not declare an option gets this error rather than a silent default.
const undeclared = (name: string) => () => {
  throw new Error(`This project does not set the "${name}" option (playwright.config.ts).`);
};

export const test = base.extend<Fixtures & SuiteOptions, WorkerFixtures & SuiteWorkerOptions>({
  backend: [undeclared('backend'), { scope: 'worker', option: true }],
  indexFallbackOrigin: [undeclared('indexFallbackOrigin'), { option: true }],

  backendRoutes: async ({ backend }, use) => {
    if (backend === 'none') throw new Error('A site without a backend has no save or sign-in requests.');
    await use(
      backend === 'firebase'
        ? { saveSettings: '**/documents:commit*', signIn: '**/accounts:signInWithPassword*' }
        : { saveSettings: '**/api/admin/settings', signIn: '**/api/session' },
    );
  },

  adminState: [
    async ({ browser }, use, workerInfo) => {
      // Worker fixtures get no project options by themselves: the address and an empty start are set here.
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, storageState: undefined });
      await signIn(await context.newPage());
      // indexedDB: the Firebase client keeps its signed-in user there; Scena's server, in a cookie. Both
      // backends end a session after 30 idle minutes (Firebase counting from the activity time stored with
      // it), far longer than a worker lives.
      const state = await context.storageState({ indexedDB: true });
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],

  adminPage: async ({ browser, adminState }, use) => {
    // Inside a test, a new context takes the project's options (address, viewport, device) and its tracing.
    const context = await browser.newContext({ storageState: adminState });
    const page = await context.newPage();
    await page.goto('/admin');
    // A stored session the backend no longer accepts lands on the login: fail here, not in the test's first step.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' }), 'the stored admin session is accepted').toBeVisible();
    await use(page);
    await context.close();
  },
});

export { expect };
