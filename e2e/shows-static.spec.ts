/**
 * The shows on a static host (the `none` build, with the first-start content: no show yet). The build writes the
 * shows' list in both languages (saying none is announced) and the calendar feed; the home page holds no shows block.
 * (Published shows, their pages and calendar files: e2e/admin/shows-site.spec.ts on Scena's server; the build's pages
 * are the same renderer's, server/render.ts contentPages.)
 */
import ICAL from 'ical.js';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

test('the shows’ list says none is announced, in both languages, and hydrates without errors', { tag: '@desktop' }, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/ro/concerte/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Concerte');
  await expect(page.locator('main')).toContainText('Niciun concert anunțat deocamdată.');
  await expect(page.getByRole('link', { name: 'Abonare la concerte într-o aplicație de calendar' })).toHaveAttribute('href', 'webcal://tudorvale.ro/shows.ics');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://tudorvale.ro/ro/concerte/');
  await expect(page.getByRole('link', { name: 'EN', exact: true })).toHaveAttribute('href', '/en/shows/');
  await expectNoAxeViolations(page, 'the shows list, ro, none announced');
  await page.goto('/en/shows/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shows');
  await expect(page.locator('main')).toContainText('No shows announced right now.');
  expect(errors).toEqual([]);
  // The home page holds no shows block while none is published.
  expect(await (await page.request.get('/en/')).text()).not.toContain('data-block="shows"');
});

test('the calendar feed is a valid, empty iCalendar to subscribe to', { tag: '@desktop' }, async ({ request }) => {
  const feed = await request.get('/shows.ics');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tudor Vale: shows');
  expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
});
