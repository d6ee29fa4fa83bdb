/** A lazy part of the page that fails to load says so, offers Try again, and leaves the rest intact. */
import { expect, test } from '@playwright/test';
import { en } from '../src/i18n/en';
import { openPage } from './helpers';

test('a failed about chunk shows a message and Try again; the retry loads it', async ({ page }) => {
  await page.route('**/assets/about-*.js', (route) => route.abort());
  await openPage(page);
  const about = page.locator('#about');
  const failed = about.getByRole('alert');
  await expect(failed).toContainText(en['chunk.failed']);
  await expect(about.getByText(en['about.heading'])).toHaveCount(0);
  // The section keeps its heading, and the rest of the page is intact.
  await expect(page.getByRole('heading', { level: 2, name: en['about.title'] })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['hero.title']);
  for (const text of [en['services.heading'], en['music.heading'], en['newsletter.heading'], en['contact.heading']]) {
    await expect(page.getByText(text, { exact: true })).toBeAttached();
  }
  await expect(page.getByRole('alert')).toHaveCount(1);

  await page.unroute('**/assets/about-*.js');
  await failed.getByRole('button', { name: en['chunk.retry'] }).click();
  await expect(about.getByText(en['about.heading'])).toBeVisible();
  await expect(about.getByText(en['workedWith.title'])).toBeVisible();
  await expect(about.getByRole('alert')).toHaveCount(0);
});
