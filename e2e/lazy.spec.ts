/** A lazy part of the page that fails to load says so, offers Try again, and leaves the rest intact. */
import { expect, test } from '@playwright/test';
import { en } from '../src/i18n/en';
import { ro as roWords } from '../src/i18n/ro';
import { layoutShifts, openMenuIfPhone, openPage, recordRequests, scrollUntil, watchLayoutShifts } from './helpers';

test('a failed about chunk shows a message and Try again beside the server’s words; the retry loads it', async ({ page }) => {
  await page.route('**/assets/about-*.js', (route) => route.abort());
  await openPage(page);
  const about = page.locator('#about');
  // About's code loads as it comes into the view (docs/decisions/0053): none before.
  await scrollUntil(about.getByText(en['about.heading']));
  const failed = about.getByRole('alert');
  await expect(failed).toContainText(en['chunk.failed']);
  // The server's words stay (nothing is lost), and the rest of the page is intact.
  await expect(about.getByText(en['about.heading'])).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en['about.title'] })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['hero.title']);
  for (const text of [en['services.heading'], en['music.heading'], en['newsletter.heading'], en['contact.heading']]) {
    await expect(page.getByText(text, { exact: true })).toBeAttached();
  }
  await expect(page.getByRole('alert')).toHaveCount(1);

  await page.unroute('**/assets/about-*.js');
  const loaded = page.waitForResponse(/\/assets\/about-[\w-]+\.js$/);
  await failed.getByRole('button', { name: en['chunk.retry'] }).click();
  await loaded;
  await expect(about.getByRole('alert')).toHaveCount(0);
  await expect(about.getByText(en['about.heading'])).toBeVisible();
  await expect(about.getByText(en['workedWith.title'])).toBeVisible();
});

test('About’s code is not loaded before the visitor scrolls, and comes once it is in view', async ({ page }) => {
  const requests = recordRequests(page);
  await openPage(page);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => /\/assets\/about-/.test(url))).toEqual([]);
  const loaded = page.waitForResponse(/\/assets\/about-[\w-]+\.js$/);
  await scrollUntil(page.locator('#about').getByText(en['about.heading']));
  await loaded;
});

test('/ro/ hydrates in Romanian with no dictionary asked for; Romanian’s whole words come with About’s code, none of English’s', async ({ page }) => {
  const requests = recordRequests(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await openPage(page, '/ro/');
  await page.waitForLoadState('networkidle');
  // The page's own words are in its HTML (src/i18n/first-words.ts): no dictionary is a script before the first block.
  const words = () => requests.filter((url) => /\/assets\/(en|ro)-[\w-]+\.js$/.test(url));
  expect(words()).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(roWords['hero.title']);
  await expect(page.locator('.skip-link')).toHaveText(roWords['skip.toContent']);
  const about = page.locator('#about');
  await scrollUntil(about.getByText(roWords['about.heading']));
  await expect.poll(() => requests.filter((url) => /\/assets\/about-/.test(url))).toHaveLength(1);
  // Live: the people worked with, in Romanian words (no key shown), and only Romanian's dictionary came.
  await expect(about.getByText(roWords['workedWith.title'])).toBeVisible();
  await expect.poll(words).toHaveLength(1);
  expect(words()[0]).toMatch(/\/assets\/ro-/);
  expect(problems).toEqual([]);
});

test('Contact’s code is not loaded before the visitor scrolls, and comes in place as it nears: nothing moves', async ({ page }) => {
  const requests = recordRequests(page);
  await page.addInitScript(watchLayoutShifts);
  await openPage(page, '/en/');
  await page.waitForLoadState('networkidle');
  const contactCode = () => requests.filter((url) => /\/assets\/contact-[\w-]+\.js$/.test(url));
  expect(contactCode()).toEqual([]);
  const contact = page.locator('#contact');
  const html = await contact.innerHTML();
  await contact.scrollIntoViewIfNeeded();
  await expect.poll(contactCode).toHaveLength(1);
  // Live now: the markup as the build rendered it, in place.
  await expect.poll(() => contact.innerHTML()).not.toBe(html);
  // (React's markers, of a suspended part and between two texts, are the server's only.)
  const markup = (text: string) => text.replace(/<!--.*?-->/g, '');
  expect(markup(await contact.innerHTML())).toBe(markup(html));
  expect(await layoutShifts(page)).toEqual([]);
  // Its own code: Book a session opens the e-mail dialog.
  await contact.getByRole('button', { name: en['contact.book'] }).click();
  await expect(page.getByRole('dialog', { name: en['booking.title'] })).toBeVisible();
});

test('/en/ brings no Romanian words; they come as the visitor reaches for RO, and the page then changes whole', async ({ page }, testInfo) => {
  const requests = recordRequests(page);
  await openPage(page, '/en/');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => /\/assets\/ro-/.test(url))).toEqual([]);
  await openMenuIfPhone(page, testInfo);
  const ro = page.getByRole('group', { name: en['nav.language'] }).getByRole('button', { name: 'RO' });
  const words = page.waitForResponse(/\/assets\/ro-[\w-]+\.js$/);
  await ro.hover();
  await words;
  await ro.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(roWords['hero.title']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page).toHaveURL(/\/ro\/$/);
});
