/**
 * The built site (no backend) on the two kinds of static host, with nothing host-specific set up:
 * one without a fallback (unknown addresses get 404 and 404.html, as GitHub Pages does: the suite's
 * main server) and one that falls back to index.html with 200 (Netlify's or Vercel's single-page-app
 * setting). On both, every /admin address shows the admin, and the public pages work.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, waitForHydration } from './helpers';

// The suite's own server has no fallback; the other host's origin is the project's indexFallbackOrigin.
const HOSTS = [
  { name: 'no fallback (404.html)', fallback: false, unknownStatus: 404 },
  { name: 'fallback to index.html', fallback: true, unknownStatus: 200 },
];

/** The admin app is on the page, and nothing of the public page is left. */
async function expectAdminOnly(page: Page) {
  await expect(page).toHaveTitle('Admin · Scena');
  await expect(page.locator('#main, .splash, .hero')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
}

for (const host of HOSTS) {
  test.describe(`@desktop a static host with ${host.name}`, () => {
    test('/admin/login says Admin disabled', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      await page.goto(`${origin}/admin/login`);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin disabled' })).toBeVisible();
      await expectAdminOnly(page);
    });

    test('/admin/settings and /admin say no backend is configured', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      for (const path of ['/admin/settings', '/admin/settings/', '/admin']) {
        const response = await page.goto(`${origin}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByText('No content backend is configured, so the admin is not available.')).toBeVisible();
        await expectAdminOnly(page);
      }
    });

    test('an unknown /admin address shows the admin (its own "not found"), not the public page', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      const response = await page.goto(`${origin}/admin/no-such-page`);
      expect(response?.status()).toBe(host.unknownStatus);
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await expect(page.getByText('404 Not Found')).toBeVisible();
      await expectAdminOnly(page);
      await expectNoAxeViolations(page, `admin handed over (${host.name})`);
      // The admin's own links work from there.
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await expect(page.getByText('No content backend is configured, so the admin is not available.')).toBeVisible();
    });

    test('the public pages work', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      for (const [path, lang] of [
        ['/', 'en'],
        ['/en/', 'en'],
        ['/ro/', 'ro'],
      ] as const) {
        const response = await page.goto(`${origin}${path}`);
        expect(response?.status(), path).toBe(200);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('#main')).toBeVisible();
      }
    });

    test('an unknown address outside /admin gets the not-found page in both languages, with a way home', async ({ page, indexFallbackOrigin }) => {
      const origin = host.fallback ? indexFallbackOrigin : '';
      const response = await page.goto(`${origin}/no-such-page`);
      expect(response?.status()).toBe(host.unknownStatus);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Pagina nu a fost găsită' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Pagina nu a fost găsită');
      await expectNoAxeViolations(page, `not found (${host.name})`);
      await page.getByRole('link', { name: 'Mergi la pagina principală' }).click();
      await expect(page).toHaveURL(/\/ro\/$/);
      await waitForHydration(page);
    });
  });
}
