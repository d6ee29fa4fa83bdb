import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

// Served as plain static files there is no backend: the admin says so instead of failing.
test('@desktop without a backend the login says Admin disabled and how to configure one', async ({ page }) => {
  const publicRequests: string[] = [];
  page.on('request', (r) => publicRequests.push(r.url()));
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin disabled' })).toBeVisible();
  await expect(page.getByText(/VITE_FIREBASE_API_KEY/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'admin disabled');

  for (const path of ['/admin', '/admin/settings', '/admin/releases']) {
    await page.goto(path);
    await expect(page.getByText('No content backend is configured, so the admin is not available.')).toBeVisible();
  }
  expect(publicRequests.filter((url) => url.includes('/api/'))).toEqual([]);
});

test('@desktop the public page never downloads admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin/i.test(url))).toEqual([]);
});
