/** Keyboard use: the skip link first, every control reachable with Tab, a visible focus indicator on each. */
import { expect, test, type Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { bringPlayerNear, OFFLINE_FAILURE_SHOWN, openMenuIfPhone, openPage, scrollThrough, scrollToY } from './helpers';

/** Marks every visible control not yet marked with a new index; returns how many are marked in all. */
function markControls(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[aria-hidden="true"], [inert]') || (el as HTMLButtonElement).disabled) return false;
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== 'hidden';
    });
    let next = document.querySelectorAll('[data-control]').length;
    for (const el of controls) if (el.dataset.control === undefined) el.dataset.control = String(next++);
    return next;
  });
}

interface Stop {
  control?: string;
  name: string;
  outline: string;
  outlineWidth: number;
  boxShadow: string;
}

function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // A control that appeared since the marking (the back-to-top button) gets its index now.
    el.dataset.control ??= String(document.querySelectorAll('[data-control]').length);
    const style = getComputedStyle(el);
    return {
      control: el.dataset.control,
      name: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      outline: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      boxShadow: style.boxShadow,
    };
  });
}

test('the skip link is the first Tab stop and moves focus to the main content', async ({ page }) => {
  await openPage(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: en['skip.toContent'] });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside the main content.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
});

test('every control is reachable with Tab and shows a visible focus indicator', async ({ page }, testInfo) => {
  await openPage(page);
  // Let every lazy part settle first (offline: the player fallback and the newsletter failure).
  await scrollThrough(page);
  await expect(page.getByRole('button', { name: en['newsletter.retry'], exact: true })).toBeVisible({ timeout: OFFLINE_FAILURE_SHOWN });
  await bringPlayerNear(page);
  await expect(page.getByRole('button', { name: en['music.tryAgain'], exact: true })).toBeVisible({ timeout: OFFLINE_FAILURE_SHOWN });
  await scrollToY(page, 0);
  await openMenuIfPhone(page, testInfo);
  const total = await markControls(page);
  expect(total).toBeGreaterThan(25);

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const visited = new Set<string>();
  const stops: Stop[] = [];
  // Round the whole page once: past the last control focus leaves the page, then wraps to the first.
  for (let i = 0; i < 2 * total + 10; i++) {
    await page.keyboard.press('Tab');
    // Let the throttled (50 ms) scroll state catch up, so a control that appears on scrolling
    // (back-to-top, after the footer) is there before the next Tab.
    await page.waitForTimeout(60);
    const stop = await focused(page);
    if (!stop) continue;
    if (stop.control !== undefined && visited.has(stop.control)) break;
    stops.push(stop);
    if (stop.control !== undefined) visited.add(stop.control);
  }

  // Controls that appeared while tabbing (the back-to-top button) count too.
  const all = await markControls(page);
  const missed = await page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-control]')]
        .filter((el) => !seen.includes(el.dataset.control!))
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
    [...visited],
  );
  expect(all).toBeGreaterThanOrEqual(total);
  expect(missed, 'controls never reached with Tab').toEqual([]);

  const invisible = stops.filter((s) => !((s.outline !== 'none' && s.outlineWidth >= 2) || s.boxShadow !== 'none'));
  expect(
    invisible.map((s) => s.name),
    'focused without a visible indicator',
  ).toEqual([]);
});
