/**
 * History and undo through the admin, on both backends: Undo after a save, an edit and a removal; a kept
 * version restored; a removed item brought back. Runs after the other admin specs (its own project,
 * e2e/browsers.ts): it writes the settings and the releases that they check.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, openItem, photograph, tabTo } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
test.slow();

const heroEnglish = (page: Page) => page.getByRole('group', { name: 'Hero title' }).getByLabel('English');
const releases = (page: Page) => page.getByRole('region', { name: 'Current releases' }).getByRole('listitem');

test('settings: Undo takes a save back, a minute later too, and any kept version can be restored', async ({ adminPage: page }) => {
  // The page's clock, to be moved a minute on (its time otherwise flows as usual).
  await page.clock.install();
  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await heroEnglish(page).fill('Version one');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');
  await heroEnglish(page).fill('Version two');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');

  // Undo has no stopwatch: it stays until the next change or leaving the page.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.clock.fastForward(60_000);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone: the save of Settings.')).toBeVisible();
  await expect(heroEnglish(page)).toHaveValue('Version one');
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  await page.getByText('History of Settings').click();
  const versions = page.getByRole('list', { name: 'Versions of Settings, newest first' }).getByRole('listitem');
  await expect(versions.first()).toContainText('(current)');
  await expect(versions.first()).toContainText('Restored');
  // What each version changed, before → after.
  await expect(versions.nth(1)).toContainText('Hero title, English');
  await expect(versions.nth(1).locator('.history__before')).toContainText('Version one');
  await expect(versions.nth(1).locator('.history__after')).toContainText('Version two');
  await expectNoAxeViolations(page, 'settings history');
  const newest = Number(/Version (\d+)/.exec((await versions.first().textContent())!)![1]);
  // The version before the restore holds "Version two".
  await page.getByRole('button', { name: `Restore version ${newest - 1}` }).click();
  // Restore says what will change and asks once.
  const confirm = page.getByRole('group', { name: `Confirm restoring version ${newest - 1}` });
  await expect(confirm).toContainText('Hero title, English');
  await confirm.getByRole('button', { name: 'Yes, restore' }).click();
  await expect(heroEnglish(page)).toHaveValue('Version two');
  await expect(versions.first()).toContainText(`Version ${newest + 1}`);
});

test('releases: Undo takes an edit and a removal back; a removed release is restored from the list of removed ones', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Releases' }).click();
  const add = await openAdd(page, 'release');
  await add.getByLabel('Title').fill('Ceață pe Someș');
  await add.getByLabel('Details (album, year, songs)').fill('Single · 2026');
  await add.getByRole('button', { name: 'Save as draft' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Edit Ceață pe Someș' }).click();
  const edit = page.getByRole('form', { name: 'Edit Ceață pe Someș' });
  await edit.getByLabel('Title').fill('Ceață pe Someș (remix)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș (remix)' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș (remix)' })).toHaveCount(0);
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș' })).toHaveCount(1);

  // The item's own history, from its edit form.
  await page.getByRole('button', { name: 'Edit Ceață pe Someș' }).click();
  await page.getByText('History of Ceață pe Someș').click();
  const versions = page.getByRole('list', { name: 'Versions of Ceață pe Someș, newest first' }).getByRole('listitem');
  await expect(versions).toHaveCount(3);
  await expect(versions.last()).toContainText('Added');
  await page.getByRole('form', { name: 'Edit Ceață pe Someș' }).getByRole('button', { name: 'Cancel' }).click();

  // Remove is in the item's editor.
  await (await openItem(page, 'Ceață pe Someș')).getByRole('button', { name: 'Remove Ceață pe Someș' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș' })).toHaveCount(1);

  await (await openItem(page, 'Ceață pe Someș')).getByRole('button', { name: 'Remove Ceață pe Someș' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  const removed = page.getByRole('region', { name: 'Recently removed' });
  await expect(removed.getByText('Ceață pe Someș')).toBeVisible();
  await expectNoAxeViolations(page, 'recently removed');
  await removed.getByRole('button', { name: 'Restore Ceață pe Someș' }).click();
  await expect(releases(page).filter({ hasText: 'Ceață pe Someș' })).toHaveCount(1);
  // Other specs removed releases too: only this one leaves the list of removed ones.
  await expect(removed.getByText('Ceață pe Someș')).toHaveCount(0);
});

test('settings: a version shows before → after for a changed title, bio and link; restore asks once listing the fields, then Undo, by keyboard alone', async ({
  adminPage: page,
}, testInfo) => {
  await page.getByRole('link', { name: 'Settings' }).click();
  const bio = page.getByRole('group', { name: 'Bio, first paragraph' }).getByLabel('English');
  const spotify = page.getByRole('group', { name: /^Links/ }).getByLabel('Spotify', { exact: true });
  await heroEnglish(page).fill('Ora albastră');
  await bio.fill('Tudor makes pop records in Cluj, for voices he believes in.');
  await spotify.fill('https://open.spotify.com/artist/0aaaaaaaaaaaaaaaaaaaaa');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');
  await heroEnglish(page).fill('Ora de aur');
  await bio.fill('Tudor makes warm pop records in Bucharest, for voices he believes in.');
  await spotify.fill('https://open.spotify.com/artist/0bbbbbbbbbbbbbbbbbbbbb');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');

  // The history, opened from the keyboard.
  await tabTo(page, page.getByText('History of Settings'));
  await page.keyboard.press('Enter');
  const versions = page.getByRole('list', { name: 'Versions of Settings, newest first' }).getByRole('listitem');
  const newest = versions.first();
  await expect(newest).toContainText('(current)');
  const changes = newest.locator('.history__changes > div');
  const title = changes.filter({ has: page.getByText('Hero title, English', { exact: true }) });
  await expect(title.locator('dd')).toHaveText('removed: Ora albastră → added: Ora de aur');
  await expect(title.locator('.history__before')).toHaveText('removed: Ora albastră');
  const words = changes.filter({ has: page.getByText('Bio, first paragraph, English', { exact: true }) });
  await expect(words.locator('del')).toHaveText(['[removed: Cluj]']);
  await expect(words.locator('ins')).toHaveText(['[added: warm ]', '[added: Bucharest]']);
  await expect(words.locator('dd')).toContainText('for voices he believes in.');
  const link = changes.filter({ has: page.getByText('Links: Spotify', { exact: true }) });
  await expect(link.getByRole('link', { name: 'open.spotify.com/artist/0aaaaaaaaaaaaaaaaaaaaa' })).toHaveAttribute(
    'href',
    'https://open.spotify.com/artist/0aaaaaaaaaaaaaaaaaaaaa',
  );
  await expect(link.getByRole('link', { name: 'open.spotify.com/artist/0bbbbbbbbbbbbbbbbbbbbb' })).toBeVisible();
  await expectNoAxeViolations(page, 'a version’s before → after');
  await photograph(page, testInfo, 'history-before-after-desktop');

  // Restore the version before, from the keyboard: it lists what will change and asks once; then Undo.
  const version = Number(/Version (\d+)/.exec((await newest.textContent())!)![1]);
  await tabTo(page, page.getByRole('button', { name: `Restore version ${version - 1}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('group', { name: `Confirm restoring version ${version - 1}` });
  await expect(confirm.getByRole('listitem')).toHaveText(['Hero title, English', 'Bio, first paragraph, English', 'Links: Spotify']);
  await expect(confirm.getByRole('button', { name: 'Yes, restore' })).toBeFocused();
  await expectNoAxeViolations(page, 'restore confirmation');
  await page.locator('.history').screenshot({ path: `test-results/screens/${testInfo.project.name}/history-restore-confirmation.png` });
  await page.keyboard.press('Enter');
  await expect(heroEnglish(page)).toHaveValue('Ora albastră');
  await expect(spotify).toHaveValue('https://open.spotify.com/artist/0aaaaaaaaaaaaaaaaaaaaa');
  const undo = page.locator('.history').getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Undone: the restore of version ${version - 1}.`)).toBeVisible();
  await expect(heroEnglish(page)).toHaveValue('Ora de aur');
  await expect(bio).toHaveValue('Tudor makes warm pop records in Bucharest, for voices he believes in.');

  await page.setViewportSize({ width: 360, height: 740 });
  await versions.first().scrollIntoViewIfNeeded();
  await photograph(page, testInfo, 'history-before-after-phone');
  // The history alone, for a person to read.
  await page.locator('.history').screenshot({ path: `test-results/screens/${testInfo.project.name}/history-phone.png` });
});

test('in Romanian, on a phone: a version’s before → after, the restore’s one question and Undo', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/settings');
  await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Setări');
  const hero = page.getByRole('group', { name: 'Titlul principal' }).getByLabel('Engleză');
  await hero.fill('Seară albastră');
  await page.getByRole('button', { name: 'Salvați', exact: true }).click();
  await expect(page.locator('.save__message')).toHaveText('Salvat');
  await hero.fill('Dimineață de aur');
  await page.getByRole('button', { name: 'Salvați', exact: true }).click();
  await expect(page.locator('.save__message')).toHaveText('Salvat');

  await page.getByText('Istoricul: Setări').click();
  const versions = page.getByRole('list', { name: 'Versiunile: Setări, cele mai noi întâi' }).getByRole('listitem');
  const newest = versions.first();
  await expect(newest).toContainText('(actuală)');
  const title = newest.locator('.history__changes > div').filter({ has: page.getByText('Titlul principal, Engleză', { exact: true }) });
  await expect(title.locator('dd')).toHaveText('eliminat: Seară albastră → adăugat: Dimineață de aur');
  const version = Number(/Versiunea (\d+)/.exec((await newest.textContent())!)![1]);
  await page.getByRole('button', { name: `Restaurați versiunea ${version - 1}` }).click();
  const confirm = page.getByRole('group', { name: `Confirmați restaurarea versiunii ${version - 1}` });
  await expect(confirm).toContainText(`Restaurați versiunea ${version - 1}? Aceste câmpuri revin:`);
  await expect(confirm.getByRole('listitem')).toHaveText(['Titlul principal, Engleză']);
  await expectNoAxeViolations(page, 'a history in Romanian');
  await page.locator('.history').screenshot({ path: `test-results/screens/${testInfo.project.name}/history-ro-phone.png` });
  await confirm.getByRole('button', { name: 'Da, restaurați' }).click();
  await expect(hero).toHaveValue('Seară albastră');
  await page.locator('.history').getByRole('button', { name: 'Anulați modificarea' }).click();
  await expect(page.getByText(`S-a anulat: restaurarea versiunii ${version - 1}.`)).toBeVisible();
  await expect(hero).toHaveValue('Dimineață de aur');
  await page.evaluate(() => localStorage.setItem('scena.admin.language', 'en'));
});
