import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { ADMIN, FAN, openAdminMenu, signIn } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

test('signed-out visitors are sent to the login from every admin page', async ({ page }) => {
  for (const path of ['/admin', '/admin/settings', '/admin/stats', '/admin/releases', '/admin/collaborators']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'login');
});

test('an unknown admin address shows the generic error page with its status text', async ({ page }) => {
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expectNoAxeViolations(page, 'error page');
});

test('a wrong password shows the backend message and signs nobody in', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/\S/);
  await expect(alert).not.toHaveText('Not authorized');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page, 'login error');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an account that is not the admin gets "Not authorized"', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(FAN.email);
  await page.getByLabel('Password').fill(FAN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Not authorized');
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('Sign in shows Loading... while submitting, then the dashboard', async ({ page, backendRoutes }) => {
  await page.goto('/admin/login');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(backendRoutes.signIn, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByLabel('E-mail').fill(ADMIN.email.toUpperCase());
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/use the navigation to manage/i)).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');
});

test('the admin layout links every editor, the login sends the admin to the dashboard, and sign out ends it', async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const [name, heading, url] of [
    ['Inbox', 'Inbox', /\/admin\/inbox$/],
    ['Settings', 'Settings', /\/admin\/settings$/],
    ['Stats', 'Stats', /\/admin\/stats$/],
    ['Releases', 'Releases', /\/admin\/releases$/],
    ['Collaborators', 'Collaborators', /\/admin\/collaborators$/],
    ['Dashboard', 'Dashboard', /\/admin$/],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/stats');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('@phone the admin works at phone width with the keyboard alone', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoAxeViolations(page, 'phone dashboard');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(390);
  // On a phone the pages are behind the Menu button.
  await openAdminMenu(page);
  await page.getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expectNoAxeViolations(page, 'phone releases');
  await openAdminMenu(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
