import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, openItem, openPublic } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
// Long flows: every step goes through the real server and database.
test.slow();

const currentList = (page: Page, noun: string) => page.getByRole('region', { name: `Current ${noun}s` }).getByRole('listitem');

async function addRelease(page: Page, title: string, meta: string, url: string) {
  const form = await openAdd(page, 'release');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Details (album, year, songs)').fill(meta);
  await form.getByLabel('Link').fill(url);
  // No status select: the admin chooses Publish (these are published at once) or Save as draft.
  await expect(form.getByLabel('Status')).toHaveCount(0);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(currentList(page, 'release').filter({ hasText: title })).toHaveCount(1);
  // Added: the form closes, and the new release has the focus in the list.
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit ${title}`, exact: true })).toBeFocused();
}

async function titles(list: Locator) {
  return list.locator('.item__title').allTextContents();
}

test('releases: add, edit in place, reorder by keyboard and by drag and drop, remove with confirmation', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByText('No releases yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'releases empty');

  // A link that is not https is refused before sending.
  const form = await openAdd(page, 'release');
  await form.getByLabel('Title').fill('Bad link');
  await form.getByLabel('Link').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByText('Link must be an https:// link.')).toBeVisible();
  await expectNoAxeViolations(page, 'releases error');

  await addRelease(page, 'Nocturn', 'Album · 2023 · 9 songs', 'https://open.spotify.com/album/nocturn');
  await addRelease(page, 'Lumini de oraș', 'Album · 2024 · 9 songs', 'https://open.spotify.com/album/lumini');
  await addRelease(page, 'Ploaie', 'Single · 2025', 'https://www.youtube.com/watch?v=ploaie');
  const list = currentList(page, 'release');
  expect(await titles(list)).toEqual(['Nocturn', 'Lumini de oraș', 'Ploaie']);

  // Edit in place.
  await page.getByRole('button', { name: 'Edit Ploaie' }).click();
  const edit = page.getByRole('form', { name: 'Edit Ploaie' });
  await edit.getByLabel('Title').fill('Ploaie de vară');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(list.filter({ hasText: 'Ploaie de vară' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit Ploaie de vară' })).toBeFocused();

  // Reorder is a mode; from the keyboard, the move is announced.
  await page.getByRole('button', { name: 'Reorder' }).click();
  await page.getByRole('button', { name: 'Move Ploaie de vară up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => titles(list)).toEqual(['Nocturn', 'Ploaie de vară', 'Lumini de oraș']);
  await expect(page.getByRole('status').filter({ hasText: 'Moved Ploaie de vară to position 2 of 3.' })).toHaveCount(1);

  // Reorder by drag and drop.
  await list.filter({ hasText: 'Lumini de oraș' }).dragTo(list.filter({ hasText: 'Nocturn' }));
  await expect.poll(() => titles(list)).toEqual(['Lumini de oraș', 'Nocturn', 'Ploaie de vară']);

  await page.getByRole('button', { name: 'Done reordering' }).click();

  // Remove is in the item's editor and asks first; Cancel keeps the release.
  const nocturn = await openItem(page, 'Nocturn');
  await nocturn.getByRole('button', { name: 'Remove Nocturn' }).click();
  await page.getByRole('group', { name: 'Confirm removing Nocturn' }).getByRole('button', { name: 'Cancel' }).click();
  // Still there, open in its editor.
  await expect(list.filter({ hasText: 'Nocturn' })).toHaveCount(1);
  await nocturn.getByRole('button', { name: 'Remove Nocturn' }).click();
  await expectNoAxeViolations(page, 'releases confirm');
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  // Removed once it is said (an open item has no row title: the list alone would read as if it were gone already).
  await expect(page.getByRole('status').filter({ hasText: 'Removed Nocturn.' })).toHaveCount(1);
  await expect.poll(() => titles(list)).toEqual(['Lumini de oraș', 'Ploaie de vară']);

  // The order is kept by the server.
  await page.reload();
  await expect.poll(() => titles(currentList(page, 'release'))).toEqual(['Lumini de oraș', 'Ploaie de vară']);

  for (const path of ['/en/', '/ro/']) {
    await openPublic(page, path);
    // The discography's code loads as it nears the view (issue 32).
    await page.locator('#music').scrollIntoViewIfNeeded();
    const releases = page.locator('#music .discography li.album:not(.album--soon)');
    await expect(releases).toHaveCount(2);
    await expect(releases.nth(0)).toContainText('Lumini de oraș');
    await expect(releases.nth(1)).toContainText('Ploaie de vară');
    // Each title leads to the release's own page, at the address made from its first title (kept when renamed).
    await expect(releases.nth(1).getByRole('link')).toHaveAttribute('href', path === '/en/' ? '/en/music/ploaie/' : '/ro/muzica/ploaie/');
  }
});

test('collaborators: add, edit, reorder and remove, shown in the Worked with block', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Collaborators' }).click();
  // An empty list does not mean an empty block: the page shows site.config.ts's defaults, and says so.
  await expect(
    page.getByText('No collaborators yet. Visitors see the default list until you add one: Irina Dobre (Artist), Matei Pop (Audio Engineer).'),
  ).toBeVisible();
  // A common role by the choice (its words in both languages), or the admin's own words in English and Romanian.
  for (const [name, role] of [
    ['Irina Dobre', 'Artist'],
    ['Matei Pop', 'Audio engineer'],
    ['Ana Stan', 'Vocalist'],
  ] as const) {
    const form = await openAdd(page, 'collaborator');
    await form.getByLabel('Name').fill(name);
    if (name === 'Ana Stan') await form.getByLabel('Role in your words, English').fill(role);
    else await form.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await form.getByRole('button', { name: 'Add collaborator' }).click();
    await expect(currentList(page, 'collaborator').filter({ hasText: name })).toHaveCount(1);
    await expect(form).toBeHidden();
  }
  const list = currentList(page, 'collaborator');
  await page.getByRole('button', { name: 'Edit Ana Stan' }).click();
  await page.getByRole('form', { name: 'Edit Ana Stan' }).getByLabel('Role in your words, English').fill('Vocalist, songwriter');
  await page.getByRole('form', { name: 'Edit Ana Stan' }).getByLabel('Role in your words, Romanian').fill('Voce, versuri');
  await page.getByRole('form', { name: 'Edit Ana Stan' }).getByRole('button', { name: 'Save' }).click();
  await expect(list.filter({ hasText: 'Vocalist, songwriter' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Reorder' }).click();
  await page.getByRole('button', { name: 'Move Irina Dobre down' }).click();
  await expect.poll(() => titles(list)).toEqual(['Matei Pop', 'Irina Dobre', 'Ana Stan']);
  await page.getByRole('button', { name: 'Done reordering' }).click();
  await (await openItem(page, 'Irina Dobre')).getByRole('button', { name: 'Remove Irina Dobre' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect.poll(() => titles(list)).toEqual(['Matei Pop', 'Ana Stan']);
  await expectNoAxeViolations(page, 'collaborators');

  for (const path of ['/en/', '/ro/']) {
    await openPublic(page, path);
    const people = page.locator('#about .worked-with li');
    await expect(people).toHaveCount(2);
    await expect(people.nth(0)).toContainText('Matei Pop');
    await expect(people.nth(0)).toContainText(path === '/ro/' ? 'Inginerie de sunet' : 'Audio engineer');
    await expect(people.nth(1)).toContainText(path === '/ro/' ? 'Voce, versuri' : 'Vocalist, songwriter');
  }
});
