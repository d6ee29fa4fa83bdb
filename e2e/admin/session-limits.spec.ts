/**
 * The Firebase admin's session limits in the browser (src/content/backends/session-limits.ts), on
 * Playwright's clock: after 30 minutes without activity, or 12 hours after signing in, the admin is
 * sent to the login. Tagged @firebase-only, which the server's projects leave out (not skipped: a skipped test
 * fails `npm test`); Scena's server ends its sessions itself (server/auth, tested there). The tests sign in by
 * hand, after installing the clock: the limits count from the sign-in.
 */
import { expect, test } from '../fixtures';
import { signIn } from './admin-helpers';

const MINUTE = 60_000;

test('@firebase-only the admin is signed out after 30 minutes without activity; typing counts as activity', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.clock.fastForward(25 * MINUTE);
  // Typing in a field, with no save: still activity.
  await page.getByRole('group', { name: 'Hero title' }).getByLabel('English').pressSequentially('Night');
  await page.clock.fastForward(25 * MINUTE);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.clock.fastForward(6 * MINUTE);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('@firebase-only the admin is signed out 12 hours after signing in, however active', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
    await page.clock.fastForward(20 * MINUTE);
    await page.mouse.click(5, 5);
  }
  await expect(page).toHaveURL(/\/admin$/);
  await page.clock.fastForward(25 * MINUTE);
  await expect(page).toHaveURL(/\/admin\/login$/);
});
