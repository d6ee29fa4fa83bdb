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
