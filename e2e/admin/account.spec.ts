/**
 * The admin's own account: password change (other sessions end) and sign out everywhere.
 * Runs after every other admin spec (its own project, e2e/browsers.ts): it changes the password they use.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { ADMIN, signIn } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
test.slow();

const NEW_PASSWORD = 'Copper-Kettle-Dawn-73';

async function openAccount(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

/** Another device: a browser context of its own, signed in. */
async function otherDevice(browser: Browser, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email: ADMIN.email, password });
  return { page, close: () => context.close() };
}

async function change(page: Page, current: string, next: string, repeat = next) {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('New password, again').fill(repeat);
  await page.getByRole('button', { name: 'Change password' }).click();
}

test('the password is changed in the admin: mistakes are named, other sessions end, the old password stops working', async ({ page, browser, backend }) => {
  const other = await otherDevice(browser, ADMIN.password);
  await signIn(page);
  await openAccount(page);
  await expectNoAxeViolations(page, 'account');

  // Caught in the page, before anything is sent.
  await change(page, ADMIN.password, NEW_PASSWORD, 'Copper-Kettle-Dusk-73');
  await expect(page.getByText('The two new passwords differ.')).toBeVisible();
  await expect(page.getByLabel('New password, again')).toBeFocused();
  await change(page, ADMIN.password, 'short');
  await expect(page.getByText('The new password must be 8 to 128 characters long.')).toBeVisible();

  // Refused by the backend, beside the field at fault.
  await change(page, 'Not-The-Password-1', NEW_PASSWORD);
  await expect(page.getByText('The current password is not right.').first()).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeFocused();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'account with an error');
  if (backend === 'server') {
    // Scena's server also refuses the most common passwords (Firebase applies the project's own policy).
    await change(page, ADMIN.password, 'password1');
    await expect(page.getByText(/on the list of the most common passwords/).first()).toBeVisible();
  }

  await change(page, ADMIN.password, NEW_PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: 'Password changed. Every other session has ended.' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // This session goes on.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  if (backend === 'server') {
    // The other device is signed out at its next step (on Firebase: when its hour-long token runs out).
    await other.page.goto('/admin/settings');
    await expect(other.page).toHaveURL(/\/admin\/login$/);
  }
  await other.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // Wait for the login page: until then "E-mail" also names the settings' "Contact e-mail".
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, { email: ADMIN.email, password: NEW_PASSWORD });
});

test('sign out everywhere ends this session and every other', async ({ page, browser, backend }) => {
  await signIn(page, { email: ADMIN.email, password: NEW_PASSWORD });
  await openAccount(page);
  if (backend === 'firebase') {
    // Firebase's client cannot end other sessions; the page says what does.
    await expect(page.getByText(/Changing the password ends the sessions on every other device/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
  } else {
    const other = await otherDevice(browser, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await other.page.goto('/admin/stats');
    await expect(other.page).toHaveURL(/\/admin\/login$/);
    await other.close();
    await signIn(page, { email: ADMIN.email, password: NEW_PASSWORD });
    await openAccount(page);
  }
  // Back to the password the suite started with.
  await change(page, NEW_PASSWORD, ADMIN.password);
  await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();
});
