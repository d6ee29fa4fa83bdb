/** Playwright's controlled clock, paused from the first script of the page, for exact timings. */
import type { Page } from '@playwright/test';

const T0 = new Date('2026-03-01T10:00:00Z');

/**
 * Pauses the fake clock before the page loads: page time (performance.now()) starts at exactly 0 and
 * stands still until told. pauseAt alone installs the clock; an install() before it would count the
 * real time between the two calls as elapsed page time.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(T0);
}

/** Page time, in ms since the page started (what the page's own timers count from). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Runs the page's clock (firing its timers) until `ms` after the page started. */
export async function runTo(page: Page, ms: number): Promise<void> {
  const now = await pageNow(page);
  if (now > ms) throw new Error(`Page time is already ${now} ms, past ${ms} ms`);
  await page.clock.runFor(ms - now);
}
