/**
 * What each action did, where the artist looks (issue 33, docs/decisions/0050), on both backends: after a publish, a
 * save, a removal and a settings save, a visible message names the item and what happened, with View page and Undo,
 * held at the top of the screen however far down he acted; the new or changed item is in view and marked for a moment;
 * Undo stays a minute later and takes the change back; Close puts the message away. English on a desktop, Romanian on a
 * phone. axe on every state.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, openItem, photograph } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

const notice = (page: Page) => page.locator('.change-notice:not(.change-notice--empty)');
const rows = (page: Page, list: string) => page.getByRole('region', { name: list }).getByRole('listitem');

test('a publish says so on screen with View the page and Undo; the new release is in view and marked; Undo a minute later takes it back', async ({
  adminPage: page,
  backend,
}, testInfo) => {
  await page.clock.install();
  await page.goto('/admin/releases');
  const add = await openAdd(page, 'release');
  await add.getByLabel('Title').fill('Ger la Sibiu');
  await add.getByLabel('Release date and time').fill('2025-02-01T00:00');
  await add.getByRole('button', { name: 'Publish' }).click();

  const box = notice(page);
  await expect(box).toBeInViewport();
  await expect(box.getByRole('status')).toHaveText('Published Ger la Sibiu.');
  await expect(box.getByRole('link', { name: 'View the page (opens in a new tab)' })).toHaveAttribute('href', '/en/music/ger-la-sibiu/');
  const row = rows(page, 'Current releases').filter({ hasText: 'Ger la Sibiu' });
  await expect(row).toBeInViewport();
  await expect(row).toHaveClass(/item--marked/);
  await expectNoAxeViolations(page, 'the message after a publish');
  await photograph(page, testInfo, 'notice-publish-en');

  // Scena's server answers the page's address with the release at once (a static host, after its next build).
  if (backend === 'server') expect((await page.request.get('/en/music/ger-la-sibiu/')).status()).toBe(200);

  // No stopwatch: a minute later, Undo is still there, and it takes the add back.
  await page.clock.fastForward(60_000);
  await box.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: adding Ger la Sibiu.' })).toHaveCount(1);
  await expect(rows(page, 'Current releases').filter({ hasText: 'Ger la Sibiu' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recently removed' }).getByText('Ger la Sibiu')).toBeVisible();

  // Close puts it away; the next change shows a message again.
  await notice(page).getByRole('button', { name: 'Close the message' }).click();
  await expect(notice(page)).toHaveCount(0);
  await page.getByRole('region', { name: 'Recently removed' }).getByRole('button', { name: 'Restore Ger la Sibiu' }).click();
  await expect(notice(page).getByRole('status')).toHaveText('Restored Ger la Sibiu.');
});

test('an edit says so with Undo, the saved row marked; a removal says so with Undo', async ({ adminPage: page }) => {
  await page.goto('/admin/releases');
  const form = await openItem(page, 'Ger la Sibiu');
  await form.getByLabel('Details (album, year, songs)').fill('Single · 2025');
  await form.getByRole('button', { name: 'Save' }).click();
  const box = notice(page);
  // A published release saved stays published: the message says it was saved.
  await expect(box.getByRole('status')).toHaveText('Saved Ger la Sibiu.');
  await expect(rows(page, 'Current releases').filter({ hasText: 'Ger la Sibiu' })).toHaveClass(/item--marked/);
  await expect(box).toBeInViewport();
  await box.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: the change to Ger la Sibiu.' })).toHaveCount(1);

  const again = await openItem(page, 'Ger la Sibiu');
  await again.getByRole('button', { name: 'Remove Ger la Sibiu' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(notice(page).getByRole('status')).toHaveText('Removed Ger la Sibiu.');
  await expect(notice(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  await notice(page).getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page, 'Current releases').filter({ hasText: 'Ger la Sibiu' })).toHaveCount(1);
  // Removed again: a published release left here would lead or count in the later stages' pages (one database on Firebase).
  await (await openItem(page, 'Ger la Sibiu')).getByRole('button', { name: 'Remove Ger la Sibiu' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(rows(page, 'Current releases').filter({ hasText: 'Ger la Sibiu' })).toHaveCount(0);
});

// A stage of its own (e2e/browsers.ts): the phone's size set here, where the phone project would have set it.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('in Romanian, on a phone: a settings save at the foot of the page says so at the top of the screen, with Undo, all in Romanian @phone', async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto('/admin/settings');
    await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Setări');
    const hero = page.getByRole('group', { name: 'Titlul principal' }).getByLabel('Engleză');
    const save = page.getByRole('button', { name: 'Salvați', exact: true });
    // A first save (the page's defaults stored) has nothing to go back to: the second is the one undone.
    await save.click();
    await expect(notice(page)).toBeVisible();
    const before = await hero.inputValue();
    await hero.fill(`${before} ·`);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const box = notice(page);
    await expect(box.getByRole('button', { name: 'Anulați modificarea' })).toBeVisible();
    await expect(box).toContainText('S-au salvat modificările din „Setări”.');
    await expect(box).toBeInViewport();
    expect((await box.boundingBox())!.y).toBeLessThan(40);
    await expect(box.getByRole('link', { name: 'Vedeți site-ul (se deschide într-o filă nouă)' })).toHaveAttribute('href', '/ro/');
    await expectNoAxeViolations(page, 'the message after a save, Romanian, phone');
    // What the screen shows (not the whole page): the message at its top, the Save button below.
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/notice-settings-ro-phone.png` });
    await box.getByRole('button', { name: 'Anulați modificarea' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'S-a anulat: salvarea paginii „Setări”.' })).toHaveCount(1);
    await expect(hero).toHaveValue(before);
    // Nothing in the box is English.
    expect(await box.innerText()).not.toMatch(/\b(the|save|of|Undo|View)\b/);
  });
});
