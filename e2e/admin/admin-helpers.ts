/**
 * Shared steps of the admin browser tests. The accounts are made by e2e/admin/serve.sh (Scena's server) and
 * scripts/firebase-e2e.mjs (Firebase); what differs between the two backends is in e2e/fixtures.ts.
 */
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@scena.test', password: 'Violet-Studio-Nights-42' };
export const FAN = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

/**
 * Signs in through the form, as a person does, and waits for the dashboard. Tests that only need to be signed
 * in take the `adminPage` fixture instead; this is for those about signing in, or that need a fresh session.
 */
export async function signIn(page: Page, account = ADMIN): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens the public page at an address and waits until the splash has gone. */
export async function openPublic(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.splash')).toHaveCount(0, { timeout: 5_000 });
}
