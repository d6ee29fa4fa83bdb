/**
 * Publishing is a choice the admin sees (issue 22), on both backends: a release is saved as a draft, published from the
 * keyboard, unpublished and scheduled with buttons, never a status select, and the list and the form say where it
 * stands; the dashboard's first-run checklist ticks itself. Runs in a stage of its own after the releases spec
 * (e2e/browsers.ts): the two releases it schedules ahead would lead the page that spec's featured release must lead.
 */
import type { Page } from '@playwright/test';
import { RELEASE_ZONE } from '../../src/content/release-cycle';
import { localAt } from '../../src/content/zoned-time';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, photograph, tabTo } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
test.slow();

const DAY = 86_400_000;
const release = (page: Page, title: string) => page.getByRole('region', { name: 'Current releases' }).getByRole('listitem').filter({ hasText: title });
const said = (page: Page, text: string) => expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
/** A wall date as the admin writes it in English ("16 Dec 2026"). */
const dayWords = (local: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${local}:00Z`));

test('a release is saved as a draft, published by keyboard, unpublished and scheduled with buttons; the list and the form say which', async ({
  adminPage: page,
}, testInfo) => {
  await page.getByRole('link', { name: 'Releases' }).click();
  const add = await openAdd(page, 'release');
  await expect(add.getByLabel('Status')).toHaveCount(0);
  await expect(add).toContainText('Nothing goes on the site until you choose Publish');

  await add.getByLabel('Title').fill('Ceas de seară');
  await add.getByLabel('Kind').selectOption('ep');
  await add.getByLabel('Release date and time').fill('2025-03-01T00:00');
  await add.getByRole('button', { name: 'Save as draft' }).click();
  const item = release(page, 'Ceas de seară');
  await expect(item.locator('.item__meta')).toHaveText('EP · 1 Mar 2025 · Draft');
  await said(page, 'Saved Ceas de seară as a draft.');

  // Publish with the keyboard alone: Tab to Edit, Enter, Tab to Publish, Enter.
  await tabTo(page, item.getByRole('button', { name: 'Edit Ceas de seară' }));
  await page.keyboard.press('Enter');
  const edit = page.getByRole('form', { name: 'Edit Ceas de seară' });
  await expect(edit).toContainText('Draft: only you see it. Publish puts it on the site.');
  await tabTo(page, edit.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(item.locator('.item__meta')).toHaveText('EP · 1 Mar 2025 · Published');
  await said(page, 'Published Ceas de seară.');

  // A published release: Save keeps it published, Unpublish makes it a draft again.
  await item.getByRole('button', { name: 'Edit Ceas de seară' }).click();
  await expect(edit).toContainText('Published: on the site for everyone.');
  await expect(edit.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Unpublish' }).click();
  await expect(item.locator('.item__meta')).toHaveText('EP · 1 Mar 2025 · Draft');
  await said(page, 'Unpublished Ceas de seară: it is a draft again.');

  // A date ahead: the form says Publish schedules it; the list says Scheduled.
  const ahead = `${localAt(Date.now() + 20 * DAY, RELEASE_ZONE).slice(0, 10)}T00:00`;
  await openAdd(page, 'release');
  await add.getByLabel('Title').fill('Zori de iarnă');
  await add.getByLabel('Kind').selectOption('single');
  await add.getByLabel('Release date and time').fill(ahead);
  await add
    .getByRole('group', { name: /Listen on/ })
    .getByLabel('Spotify', { exact: true })
    .fill('https://open.spotify.com/track/2Xk9vLq7Tn4Rb8Yc1Wd5Ze');
  await expect(add).toContainText(`Its date is ahead: Publish schedules it for ${dayWords(ahead)}.`);
  await add.getByRole('button', { name: 'Publish', exact: true }).click();
  const soon = release(page, 'Zori de iarnă');
  await expect(soon.locator('.item__meta')).toHaveText(`Single · ${dayWords(ahead)} · Spotify · Scheduled`);
  await said(page, `Scheduled Zori de iarnă for ${dayWords(ahead)}.`);
  await soon.getByRole('button', { name: 'Edit Zori de iarnă' }).click();
  await expect(page.getByRole('form', { name: 'Edit Zori de iarnă' })).toContainText(`Scheduled: it goes on the site by itself on ${dayWords(ahead)}.`);
  await expectNoAxeViolations(page, 'releases: draft, scheduled, a scheduled one edited');
  await photograph(page, testInfo, 'releases-publishing-desktop');
  await page.getByRole('form', { name: 'Edit Zori de iarnă' }).getByRole('button', { name: 'Cancel' }).click();

  // On a phone: each item one column, no sideways scroll, the states still said.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(item.locator('.item__state')).toHaveText('Draft');
  const list = page.getByRole('region', { name: 'Current releases' });
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoAxeViolations(page, 'releases on a phone');
  await photograph(page, testInfo, 'releases-publishing-phone');
});

test('the dashboard’s first-run checklist ticks itself and links where each line is done', async ({ adminPage: page, backend }, testInfo) => {
  await page.goto('/admin');
  const open = page.getByRole('region', { name: 'Getting the site ready' });
  const folded = page.getByRole('group', { name: 'Set-up complete' });
  await expect(open.or(folded)).toBeVisible();
  // On Firebase every line can be done by now (the settings specs of this run set the e-mail and the portrait): the
  // list is folded away, and opens again.
  const complete = await folded.isVisible();
  if (complete) {
    expect(backend, 'Scena server’s own lines (mail, backup, password) are never all done in a test run').toBe('firebase');
    await folded.getByText('Set-up complete').click();
    await expect(folded.getByRole('listitem')).toHaveCount(3);
    for (const item of await folded.getByRole('listitem').all()) await expect(item).toContainText('done');
  }
  const checklist = complete ? folded : open;
  // The release published (scheduled) above counts.
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Publish a release' })).toContainText('done');
  if (backend === 'server') {
    // This server has no SMTP settings: the line says how, and links nowhere (it is done on the server).
    const mail = checklist.getByRole('listitem').filter({ hasText: 'Receive booking requests by e-mail' });
    await expect(mail).toContainText('to do');
    await expect(mail).toContainText('Ask whoever set up your server to turn on e-mail: docs/operating.md, §4 (SMTP_URL and MAIL_FROM).');
    await expect(checklist.getByRole('link', { name: 'Change the first password' })).toHaveAttribute('href', '/admin/account');
  } else {
    // On Firebase, mail, backups and the password are not the server's: not listed.
    await expect(checklist.getByRole('listitem').filter({ hasText: /booking requests by e-mail|A backup|the first password/ })).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'dashboard with the checklist');
  await page.setViewportSize({ width: 360, height: 740 });
  await photograph(page, testInfo, 'dashboard-checklist-phone');
  await checklist.getByRole('link', { name: 'Choose a portrait' }).click();
  // Settings opens at the portrait's field, focused and in view (on a phone it is 1,800 px down the page).
  await expect(page).toHaveURL(/\/admin\/settings#portrait$/);
  // The portrait is a group of pictures (its value in a hidden input): the chosen one, or the first, is focused.
  const portrait = page.locator('fieldset', { has: page.locator('[name="portrait"]') }).locator('input[type="radio"]:focus');
  await expect(portrait).toHaveCount(1);
  await expect(portrait).toBeInViewport();
});

/** The admin in Romanian, as the header's switch keeps it (src/admin/language.ts). */
async function inRomanian(page: Page) {
  await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
  await page.reload();
}
const roDay = (local: string) =>
  new Intl.DateTimeFormat('ro-RO', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${local}:00Z`));

test('in Romanian, on a phone: Salvați ca ciornă, Publicați, Anulați publicarea and a date ahead, said in the list; the checklist', async ({
  adminPage: page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/releases');
  await inRomanian(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lansări');
  // Add first: the page's first button opens the form at the top (issue 29).
  await page.getByRole('button', { name: 'Adăugați o lansare', exact: true }).click();
  const add = page.getByRole('region', { name: 'Adăugați în lista „Lansări”' });
  await expect(add).toContainText('Nimic nu apare pe site până nu alegeți Publicați');
  await add.getByLabel('Titlu', { exact: true }).fill('Ploaie de noiembrie');
  await add.getByLabel('Tip', { exact: true }).selectOption('single');
  await add.getByLabel('Data și ora lansării').fill('2025-11-07T00:00');
  await add.getByRole('button', { name: 'Salvați ca ciornă' }).click();
  const item = page.getByRole('region', { name: 'Lansări în listă' }).getByRole('listitem').filter({ hasText: 'Ploaie de noiembrie' });
  await expect(item.locator('.item__meta')).toHaveText('Single · 7 nov. 2025 · Ciornă');
  await said(page, 'S-a salvat „Ploaie de noiembrie” ca ciornă.');

  await item.getByRole('button', { name: 'Editați Ploaie de noiembrie' }).click();
  const edit = page.getByRole('form', { name: 'Editați Ploaie de noiembrie' });
  await expect(edit).toContainText('Ciornă: doar dumneavoastră o vedeți.');
  await edit.getByRole('button', { name: 'Publicați', exact: true }).click();
  await expect(item.locator('.item__meta')).toHaveText('Single · 7 nov. 2025 · Publicată');
  await said(page, 'S-a publicat „Ploaie de noiembrie”.');
  await item.getByRole('button', { name: 'Editați Ploaie de noiembrie' }).click();
  await expect(edit).toContainText('Publicată: pe site, pentru toată lumea.');
  await edit.getByRole('button', { name: 'Anulați publicarea' }).click();
  await expect(item.locator('.item__meta')).toHaveText('Single · 7 nov. 2025 · Ciornă');
  await said(page, 'S-a anulat publicarea pentru „Ploaie de noiembrie”: este din nou ciornă.');

  const ahead = `${localAt(Date.now() + 30 * DAY, RELEASE_ZONE).slice(0, 10)}T20:00`;
  await page.getByRole('button', { name: 'Adăugați o lansare', exact: true }).click();
  await add.getByLabel('Titlu', { exact: true }).fill('Zăpadă târzie');
  await add.getByLabel('Data și ora lansării').fill(ahead);
  await expect(add).toContainText(`Data este în viitor: Publicați programează apariția pe ${roDay(ahead)}, 20:00.`);
  await add.getByRole('button', { name: 'Publicați', exact: true }).click();
  const soon = page.getByRole('region', { name: 'Lansări în listă' }).getByRole('listitem').filter({ hasText: 'Zăpadă târzie' });
  await expect(soon.locator('.item__meta')).toHaveText(`Single · ${roDay(ahead)}, 20:00 · Publicare programată`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expectNoAxeViolations(page, 'releases in Romanian on a phone');
  await soon.scrollIntoViewIfNeeded();
  await photograph(page, testInfo, 'releases-ro-phone');

  await page.goto('/admin');
  // Open, or folded away when every line is done (on Firebase, once the run's settings specs have set the rest).
  const open = page.getByRole('region', { name: 'Pregătirea site-ului' });
  const folded = page.getByRole('group', { name: 'Configurare încheiată' });
  await expect(open.or(folded)).toBeVisible();
  if (await folded.isVisible()) await folded.getByText('Configurare încheiată').click();
  const checklist = open.or(folded);
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Publicați o lansare' })).toContainText('gata');
  await expectNoAxeViolations(page, 'the dashboard in Romanian on a phone');
  await checklist.scrollIntoViewIfNeeded();
  await photograph(page, testInfo, 'dashboard-ro-phone');
  await checklist.screenshot({ path: `test-results/screens/${testInfo.project.name}/checklist-ro-phone.png` });
});

test('Publish and Unpublish from the row, with Undo; a date ahead schedules, as the form does', async ({ adminPage: page }, testInfo) => {
  await page.goto('/admin/releases');
  const add = await openAdd(page, 'release');
  await add.getByLabel('Title').fill('Lumini de dimineață');
  await add.getByLabel('Kind').selectOption('single');
  await add.getByLabel('Release date and time').fill('2025-04-04T00:00');
  await add.getByRole('button', { name: 'Save as draft' }).click();
  const item = release(page, 'Lumini de dimineață');
  await expect(item.locator('.item__meta')).toHaveText('Single · 4 Apr 2025 · Draft');

  // The row's own button, beside the one that opens the release; by keyboard.
  const quick = item.getByRole('group', { name: 'Quick changes to Lumini de dimineață' });
  await expect(quick.getByRole('button')).toHaveText(['Publish']);
  await expectNoAxeViolations(page, 'releases: a row with Publish');
  await tabTo(page, quick.getByRole('button', { name: 'Publish: Lumini de dimineață' }));
  await page.keyboard.press('Enter');
  await expect(item.locator('.item__meta')).toHaveText('Single · 4 Apr 2025 · Published');
  await said(page, 'Published Lumini de dimineață.');
  await expect(item.getByRole('button', { name: 'Edit Lumini de dimineață' })).toBeFocused();
  await expect(quick.getByRole('button')).toHaveText(['Unpublish']);

  // Undo makes it a draft again; Publish, then Unpublish from the row.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(item.locator('.item__meta')).toHaveText('Single · 4 Apr 2025 · Draft');
  await quick.getByRole('button', { name: 'Publish: Lumini de dimineață' }).click();
  await expect(item.locator('.item__meta')).toHaveText('Single · 4 Apr 2025 · Published');
  await quick.getByRole('button', { name: 'Unpublish: Lumini de dimineață' }).click();
  await expect(item.locator('.item__meta')).toHaveText('Single · 4 Apr 2025 · Draft');
  await said(page, 'Unpublished Lumini de dimineață: it is a draft again.');

  // A draft dated ahead: Publish schedules it, said as the form says it, and Unpublish is offered.
  const ahead = `${localAt(Date.now() + 40 * DAY, RELEASE_ZONE).slice(0, 10)}T00:00`;
  await openAdd(page, 'release');
  await add.getByLabel('Title').fill('Ceață pe lac');
  await add.getByLabel('Kind').selectOption('single');
  await add.getByLabel('Release date and time').fill(ahead);
  await add.getByRole('button', { name: 'Save as draft' }).click();
  const later = release(page, 'Ceață pe lac');
  await later.getByRole('button', { name: 'Publish: Ceață pe lac' }).click();
  await expect(later.locator('.item__meta')).toHaveText(`Single · ${dayWords(ahead)} · Scheduled`);
  await said(page, `Scheduled Ceață pe lac for ${dayWords(ahead)}.`);
  await expect(later.getByRole('button', { name: 'Unpublish: Ceață pe lac' })).toBeVisible();
  await expectNoAxeViolations(page, 'releases: a scheduled row with Unpublish');
  await photograph(page, testInfo, 'releases-quick-desktop');
});
