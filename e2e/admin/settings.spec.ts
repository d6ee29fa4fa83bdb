import type { Page } from '@playwright/test';
import { pauseClock } from '../clock';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openPublic } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
// Long flows: every step goes through the real server and database.
test.slow();

const pair = (page: Page, legend: string) => page.getByRole('group', { name: legend });
const saveMessage = (page: Page) => page.locator('.save__message');

/** Loads the settings page (a page load: a clock paused before it counts from the start). */
async function openSettings(page: Page) {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(pair(page, 'Hero title').getByLabel('English')).toBeEditable();
}

// First in this file: the database has no settings yet.
test('before anything is saved, the form shows what visitors see, marked as defaults', async ({ adminPage: page }) => {
  await openPublic(page, '/ro/');
  const liveTitle = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const liveMail = await page.locator('#contact a[href^="mailto:"]').getAttribute('href');
  const liveSpotify = await page.locator('.banner a[href^="https://open.spotify.com/"]').getAttribute('href');
  await openSettings(page);
  const hero = pair(page, 'Hero title');
  await expect(hero.getByLabel('Romanian')).toHaveValue(liveTitle);
  await expect(hero.getByLabel('Romanian')).toHaveAccessibleDescription('Default: what visitors see until you save.');
  await expect(page.getByLabel('Contact e-mail')).toHaveValue(liveMail!.replace(/^mailto:/, ''));
  const spotify = pair(page, 'Links (https:// only)').getByLabel('Spotify', { exact: true });
  await expect(spotify).toHaveValue(liveSpotify!);
  await expect(pair(page, 'Bio, first paragraph').getByLabel('English')).not.toHaveValue('');
  await expect(page.getByText('Default: what visitors see until you save.')).toHaveCount(8 + 1 + 6);
  // Showing the defaults is not a change: leaving asks nothing.
  await page.getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(hero.getByLabel('Romanian')).toHaveValue(liveTitle);
  // A changed field is no longer marked; the others still are.
  await hero.getByLabel('Romanian').fill('Titlu nou');
  await expect(hero.getByLabel('Romanian')).not.toHaveAccessibleDescription(/Default/);
  await expect(hero.getByLabel('English')).toHaveAccessibleDescription('Default: what visitors see until you save.');
  await expectNoAxeViolations(page, 'settings showing defaults');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
});

test('every settings field is edited, saved, and shown on the public page in both languages', async ({ adminPage: page, backend, backendRoutes }) => {
  await pauseClock(page);
  await openSettings(page);
  await pair(page, 'Hero title').getByLabel('English').fill('Night drives in Cluj');
  // A translation left empty is marked.
  await pair(page, 'Hero title').getByLabel('Romanian').fill('');
  await expect(pair(page, 'Hero title').getByText('Romanian translation missing')).toBeVisible();
  await pair(page, 'Hero title').getByLabel('Romanian').fill('Drumuri de noapte prin Cluj');
  await expect(pair(page, 'Hero title').getByText('translation missing')).toHaveCount(0);
  for (const [n, ordinal] of [
    [1, 'first'],
    [2, 'second'],
    [3, 'third'],
  ] as const) {
    await pair(page, `Bio, ${ordinal} paragraph`).getByLabel('English').fill(`English bio paragraph ${n}.`);
    await pair(page, `Bio, ${ordinal} paragraph`).getByLabel('Romanian').fill(`Paragraful ${n} din biografie, în română.`);
  }
  await page.getByLabel('Contact e-mail').fill('studio@tudorvale.ro');
  const links = pair(page, 'Links (https:// only)');
  await links.getByLabel('Spotify', { exact: true }).fill('https://open.spotify.com/artist/scena-test');
  await links.getByLabel('YouTube').fill('https://www.youtube.com/@scena-test');
  await links.getByLabel('Instagram').fill('https://www.instagram.com/scena.test');
  await links.getByLabel('TikTok').fill('https://www.tiktok.com/@scena.test');
  await links.getByLabel('X (Twitter)').fill('https://x.com/scena_test');
  await links.getByLabel('Spotify for Artists').fill('https://artists.spotify.com/c/scena-test');

  // Hold the save so "Saving..." can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(backendRoutes.saveSettings, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(saveMessage(page)).toHaveText('Saved');
  await page.clock.runFor(1999);
  await expect(saveMessage(page)).toHaveText('Saved');
  await page.clock.runFor(1);
  await expect(saveMessage(page)).toHaveText('');
  await page.unroute(backendRoutes.saveSettings);

  // Reloaded from the server: what was saved is what shows.
  await page.reload();
  await expect(pair(page, 'Hero title').getByLabel('Romanian')).toHaveValue('Drumuri de noapte prin Cluj');

  for (const [path, title, bio] of [
    ['/en/', 'Night drives in Cluj', 'English bio paragraph 2.'],
    ['/ro/', 'Drumuri de noapte prin Cluj', 'Paragraful 2 din biografie, în română.'],
  ] as const) {
    await openPublic(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('#about')).toContainText(bio);
    await expect(page.locator('#contact a[href="mailto:studio@tudorvale.ro"]')).toBeVisible();
    // The Music section's code loads as it nears the view (issue 32).
    await page.locator('#music').scrollIntoViewIfNeeded();
    await expect(page.locator('#music a[href="https://open.spotify.com/artist/scena-test"]')).toHaveCount(1);
    await expect(page.locator('#contact a[href="https://www.instagram.com/scena.test"]')).toHaveCount(1);
    await expect(page.locator('.banner a[href="https://www.youtube.com/@scena-test"]')).toHaveCount(1);
  }
  // Scena's server sends the content already in the HTML (no JavaScript needed); Firebase Hosting
  // serves the prerendered defaults and the page reads the content itself.
  if (backend === 'firebase') return;
  const html = await (await page.request.get('/ro/')).text();
  expect(html).toContain('Drumuri de noapte prin Cluj');
});

test('links and e-mail are checked before saving, with messages that name the field', async ({ adminPage: page }) => {
  await openSettings(page);
  const links = pair(page, 'Links (https:// only)');
  await links.getByLabel('Spotify', { exact: true }).fill('javascript:alert(1)');
  await links.getByLabel('TikTok').fill('http://www.tiktok.com/@plain-http');
  await page.getByLabel('Contact e-mail').fill('not an address');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/api\/admin\/settings|documents:commit/.test(r.url())) posted = true;
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Spotify must be an https:// link.')).toBeVisible();
  await expect(page.getByText('TikTok must be an https:// link.')).toBeVisible();
  await expect(page.getByText('Contact e-mail must be an e-mail address.')).toBeVisible();
  await expect(page.getByLabel('Contact e-mail')).toBeFocused();
  await expect(links.getByLabel('Spotify', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
  await expectNoAxeViolations(page, 'settings with errors');
});

test("@server-only the server's refusal is shown, and nothing stored changes", async ({ adminPage: page }) => {
  await pauseClock(page);
  await openSettings(page);
  const before = await pair(page, 'Hero title').getByLabel('English').inputValue();
  // A client that skips the form's checks: the server still refuses.
  await page.route('**/api/admin/settings', async (route) => {
    const body = route.request().postDataJSON() as { links: Record<string, string> };
    body.links.youtube = 'JaVaScRiPt:alert(document.cookie)';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await pair(page, 'Hero title').getByLabel('English').fill('This must not be saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(saveMessage(page)).toHaveText(/links\.youtube must be an https:\/\/ link/);
  await expect(pair(page, 'Links (https:// only)').getByText('YouTube must be an https:// link.')).toBeVisible();
  await page.clock.runFor(2000);
  await expect(saveMessage(page)).toHaveText('');
  await page.unroute('**/api/admin/settings');

  // A failure without a message reads "Save failed".
  await page.route('**/api/admin/settings', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(saveMessage(page)).toHaveText('Save failed');
  await page.unroute('**/api/admin/settings');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(pair(page, 'Hero title').getByLabel('English')).toHaveValue(before);
});

test('unsaved changes are not lost silently when leaving the page', async ({ adminPage: page }) => {
  await openSettings(page);
  await pair(page, 'Hero title').getByLabel('English').fill('Changed but not saved');
  await page.getByRole('link', { name: 'Stats' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'unsaved changes');
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(pair(page, 'Hero title').getByLabel('English')).toHaveValue('Changed but not saved');
  await page.getByRole('link', { name: 'Stats' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/stats$/);
});
