/**
 * Fan numbers on a static host (the `none` backend): only Scena's own server counts visits, so the page loads no
 * sender, sends nothing, and its footer does not claim to count (e2e/admin/audience.spec.ts has the server's side).
 */
import { expect, test } from '@playwright/test';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { openPage } from './helpers';

test('without a backend nothing is loaded or sent for the fan numbers, and the footer claims no counting', { tag: '@desktop' }, async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await openPage(page, '/en/');
  await page.waitForTimeout(2_000);
  await page.locator('.banner a').last().click();
  await page.waitForTimeout(300);
  expect(requests.filter((r) => r.includes('/api/event') || r.includes('beacon'))).toEqual([]);
  await expect(page.getByRole('contentinfo')).not.toContainText(en['footer.counted']);
  await openPage(page, '/ro/');
  await expect(page.getByRole('contentinfo')).not.toContainText(ro['footer.counted']);
});
