/**
 * QR codes for posters (issue 31; docs/decisions/0052-qr-codes.md): from a published release's row and a show's row,
 * the code in a dialog (axe 0), its PNG downloaded and decoded here to the page's address with `?src=qr`, that address
 * visited by a phone's browser and counted on the dashboard's numbers as "QR code"; a draft's row has none; the link
 * page's code from the dashboard. English on a desktop, Romanian on a 360 × 740 phone; photographs under
 * test-results/screens. Items are made through Scena's API (the drawing is the admin's browser's on either backend).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Download, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { LISBON_SHOW_INPUT } from '../../src/content/show-fixtures';
import { RELEASE_ZONE } from '../../src/content/release-cycle';
import { localAt } from '../../src/content/zoned-time';
import { expect, test } from '../fixtures';
import { downloadFrom, expectNoAxeViolations } from '../helpers';
import { openAdminMenu, photograph } from './admin-helpers';

const require = createRequire(import.meta.url);
const { PNG } = require('pngjs') as { PNG: { sync: { read(bytes: Buffer): { width: number; height: number; data: Buffer } } } };

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
/** The browser of the phone that scans the poster (a visitor tells apart by address and browser; not a bot's). */
const SCANNING_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * What a test made, removed at its end: the desktop and phone projects share one server with the other specs (the
 * Releases list spec counts the public page's releases), and these titles are unlike theirs.
 */
const made: string[] = [];
async function removeMade(page: Page) {
  for (const path of made.splice(0)) expect((await page.request.delete(path, { data: {} })).status(), path).toBeLessThan(300);
}

/** A release made through the API (published unless told): its slug. */
async function addRelease(page: Page, title: string, status: 'published' | 'draft', daysAgo = 3): Promise<string> {
  const list = 'releases';
  const res = await page.request.post(`/api/admin/${list}`, {
    data: { title, kind: 'single', status, date: localAt(Date.now() - daysAgo * DAY, RELEASE_ZONE), links: {} },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { item } = (await res.json()) as { item: { id: string; slug: string } };
  made.push(`/api/admin/${list}/${item.id}`);
  return item.slug;
}

/** A published show in Cluj made through the API (upcoming unless told): its slug. */
async function addShow(page: Page, venue: string, start = '2031-06-20T21:00'): Promise<string> {
  const list = 'shows';
  const res = await page.request.post(`/api/admin/${list}`, {
    data: { ...LISBON_SHOW_INPUT, venue, city: 'Cluj-Napoca', country: 'RO', timeZone: '', start, end: '', tickets: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { item } = (await res.json()) as { item: { id: string; slug: string } };
  made.push(`/api/admin/${list}/${item.id}`);
  return item.slug;
}

/** A downloaded PNG: its size and what a reader decodes from it. */
async function readCode(download: Download): Promise<{ width: number; height: number; text: string | undefined }> {
  const png = PNG.sync.read(readFileSync((await download.path())!));
  return { width: png.width, height: png.height, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
}

/** Presses a download button and gives the file. */
/** The visitors a QR code brought over the last 7 days, as the server counts them. */
async function qrVisitors(page: Page): Promise<number> {
  const answer = await page.request.get('/api/admin/audience?days=7');
  const text = await answer.text();
  expect(answer.ok(), text).toBe(true);
  const report = JSON.parse(text) as { referrers: { source: string; visitors: number }[] };
  lastReport = text;
  return report.referrers.find((r) => r.source === 'qr')?.visitors ?? 0;
}
/** The last report read (said when the QR code's visit is not in it). */
let lastReport = '';

/** A list's row by its item's name (its button that opens it: "Edit …", „Editați …”). */
const rowOf = (page: Page, name: string, edit = 'Edit') =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `${edit} ${name}`, exact: true }) });

test.describe('QR codes @server-only', () => {
  test('from a release’s and a show’s row: the code decodes to the page with ?src=qr, and a visit from it counts as “QR code”', async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    // Two releases, two shows, four downloads decoded and a visit counted: past 30 s beside four other browser suites.
    test.slow();
    const origin = new URL(page.url()).origin;
    const slug = await addRelease(page, 'Afiș de toamnă', 'published');
    await addRelease(page, 'Schiță de afiș', 'draft');
    const showSlug = await addShow(page, 'Hala Afișelor');

    await page.goto('/admin/releases');
    // A draft has no public page, so no code.
    await expect(rowOf(page, 'Schiță de afiș').locator('.item__meta')).toContainText('Draft');
    await expect(rowOf(page, 'Schiță de afiș').getByRole('button', { name: /^QR code/ })).toHaveCount(0);

    const row = rowOf(page, 'Afiș de toamnă');
    const button = row.getByRole('button', { name: 'QR code: Afiș de toamnă' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'QR code: Afiș de toamnă' });
    const address = `${origin}/en/music/${slug}/?src=qr`;
    await expect(dialog.getByRole('img', { name: `QR code of ${address}` })).toBeVisible();
    await expect(dialog.getByRole('link', { name: address })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'English' })).toBeFocused();
    await expectNoAxeViolations(page, 'QR code dialog, English');
    await photograph(page, testInfo, 'qr-release-desktop');

    const png = await downloadFrom(page, dialog.getByRole('button', { name: 'Download PNG (1200 px, for print)' }));
    expect(png.suggestedFilename()).toBe(`qr-${slug}-en.png`);
    expect(await readCode(png)).toEqual({ width: 1200, height: 1200, text: address });
    const svg = await downloadFrom(page, dialog.getByRole('button', { name: 'Download SVG' }));
    expect(svg.suggestedFilename()).toBe(`qr-${slug}-en.svg`);
    expect(readFileSync((await svg.path())!, 'utf8')).toContain(`<title>${address}</title>`);

    // The Romanian page's code, for a poster in Romania.
    await dialog.getByRole('radio', { name: 'Română' }).check();
    const roAddress = `${origin}/ro/muzica/${slug}/?src=qr`;
    await expect(dialog.getByRole('img', { name: `QR code of ${roAddress}` })).toBeVisible();
    const roPng = await downloadFrom(page, dialog.getByRole('button', { name: 'Download PNG (1200 px, for print)' }));
    expect(roPng.suggestedFilename()).toBe(`qr-${slug}-ro.png`);
    expect((await readCode(roPng)).text).toBe(roAddress);
    // Escape closes it, the focus back on the row's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // A show's row: the same, from its page's address.
    await page.goto('/admin/shows');
    const showName = 'Hala Afișelor, Cluj-Napoca';
    const showButton = rowOf(page, showName).getByRole('button', { name: `QR code: ${showName}` });
    await showButton.click();
    const showDialog = page.getByRole('dialog', { name: `QR code: ${showName}` });
    const showAddress = `${origin}/en/shows/${showSlug}/?src=qr`;
    await expect(showDialog.getByRole('img', { name: `QR code of ${showAddress}` })).toBeVisible();
    await expectNoAxeViolations(page, 'QR code dialog of a show');
    expect((await readCode(await downloadFrom(page, showDialog.getByRole('button', { name: 'Download PNG (1200 px, for print)' })))).text).toBe(showAddress);
    await showDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(showDialog).toBeHidden();
    await expect(showButton).toBeFocused();
    // A show gone by has no quick changes, but its page stays: its code is still offered.
    await addShow(page, 'Sala Veche Afiș', '2024-03-01T21:00');
    await page.reload();
    const pastFold = page.locator('details', { has: page.getByText(/^Past shows \(\d+\)$/) });
    if (!(await pastFold.evaluate((d) => (d as HTMLDetailsElement).open))) await pastFold.locator('summary').click();
    const past = rowOf(page, 'Sala Veche Afiș, Cluj-Napoca');
    await expect(past.getByRole('group', { name: /^Quick changes/ })).toHaveCount(0);
    await expect(past.getByRole('button', { name: 'QR code: Sala Veche Afiș, Cluj-Napoca' })).toBeVisible();

    // A phone scans the poster: a visitor's browser opens the decoded address, and the visit is the QR code's.
    const before = await qrVisitors(page);
    const visitor = await browser.newContext({ baseURL: origin, userAgent: SCANNING_PHONE });
    await visitor.route(/^https:\/\//, (route) => route.abort());
    const phone = await visitor.newPage();
    // Its answer, not only its sending: closing the visitor's browser could cut a request still on its way (a loaded
    // clean-clone run counted nothing).
    const answered = phone.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/event');
    // The release's own page (a stale page cache would answer the not-found page, which counts nothing).
    expect((await phone.goto(address))?.status()).toBe(200);
    await expect(phone.getByRole('heading', { level: 1 })).toContainText('Afiș de toamnă');
    const answer = await answered;
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ t: 'view', p: `/en/music/${slug}/?src=qr` });
    expect(answer.ok()).toBe(true);
    await visitor.close();
    // Counted within a few seconds on a loaded machine (events are written a quarter-second after they come); if not,
    // the failure says what the last report held.
    await expect
      .poll(() => qrVisitors(page), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before + 1)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe last report: ${lastReport.slice(0, 2000)}`);
      });
    await page.goto('/admin/visitors');
    const sources = page.getByRole('table', { name: 'Top referrers' });
    await expect(sources.getByRole('row', { name: /^QR code \d+$/ })).toBeVisible();
    await removeMade(page);
  });

  test('the link page’s code and address on the dashboard, copied and downloaded', async ({ adminPage: page }, testInfo) => {
    const origin = new URL(page.url()).origin;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const card = page.getByRole('region', { name: 'Your link page' });
    await expect(card.getByRole('link', { name: `${origin}/links` })).toBeVisible();
    await card.getByRole('button', { name: `Copy the address ${origin}/links` }).click();
    await expect(card.getByRole('status')).toHaveText('Address copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/links`);
    await card.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code: Link page' });
    // One page for both languages: no choice of language.
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    const png = await downloadFrom(page, dialog.getByRole('button', { name: 'Download PNG (1200 px, for print)' }));
    expect(png.suggestedFilename()).toBe('qr-links.png');
    expect((await readCode(png)).text).toBe(`${origin}/links?src=qr`);
    await expectNoAxeViolations(page, 'the link page’s QR code');
    await photograph(page, testInfo, 'qr-link-page-desktop');
  });

  test('@phone on a phone in Romanian: behind the row’s ⋯, the dialog fits, Escape brings the focus back', async ({ adminPage: page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const origin = new URL(page.url()).origin;
    const slug = await addRelease(page, 'Semnal pe hârtie', 'published', 10);
    await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
    await page.goto('/admin/releases');
    const row = rowOf(page, 'Semnal pe hârtie', 'Editați');
    const button = row.getByRole('button', { name: 'Cod QR: Semnal pe hârtie' });
    await expect(button).toBeHidden();
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(88);
    await row.getByRole('button', { name: 'Schimbări rapide pentru Semnal pe hârtie' }).click();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Cod QR: Semnal pe hârtie' });
    const address = `${origin}/ro/muzica/${slug}/?src=qr`;
    // The focus in the dialog, on the language chosen: the admin's.
    await expect(dialog.getByRole('radio', { name: 'Română' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Română' })).toBeFocused();
    await expect(dialog.getByRole('img', { name: `Codul QR al adresei ${address}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Descărcați PNG (1200 px, pentru tipar)' })).toBeVisible();
    // Nothing wider than the phone; the dialog whole on its screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'QR code dialog, Romanian, phone');
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/qr-release-ro-phone.png` });
    expect((await readCode(await downloadFrom(page, dialog.getByRole('button', { name: 'Descărcați PNG (1200 px, pentru tipar)' })))).text).toBe(address);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // The dashboard's card, in Romanian.
    await openAdminMenu(page);
    await page.getByRole('link', { name: 'Panou de control' }).click();
    const card = page.getByRole('region', { name: 'Pagina dumneavoastră de linkuri' });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Cod QR' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Cod QR: Pagina de linkuri' }).getByRole('img', { name: `Codul QR al adresei ${origin}/links?src=qr` }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the link page’s QR code, Romanian, phone');
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/qr-link-page-ro-phone.png` });
    await page.keyboard.press('Escape');
    await card.screenshot({ path: `test-results/screens/${testInfo.project.name}/qr-link-card-ro-phone.png` });
    await removeMade(page);
  });
});
