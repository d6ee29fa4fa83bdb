/**
 * Shows in the admin (issue 23; docs/decisions/0033-shows-model.md): a show added in another time zone, its times
 * labelled with the venue's clock, an hour the clocks skip there refused beside the field, an hour they repeat asking
 * which of the two is meant and keeping the answer; the form on a phone; Sold out from the row with Undo, in English on
 * a desktop and in Romanian on a phone (issue 33), the public page then saying so. Photographs under test-results/screens.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { LISBON_SHOW_INPUT } from '../../src/content/show-fixtures';
import { openAdd, openPublic, photograph, tabTo } from './admin-helpers';

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

/** An upcoming published show in Cluj, added through the API (its own venue: other specs add shows to the same list). */
async function addClujShow(page: Page, venue: string) {
  const res = await page.request.post('/api/admin/shows', {
    data: { ...LISBON_SHOW_INPUT, venue, city: 'Cluj-Napoca', country: 'RO', timeZone: '', start: '2031-05-16T21:00', end: '', tickets: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { item: { id: string; slug: string } }).item;
}
/** The announcement, said once (Undo's own status says "Undone: marked …" after). */
const said = (page: Page, text: string) =>
  expect(page.getByRole('status').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })).toHaveCount(1);
/** Every button of a row's quick changes (and its ⋯ on a phone) is at least 24 × 24 px (WCAG 2.5.8). */
async function bigEnough(row: ReturnType<Page['locator']>) {
  for (const button of await row.locator('.item__quick button:visible, .item__quick-toggle:visible').all()) {
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height), (await button.textContent()) ?? '').toBeGreaterThanOrEqual(24);
  }
}

test('Sold out from the row, by keyboard, with Undo; the show page then says sold out', async ({ adminPage: page }, testInfo) => {
  const show = await addClujShow(page, 'Form Space Quick');
  await page.goto('/admin/shows');
  const row = page.getByRole('region', { name: 'Current shows' }).getByRole('listitem').filter({ hasText: 'Form Space Quick' });
  const name = 'Form Space Quick, Cluj-Napoca';
  // The row's own buttons, in a group named for the show, beside (not inside) the button that opens it.
  const quick = row.getByRole('group', { name: `Quick changes to ${name}` });
  await expect(quick.getByRole('button')).toHaveText(['Sold out', 'Cancelled', 'Postponed']);
  await expect(row.locator('button button, button a, a button')).toHaveCount(0);
  await bigEnough(row);
  await expectNoAxeViolations(page, 'shows: a row with its quick states');

  // By keyboard: Tab to Sold out, Enter. Said with the show's name and its state; focus stays on the row.
  await tabTo(page, quick.getByRole('button', { name: `Sold out: ${name}` }));
  await page.keyboard.press('Enter');
  await said(page, `Marked ${name}: Sold out.`);
  await expect(row.locator('.item__meta')).toContainText('Sold out');
  await expect(quick.getByRole('button')).toHaveText(['Cancelled', 'Postponed', 'On sale']);
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
  await expectNoAxeViolations(page, 'shows: a row sold out');
  await photograph(page, testInfo, 'shows-quick-sold-out');

  // Undo takes it back; Sold out again, and the public page says so.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(quick.getByRole('button')).toHaveText(['Sold out', 'Cancelled', 'Postponed']);
  await expect(row.locator('.item__meta')).not.toContainText('Sold out');
  await quick.getByRole('button', { name: `Sold out: ${name}` }).click();
  await said(page, `Marked ${name}: Sold out.`);
  await expect(quick.getByRole('button', { name: `On sale: ${name}` })).toBeVisible();
  await openPublic(page, `/en/shows/${show.slug}/`);
  await expect(page.locator('.show__state')).toHaveText('Sold out');
});

test('@phone Sold out from the row on a phone in Romanian, with Undo; the show page then says so', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const show = await addClujShow(page, 'Flying Circus Rapid');
  await page.goto('/admin/shows');
  await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
  await page.reload();
  const row = page.getByRole('region', { name: 'Concerte în listă' }).getByRole('listitem').filter({ hasText: 'Flying Circus Rapid' });
  const name = 'Flying Circus Rapid, Cluj-Napoca';
  const quick = row.getByRole('group', { name: `Schimbări rapide pentru ${name}` });
  // Closed, the row stays a thumb's height: its quick changes wait behind one ⋯ button at its end.
  const more = row.getByRole('button', { name: `Schimbări rapide pentru ${name}` });
  await expect(quick).toBeHidden();
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(88);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(quick.getByRole('button')).toHaveText(['Bilete epuizate', 'Anulat', 'Amânat']);
  await bigEnough(row);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Open: one line of buttons under the row's text.
  expect((await quick.boundingBox())!.height).toBeLessThanOrEqual(40);
  await expectNoAxeViolations(page, 'shows: a row with its quick states open, in Romanian on a phone');

  await quick.getByRole('button', { name: `Bilete epuizate: ${name}` }).click();
  await said(page, `S-a marcat „${name}”: Bilete epuizate.`);
  await expect(quick.getByRole('button')).toHaveText(['Anulat', 'Amânat', 'În vânzare']);
  await expectNoAxeViolations(page, 'shows: a row sold out, in Romanian on a phone');
  await row.scrollIntoViewIfNeeded();
  await photograph(page, testInfo, 'shows-quick-ro-phone');
  await page.getByRole('button', { name: 'Anulați modificarea', exact: true }).click();
  await expect(quick.getByRole('button')).toHaveText(['Bilete epuizate', 'Anulat', 'Amânat']);
  await quick.getByRole('button', { name: `Bilete epuizate: ${name}` }).click();
  await expect(quick.getByRole('button', { name: `În vânzare: ${name}` })).toBeVisible();
  // Escape folds them away, back on the ⋯ button.
  await quick.getByRole('button', { name: `În vânzare: ${name}` }).focus();
  await page.keyboard.press('Escape');
  await expect(quick).toBeHidden();
  await expect(more).toBeFocused();

  // A new show saved empty: each refusal names its field as a sentence does, and agrees with it (issue 33).
  await page.getByRole('button', { name: 'Adăugați un concert', exact: true }).click();
  const add = page.getByRole('region', { name: 'Adăugați în lista „Concerte”' });
  await add.getByRole('button', { name: 'Salvați ca ciornă' }).click();
  await expect(add.getByText('Locul trebuie completat.', { exact: true })).toBeVisible();
  await expect(add.getByText('Orașul trebuie completat.', { exact: true })).toBeVisible();
  await expect(add.getByText(/^Începutul trebuie să fie o dată și o oră/)).toBeVisible();
  await photograph(page, testInfo, 'shows-refusals-ro-phone');

  await openPublic(page, `/ro/concerte/${show.slug}/`);
  await expect(page.locator('.show__state')).toHaveText('Bilete epuizate');
});
