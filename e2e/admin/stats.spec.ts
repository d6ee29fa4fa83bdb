import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openPublic } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

const listeners = (page: Page) => page.getByLabel('Monthly listeners');

async function save(page: Page, value: string) {
  await listeners(page).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');
}

async function openStats(page: Page) {
  await page.getByRole('link', { name: 'Stats' }).click();
  await expect(listeners(page)).toBeEditable();
}

test('the menu’s Stats is headed for what it holds: the monthly listeners (issue 33)', async ({ adminPage: page }) => {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Stats', exact: true })).toHaveAttribute('href', '/admin/stats');
  await openStats(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stats: monthly listeners');
  await expect(nav.getByRole('link', { name: 'Stats', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Română' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistici: ascultători lunari');
  await expect(nav.getByRole('link', { name: 'Statistici', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('monthly listeners: a whole number of 0 or more, hidden on the public page below 100', async ({ adminPage: page }) => {
  await openStats(page);
  await expect(page.getByText('Hidden on the public page if below 100.')).toBeVisible();
  await expect(listeners(page)).toHaveAttribute('type', 'number');
  await expect(listeners(page)).toHaveAttribute('min', '0');
  await expectNoAxeViolations(page, 'stats');

  await listeners(page).fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Monthly listeners must be 0 or more.')).toBeVisible();
  await expect(listeners(page)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'stats error');

  await save(page, '99');
  await openPublic(page, '/en/');
  await expect(page.locator('#about .stats')).not.toContainText('monthly listeners');

  await page.goto('/admin/stats');
  await save(page, '12345');
  await openPublic(page, '/en/');
  await expect(page.locator('#about .stats')).toContainText('12,345');
  await expect(page.locator('#about .stats')).toContainText('monthly listeners');
  await openPublic(page, '/ro/');
  await expect(page.locator('#about .stats')).toContainText('12.345');
  await expect(page.locator('#about .stats')).toContainText('ascultători lunari');
});

test('an empty figure is stored as 0', async ({ adminPage: page }) => {
  await openStats(page);
  await save(page, '');
  await page.reload();
  await expect(listeners(page)).toHaveValue('0');
  await openPublic(page, '/en/');
  await expect(page.locator('#about .stats')).not.toContainText('monthly listeners');
});
