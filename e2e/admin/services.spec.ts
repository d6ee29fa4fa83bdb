/**
 * "Work with me" in the admin (issue 21), on both backends: the services with a price and a turnaround, read back as
 * the site says them; samples placed on a service, their audio chosen by name, duration and status, listed under it;
 * credits with their roles, year and platform link; testimonials by who said them. Each page passes axe in each state
 * and is photographed (desktop and phone) for a person to look at: test-results/screens/<project>/.
 * Nothing here saves the settings (the settings spec expects them untouched) or renames a service visitors book.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type Backend } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdd, photograph } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
// Long flows: every step goes through the real server (or the emulators) and its database.
test.slow();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const current = (page: Page, plural: string) => page.getByRole('region', { name: `Current ${plural}` });
const serviceItem = (page: Page, title: string) =>
  current(page, 'services')
    .locator(':scope > ol > li')
    .filter({ has: page.locator(':scope > .item__text > .item__title', { hasText: new RegExp(`^${title}$`) }) });

/** At a phone's width: nothing scrolls sideways, axe finds nothing, and a photograph; then back to the desktop. */
async function atPhoneWidth(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scrolling on a phone`).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, `${name} on a phone`);
  await photograph(page, testInfo, `${name}-phone`);
  await page.setViewportSize(size);
}

async function openPage(page: Page, label: string) {
  await nav(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/**
 * A new database holds no services (visitors see the first-start four; on Scena's server only a database in use got
 * them as items, by migration): the page offers to add those, once.
 */
async function ensureServices(page: Page) {
  const seed = page.getByRole('button', { name: 'Add the services visitors see now' });
  await expect(serviceItem(page, 'Mixing').or(seed)).toBeVisible();
  if (await seed.isVisible()) {
    await expectNoAxeViolations(page, 'services empty, with the offer');
    await seed.click();
  }
  await expect(serviceItem(page, 'Mixing')).toHaveCount(1);
}

/** An audio item hosted at an https address: through the API on Scena's server, through the Media page on Firebase. */
async function addLinkedAudio(page: Page, backend: Backend, audio: { name: string; src: string; durationMs: number; loudness: number }) {
  if (backend === 'server') {
    const answer = await page.request.post('/api/admin/audio', { data: { ...audio, status: 'ready' } });
    expect(answer.status(), await answer.text()).toBe(201);
    return;
  }
  await openPage(page, 'Media');
  const add = page.getByRole('region', { name: 'Add audio by its address' });
  await add.getByLabel('Name').fill(audio.name);
  await add.getByLabel('Audio address').fill(audio.src);
  await add.getByLabel('Loudness (LUFS)').fill(String(audio.loudness));
  await add.getByRole('button', { name: 'Add audio' }).click();
  await expect(page.getByRole('region', { name: 'Audio' }).getByRole('listitem').filter({ hasText: audio.name })).toHaveCount(1);
}

test('services: a price "from", its note and a turnaround, read back as the site says them', async ({ adminPage: page }, testInfo) => {
  await openPage(page, 'Services');
  await ensureServices(page);
  const mixing = serviceItem(page, 'Mixing');
  await expect(mixing.locator(':scope > .item__text > .item__meta')).toHaveText('No price shown · No samples');
  await expectNoAxeViolations(page, 'services');

  await mixing.getByRole('button', { name: 'Edit Mixing' }).click();
  const form = page.getByRole('form', { name: 'Edit Mixing' });
  await form.getByLabel('Price from').fill('150');
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await form.getByRole('group', { name: 'Price note' }).getByLabel('English').fill('per track');
  await form.getByRole('group', { name: 'Price note' }).getByLabel('Romanian').fill('per piesă');
  // In either order: the page shows the smaller first.
  await form.getByLabel('Turnaround from (days)').fill('5');
  await form.getByLabel('Turnaround to (days)').fill('3');
  await form.getByRole('group', { name: 'What is included' }).getByLabel('English').fill('Up to 40 tracks\nTwo rounds of changes');
  await form.getByRole('group', { name: 'What is included' }).getByLabel('Romanian').fill('Până la 40 de piste\nDouă runde de modificări');
  await expectNoAxeViolations(page, 'service being edited');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit Mixing' })).toBeFocused();
  await expect(mixing.locator(':scope > .item__text > .item__meta')).toHaveText('From 150 EUR per track · 3–5 days · No samples');

  // Kept by the backend.
  await page.reload();
  await expect(serviceItem(page, 'Mixing').locator(':scope > .item__text > .item__meta')).toHaveText('From 150 EUR per track · 3–5 days · No samples');
  await photograph(page, testInfo, 'services');
});

test('a sample placed on a service: its audio chosen by name, duration and status, listed under the service; the audio says where', async ({
  adminPage: page,
  backend,
}, testInfo) => {
  await addLinkedAudio(page, backend, { name: 'pop-after.mp3', src: 'https://files.example.com/pop-after.mp3', durationMs: 192_000, loudness: -9.5 });
  await addLinkedAudio(page, backend, { name: 'pop-before.mp3', src: 'https://files.example.com/pop-before.mp3', durationMs: 192_000, loudness: -16 });
  await openPage(page, 'Services');
  await ensureServices(page);
  // The samples are in the service's editor, not under its row: the list stays a thumb's height a row.
  await expect(page.getByRole('region', { name: 'Samples of Mixing' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Mixing', exact: true }).click();
  const samples = page.getByRole('region', { name: 'Samples of Mixing' });
  await expect(samples).toContainText('No samples yet: the card shows none.');
  await samples.getByRole('button', { name: 'Add a sample to Mixing' }).click();
  const form = samples.getByRole('form', { name: 'Add a sample to Mixing' });
  await expect(form.getByLabel('English')).toBeFocused();
  // The service is the one it is placed on: not asked.
  await expect(form.getByLabel('Service')).toHaveCount(0);
  const after = form.getByLabel('Audio (after)');
  const named = backend === 'server' ? 'pop-after.mp3 · 3:12 · Ready' : 'pop-after.mp3 · Ready';
  await expect(after.getByRole('option', { name: named })).toHaveCount(1);
  await expect(after.getByRole('option', { name: /pop-before/ })).toHaveCount(1);

  await form.getByLabel('English').fill('Pop mix');
  await form.getByLabel('Romanian').fill('Mix pop');
  // None chosen: refused here, beside the field.
  await form.getByRole('button', { name: 'Add sample' }).click();
  await expect(form.getByText('Audio (after) must be chosen from the audio library.')).toBeVisible();
  await expect(after).toBeFocused();
  await expectNoAxeViolations(page, 'sample form with an error');
  await photograph(page, testInfo, 'sample-form');
  await after.selectOption({ label: named });
  await form.getByLabel('Before (optional)').selectOption({ label: named.replace('after', 'before') });
  await expect(form.getByLabel('Loudness matching')).toHaveValue('on');
  await form.getByRole('button', { name: 'Add sample' }).click();

  const item = samples.getByRole('listitem').filter({ hasText: 'Pop mix' });
  await expect(item.locator('.item__meta')).toHaveText(`Track · ${named.replace(' · Ready', '')} · Before: pop-before.mp3 · Loudness matched`);
  await expect(samples.getByRole('button', { name: 'Add a sample to Mixing' })).toBeFocused();
  await expectNoAxeViolations(page, 'services with a sample');
  await photograph(page, testInfo, 'services-with-sample');
  await atPhoneWidth(page, testInfo, 'services-with-sample');
  // Closed, the service's row counts its samples.
  await page.getByRole('form', { name: 'Edit Mixing', exact: true }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(serviceItem(page, 'Mixing').locator(':scope > .item__text > .item__meta')).toContainText('1 sample');

  // The audio knows where it is used, and cannot be deleted meanwhile.
  await openPage(page, 'Media');
  const audio = page.getByRole('region', { name: 'Audio' }).getByRole('listitem').filter({ hasText: 'pop-before.mp3' });
  await expect(audio).toContainText('Used in: Mixing › sample “Pop mix” (before)');
  await expect(audio.getByRole('button', { name: 'Delete pop-before.mp3' })).toBeDisabled();
  await expectNoAxeViolations(page, 'media with audio');
  await photograph(page, testInfo, 'media-with-audio');
});

test('credits with their roles, year and platform link; testimonials by who said them', async ({ adminPage: page }, testInfo) => {
  await openPage(page, 'Credits');
  await expect(page.getByText('No credits yet.')).toBeVisible();
  const add = await openAdd(page, 'credit');
  await add.getByLabel('Artist').fill('Ana Pop');
  await add.getByLabel('Title').fill('Ora albastră');
  const roles = add.getByRole('group', { name: 'Your roles' });
  await roles.getByLabel('Produced').check();
  await roles.getByLabel('Mixed').check();
  await expect(add.getByLabel('Year')).toHaveValue(String(new Date().getFullYear()));
  await add.getByLabel('Year').fill('2025');
  // A link to a site that is not a platform of the releases: refused beside the field.
  await add.getByLabel('Link').fill('https://example.com/ora-albastra');
  await add.getByRole('button', { name: 'Add credit' }).click();
  await expect(add.getByText(/^Link must be a link to open\.spotify\.com/)).toBeVisible();
  await expectNoAxeViolations(page, 'credit with an error');
  await add.getByLabel('Link').fill('https://open.spotify.com/track/ora-albastra');
  await add.getByRole('button', { name: 'Add credit' }).click();
  const credit = current(page, 'credits').getByRole('listitem').filter({ hasText: 'Ana Pop — Ora albastră' });
  await expect(credit.locator('.item__meta')).toHaveText('2025 · Produced, Mixed · Spotify');
  // Added: the form closes and the new credit has the focus.
  await expect(add).toBeHidden();
  await expect(credit.getByRole('button', { name: 'Edit Ana Pop — Ora albastră' })).toBeFocused();

  // Edited: its roles show ticked; one taken off.
  await credit.getByRole('button', { name: 'Edit Ana Pop — Ora albastră' }).click();
  const edit = page.getByRole('form', { name: 'Edit Ana Pop — Ora albastră' });
  await expect(edit.getByRole('group', { name: 'Your roles' }).getByLabel('Produced')).toBeChecked();
  await edit.getByRole('group', { name: 'Your roles' }).getByLabel('Produced').uncheck();
  await edit.getByRole('group', { name: 'Your roles' }).getByLabel('Mastered').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(credit.locator('.item__meta')).toHaveText('2025 · Mixed, Mastered · Spotify');
  await expectNoAxeViolations(page, 'credits');
  await photograph(page, testInfo, 'credits');
  await atPhoneWidth(page, testInfo, 'credits');

  await openPage(page, 'Testimonials');
  const quote = await openAdd(page, 'testimonial');
  await quote.getByRole('group', { name: 'Quote' }).getByLabel('English').fill('Tudor heard what the song needed before I did.');
  await quote.getByRole('group', { name: 'Quote' }).getByLabel('Romanian').fill('Tudor a auzit de ce avea nevoie piesa înaintea mea.');
  await quote.getByLabel('Name').fill('Ioana Marin');
  await quote.getByRole('group', { name: 'Role or project' }).getByLabel('English').fill('Singer, Ora albastră');
  await quote.getByRole('group', { name: 'Role or project' }).getByLabel('Romanian').fill('Cântăreață, Ora albastră');
  await quote.getByRole('button', { name: 'Add testimonial' }).click();
  const said = current(page, 'testimonials').getByRole('listitem').filter({ hasText: 'Ioana Marin' });
  await expect(said.locator('.item__meta')).toHaveText('Singer, Ora albastră · “Tudor heard what the song needed before I did.”');
  await expect(page.getByRole('button', { name: 'Edit Ioana Marin' })).toBeVisible();
  await expectNoAxeViolations(page, 'testimonials');
  await photograph(page, testInfo, 'testimonials');
  await atPhoneWidth(page, testInfo, 'testimonials');
});

test('@phone the Services, Credits, Testimonials and Media pages on a phone: nothing scrolls sideways, axe finds nothing', async ({
  adminPage: page,
}, testInfo) => {
  for (const label of ['Services', 'Credits', 'Testimonials', 'Media']) {
    await page.goto(`/admin/${label.toLowerCase()}`);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: no sideways scrolling`).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, `${label} on a phone`);
    await photograph(page, testInfo, label.toLowerCase());
  }
});
