/**
 * Shows in the admin (issue 23; docs/decisions/0033-shows-model.md): a show added in another time zone, its times
 * labelled with the venue's clock, an hour the clocks skip there refused beside the field, an hour they repeat asking
 * which of the two is meant and keeping the answer; the form on a phone. Photographs under test-results/screens.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, photograph } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
test.slow();

async function fillLisbon(page: Page) {
  const form = await openAdd(page, 'show');
  await form.getByLabel('Venue', { exact: true }).fill('LX Factory');
  await form.getByLabel('City').fill('Lisboa');
  // A new show starts in the artist's country (site.config.ts), chosen in the list.
  await expect(form.getByLabel('Country')).toHaveValue('RO');
  await form.getByLabel('Country').selectOption({ label: 'Portugal' });
  await form.getByLabel('Venue time zone').fill('Europe/Lisbon');
  return form;
}

test('a show in Lisbon: the skipped hour refused beside the field, the repeated one asks which and keeps it', async ({ adminPage: page }, testInfo) => {
  await page.getByRole('link', { name: 'Shows' }).click();
  await expect(page).toHaveURL(/\/admin\/shows$/);
  const form = await fillLisbon(page);
  const starts = form.getByLabel('Starts');
  // Its times are on the venue's clock, and say so as the zone is typed.
  await expect(form.getByText('On the venue’s clock: Europe/Lisbon').first()).toBeVisible();

  // 01:30 on 28 March 2027 never happens in Lisbon: refused next to the field, which is focused.
  await starts.fill('2027-03-28T01:30');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  const skipped = form.getByText('Starts must be a time that exists in Europe/Lisbon: the clocks go forward that night and skip 2027-03-28 01:30.');
  await expect(skipped).toBeVisible();
  await expect(starts).toHaveAttribute('aria-invalid', 'true');
  await expect(starts).toBeFocused();
  await expectNoAxeViolations(page, 'shows: skipped hour');
  await photograph(page, testInfo, 'shows-skipped-hour');

  // 01:30 on 25 October 2026 happens twice: the form asks which; without an answer it is refused.
  await starts.fill('2026-10-25T01:30');
  const which = form.getByRole('group', { name: /The clocks go back that night: 01:30 happens twice in Europe\/Lisbon/ });
  await expect(which).toBeVisible();
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByText(/Starts happens twice in Europe\/Lisbon/)).toBeVisible();
  await which.getByLabel('The second (winter time, UTC+00:00)').check();
  await expectNoAxeViolations(page, 'shows: repeated hour');
  await photograph(page, testInfo, 'shows-repeated-hour');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form).toBeHidden();
  const list = page.getByRole('region', { name: 'Current shows' }).getByRole('listitem');
  // A date gone by: among the past shows, folded under their count (issue 29); opened when it is closed.
  const pastFold = page.locator('details', { has: page.getByText(/^Past shows \(\d+\)$/) });
  if (!(await pastFold.evaluate((d) => (d as HTMLDetailsElement).open))) await pastFold.locator('summary').click();
  await expect(list.filter({ hasText: 'LX Factory' })).toHaveCount(1);

  // Stored with the offset that says which, and shown so when edited after a reload.
  await page.reload();
  // A date gone by: among the past shows, folded under their count (upcoming ones first, issue 29).
  await page.getByText(/^Past shows \(\d+\)$/).click();
  // Its own item: other specs of the run add shows of their own to the same list.
  await list
    .filter({ hasText: 'LX Factory' })
    .getByRole('button', { name: /^Edit / })
    .click();
  const edit = page.getByRole('form', { name: /^Edit / });
  await expect(edit.getByLabel('Starts')).toHaveValue('2026-10-25T01:30');
  await expect(edit.getByLabel('The second (winter time, UTC+00:00)')).toBeChecked();
  await expect(edit.getByLabel('Venue time zone')).toHaveValue('Europe/Lisbon');
  await expect(edit.getByLabel('Country')).toHaveValue('PT');
  await photograph(page, testInfo, 'shows-edit');
});

test('@phone the show form on a phone: fits the screen, its refusal beside the field, axe finds nothing', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/shows');
  const form = await fillLisbon(page);
  await form.getByLabel('Starts').fill('2027-03-28T01:30');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByText(/Starts must be a time that exists in Europe\/Lisbon/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'shows on a phone');
  await photograph(page, testInfo, 'shows-phone');
});
