/**
 * The Firebase build on the two kinds of static host, with nothing host-specific set up: without a
 * fallback (unknown addresses get 404 and 404.html: the suite's own server) and with a fallback to
 * index.html (200, as Netlify's or Vercel's single-page-app setting). On both, the real admin appears
 * at every /admin address and works. Only the Firebase suite runs it: Scena's server answers /admin itself.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { ADMIN } from './admin-helpers';
import { unzip } from '../../server/test/unzip';

// The suite's own server has no fallback; the other host's origin is the project's indexFallbackOrigin.
const HOSTS = [
  { name: 'no fallback (404.html)', fallback: false, unknownStatus: 404 },
  { name: 'fallback to index.html', fallback: true, unknownStatus: 200 },
];

async function expectLoginForm(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin disabled' })).toHaveCount(0);
  await expect(page.locator('#main, .splash, .hero')).toHaveCount(0);
}

for (const host of HOSTS) {
  test.describe(`@firebase-only a static host with ${host.name}`, () => {
    test('the login form at /admin/login, and signed-out visitors of /admin/settings are sent there', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      await page.goto(`${origin}/admin/login`);
      await expectLoginForm(page);
      await page.goto(`${origin}/admin/settings`);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expectLoginForm(page);
    });

    test('an unknown /admin address shows the admin, and the admin signs in from there', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      const response = await page.goto(`${origin}/admin/no-such-page`);
      expect(response?.status()).toBe(host.unknownStatus);
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await expect(page).toHaveTitle('Admin · Scena');
      await expect(page.locator('#main, .splash, .hero, .not-found')).toHaveCount(0);
      await expectNoAxeViolations(page, `Firebase admin handed over (${host.name})`);
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.getByLabel('E-mail').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    });
  });
}

test('@firebase-only the Firebase build carries the press page in both languages and its ZIP (docs/decisions/0054)', async ({ page }) => {
  for (const [path, heading] of [
    ['/en/press/', 'Key facts'],
    ['/ro/presa/', 'Pe scurt'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const zip = await page.request.get('/press-kit.zip');
  expect(zip.status()).toBe(200);
  expect([...(await unzip(await zip.body())).keys()]).toEqual(expect.arrayContaining(['tudor-vale-bio-en.txt', 'tudor-vale-bio-ro.txt']));
});
