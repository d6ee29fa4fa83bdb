/**
 * The shows on the public site, on Scena's server (issue 23): a show the admin publishes is in the Music section's
 * block, on the list page and on its own page, at the venue's local time, in both languages; its sold-out and
 * cancelled states are said in words; "Add to calendar" gives it at its Lisbon time (parsed by ical.js); keyboard, axe,
 * phone; and a show ending a minute ahead moves to the past ones on an open page by itself (a controlled clock).
 */
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { localAt } from '../../src/content/zoned-time';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { LISBON_SHOW_INPUT } from '../../src/content/show-fixtures';
import { openPublic, photograph, tabTo } from './admin-helpers';

const LISBON = LISBON_SHOW_INPUT;

async function addShow(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/admin/shows', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { item: Record<string, unknown> & { id: string; slug: string } }).item;
}
async function setState(page: Page, item: Record<string, unknown>, state: string) {
  const { id, ...rest } = item;
  const res = await page.request.put(`/api/admin/shows/${String(id)}`, { data: { ...rest, state } });
  expect(res.status(), await res.text()).toBe(200);
}

test('@server-only a published show is in the block, on the list and on its own page at its local time, in both languages; sold out, then cancelled', async ({
  adminPage: page,
}, testInfo) => {
  // Four pages in two languages, a save and two state changes: past 30 s once beside three browser runs (CI, ci10).
  test.slow();
  const show = await addShow(page, LISBON);
  // The Music section's block, in the HTML and live: the venue's time (21:00 in Lisbon, whoever reads it), its city.
  await openPublic(page, '/en/');
  const block = page.locator('#music .shows');
  await block.scrollIntoViewIfNeeded();
  const row = block.locator('.show', { hasText: 'Lux Frágil' });
  await expect(row).toContainText('Thu, 4 Jul 2030');
  await expect(row).toContainText('21:00');
  await expect(row.getByRole('link', { name: 'Lisboa', exact: true })).toHaveAttribute('href', `/en/shows/${show.slug}/`);
  const tickets = row.getByRole('link', { name: /^Tickets Lisboa, Thu, 4 Jul 2030 \(opens in a new tab\)$/ });
  await expect(tickets).toHaveAttribute('href', LISBON.tickets);
  await expect(tickets).toHaveAttribute('target', '_blank');
  await expect(block.getByRole('link', { name: 'All shows' })).toHaveAttribute('href', '/en/shows/');
  await photograph(page, testInfo, 'shows-block-en');

  // Its page in Romanian: the local time said as such, Tickets and Add to calendar by keyboard, no axe violation.
  await openPublic(page, `/ro/concerte/${show.slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lux Frágil, Lisboa');
  await expect(page.locator('.show-page__facts')).toContainText('joi, 4 iulie 2030, 21:00 până la 02:00 (ora locală, Lisboa)');
  await expect(page.locator('.show-page__facts')).toContainText('Lux Frágil, Lisboa, Portugalia');
  await expect(page.locator('.show-page__facts')).toContainText('De la 25 EUR');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect([jsonLd['@type'], jsonLd.startDate, jsonLd.endDate]).toEqual(['MusicEvent', '2030-07-04T21:00:00+01:00', '2030-07-05T02:00:00+01:00']);
  const buy = page.getByRole('link', { name: /^Bilete/ });
  await tabTo(page, buy);
  await expect(buy).toBeFocused();
  const calendar = page.getByRole('link', { name: 'Adaugă în calendar (fișier .ics)' });
  await page.keyboard.press('Tab');
  await expect(calendar).toBeFocused();
  await expectNoAxeViolations(page, 'a show page, ro');
  await photograph(page, testInfo, 'show-page-ro');
  // "Add to calendar": the Romanian file, at 21:00 Lisbon time (20:00 UTC in July).
  const ics = await page.request.get((await calendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent')!);
  expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-04T20:00:00.000Z');
  expect(event.description).toContain('Ora locală: joi, 4 iulie 2030, ora 21:00 (Europe/Lisbon)');

  // Sold out: said in words, no Tickets; then cancelled, in both languages.
  await setState(page, show, 'sold-out');
  await openPublic(page, '/en/shows/');
  const listed = page.locator('.show', { hasText: 'Lux Frágil' });
  await expect(listed.locator('.show__state')).toHaveText('Sold out');
  await expect(listed.getByRole('link', { name: /Tickets/ })).toHaveCount(0);
  await setState(page, show, 'cancelled');
  await openPublic(page, '/ro/concerte/');
  await expect(page.locator('.show', { hasText: 'Lux Frágil' }).locator('.show__state')).toHaveText('Anulat');
  await expectNoAxeViolations(page, 'the shows list, ro');
  await photograph(page, testInfo, 'shows-list-ro');
  await openPublic(page, `/en/shows/${show.slug}/`);
  await expect(page.locator('.show__state')).toHaveText('Cancelled');
  const status = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(status.eventStatus).toBe('https://schema.org/EventCancelled');
});

test('@server-only a show ending a minute ahead moves to the past ones on an open page, by itself', async ({ adminPage: page }) => {
  const now = Date.now();
  const end = now + 120_000 - (now % 60_000); // on the minute, one to two minutes ahead
  await addShow(page, {
    ...LISBON,
    timeZone: '',
    venue: 'Ceasul Club',
    city: 'Brașov',
    country: 'RO',
    start: localAt(end - 3600_000, 'Europe/Bucharest'),
    end: localAt(end, 'Europe/Bucharest'),
  });
  await page.clock.install({ time: now });
  await openPublic(page, '/en/shows/');
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming' }) });
  const past = page.locator('section', { has: page.getByRole('heading', { name: 'Past shows' }) });
  await expect(upcoming.locator('.show', { hasText: 'Ceasul Club' })).toHaveCount(1);
  await page.clock.fastForward(end - now + 1_000);
  await expect(past.locator('.show', { hasText: 'Ceasul Club' })).toHaveCount(1);
  await expect(upcoming.locator('.show', { hasText: 'Ceasul Club' })).toHaveCount(0);
});

test('@server-only @phone the shows list on a phone: Tickets a control of its own in each show, within the screen', async ({ adminPage: page }, testInfo) => {
  await addShow(page, { ...LISBON, venue: 'Telefon Bar', city: 'Timișoara', country: 'RO', timeZone: '' });
  await openPublic(page, '/ro/concerte/');
  const row = page.locator('.show', { hasText: 'Telefon Bar' });
  const button = row.getByRole('link', { name: /^Bilete/ });
  const [rowBox, buttonBox] = [await row.boundingBox(), await button.boundingBox()];
  // The card is the show's link; Tickets stands apart in it (issue 32), a whole target inside the card and the screen.
  expect(buttonBox!.height).toBeGreaterThanOrEqual(24);
  expect(buttonBox!.x).toBeGreaterThanOrEqual(rowBox!.x);
  expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(Math.min(rowBox!.x + rowBox!.width, page.viewportSize()!.width) + 0.5);
  await expectNoAxeViolations(page, 'the shows list on a phone');
  await photograph(page, testInfo, 'shows-list-ro-phone');
});
