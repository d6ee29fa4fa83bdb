/** Shared steps of the public-page browser tests. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Download, type Locator, type Page, type TestInfo } from '@playwright/test';
import { siteConfig } from '../site.config';
import { paced } from '../scripts/pace';
import { EMBED_PROBE_TIMEOUT_MS } from '../src/site/music/spotify-embed';

export const ARTIST = siteConfig.artist.name;
export const LANG_KEY = `${siteConfig.artist.storageKey}_lang`;
export const SECTION_ORDER = ['hero', 'about', 'services', 'music', 'newsletter', 'contact'] as const;

/** The splash is aria-hidden, so it is found by its class, not by role. */
export const splash = (page: Page) => page.locator('.splash');

/** Once hydrated, the hero's call to action leaves its CSS-only "pending" state. */
export async function waitForHydration(page: Page): Promise<void> {
  // waitFor polls every frame in the page, where expect() would back off to a second between checks.
  await page.locator('.hero__cta:not([data-shown="pending"])').waitFor({ state: 'attached' });
}

/**
 * Loads a page and waits until it is hydrated, then skips the opening 1.3 s (splash and hero delay) on
 * the controlled clock, which otherwise runs in real time. The exact timings have their own tests.
 */
export async function openPage(page: Page, path = '/'): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await waitForHydration(page);
  await page.clock.fastForward(1_300);
  await expect(splash(page)).toHaveCount(0);
  await expect(page.locator('.hero__cta')).toHaveAttribute('data-shown', 'true');
}

/** Scrolls instantly (the page itself scrolls smoothly) and waits for the scroll event to be handled. */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/**
 * Scrolls down the whole page a viewport at a time, so every section is revealed and every lazy part
 * near the viewport starts, then waits for the sections to be shown.
 */
export async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    // Two frames after each step: the page is drawn at every place it passes (a section's reveal is decided as a frame
    // is drawn; on a loaded machine a fixed 40 ms wait let two steps share one frame, and a short section was never
    // seen).
    const done = await page.evaluate(async () => {
      window.scrollBy({ top: window.innerHeight * 0.6, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (done) break;
  }
  for (const id of SECTION_ORDER.slice(1)) {
    await expect(page.locator(`#${id}`)).not.toHaveAttribute('data-reveal', 'hidden');
  }
  // Let the 0.6 s reveal transitions finish, so colours are final before a contrast check.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The project runs at phone size (public-phone; not by name, which each suite prefixes). */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.use.isMobile === true;
}

/** On the phone the nav links sit behind the menu button. */
export async function openMenuIfPhone(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isPhone(testInfo)) return;
  const toggle = page.getByRole('button', { name: /^(Menu|Meniu)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/**
 * axe-core with the WCAG 2.0/2.1/2.2 A and AA rules; every violation is listed in the failure. `legacyMode`: axe runs
 * inside each frame itself (its default opens a page of its own for the frames, which some tests' contexts do not allow:
 * the letter's preview in e2e/admin/letters.spec.ts).
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { legacyMode = false, within }: { legacyMode?: boolean; within?: string } = {},
): Promise<void> {
  // Colours are measured as they are: a transition under way (a section's 0.6 s reveal) would be a half-faded text.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(legacyMode);
  // `within`: the part a state changed (a form's errors, its sent state), once the whole page has been checked in an
  // earlier state: a whole home page costs axe seconds of CPU each time.
  const results = await (within ? builder.include(within) : builder).analyze();
  expect(results.passes.length, 'axe ran its checks').toBeGreaterThan(0);
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(summary, `axe violations (${label})`).toEqual([]);
}

/** Records every request the page makes (for the no-third-party-before-scroll check). */
/**
 * An init script (a page's or a context's `addInitScript`) that records the page's layout shifts not caused by input;
 * `layoutShifts(page)` reads them.
 */
export function watchLayoutShifts() {
  const shifts: number[] = [];
  (window as unknown as { shifts: number[] }).shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The layout shifts `watchLayoutShifts` recorded so far. */
export const layoutShifts = (page: Page): Promise<number[]> => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/**
 * Scrolls `target` into view until `shows` holds, trying again: a block whose code comes as it nears the view replaces
 * its static markup (a scroll can hit the element just replaced: "not attached to the DOM"), and on Firebase the
 * content arriving after the page moves what is below it (what was scrolled to can end up far from the view).
 */
export async function scrollUntil(target: Locator, shows: () => Promise<void> = async () => {}, timeout = 30_000): Promise<void> {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await shows();
  }).toPass({ timeout });
}

/** What clicking `control` downloads (a link with `download`, a button that saves a file). */
export async function downloadFrom(page: Page, control: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  return download;
}

/**
 * How long an offline block's failure may take to show once its code has come: the player's probe gives up after its
 * own EMBED_PROBE_TIMEOUT_MS when the address's lookup hangs rather than failing at once (a clean clone's keyboard test
 * waited past expect's limit), the newsletter's script as long; then expect's own time.
 */
export const OFFLINE_FAILURE_SHOWN = EMBED_PROBE_TIMEOUT_MS + paced(5_000);

/**
 * Brings the Music section's player near, so that offline it says it is unavailable: its code can come after a quick
 * scroll has gone past it, and it asks Spotify only once it is near (useNearViewport), as a visitor's scrolling back does.
 */
export async function bringPlayerNear(page: Page): Promise<void> {
  await page.locator('.embed--spotify').scrollIntoViewIfNeeded();
}
