/** Shared steps of the admin browser tests. The accounts are made by e2e/admin/serve.sh. */
import { expect, type Page } from '@playwright/test';

/** Which backend serves the site under test (playwright.firebase.config.ts sets firebase). */
export const FIREBASE = process.env.SCENA_E2E_BACKEND === 'firebase';
/** The requests that save the settings and sign in, for holding or failing them in a test. */
export const SAVE_SETTINGS = FIREBASE ? '**/documents:commit*' : '**/api/admin/settings';
export const SIGN_IN = FIREBASE ? '**/accounts:signInWithPassword*' : '**/api/session';

export const ADMIN = { email: 'admin@scena.test', password: 'Violet-Studio-Nights-42' };
export const FAN = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

/** Signs in through the form, as a person does, and waits for the dashboard. */
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
