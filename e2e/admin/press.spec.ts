/**
 * The press kit (issue 31; docs/decisions/0054-press-kit.md) as the artist edits it and a journalist uses it: the
 * admin's Press kit is one entry of the menu with a tab for each of its parts (bios and files, photos, quotes); a short
 * bio of 61 words is refused beside its field in the admin's language; the press page in both languages with no script,
 * no sideways scroll on a 360 px phone, axe 0; a photo downloaded at 1,920 px with no metadata; the ZIP downloaded and
 * read entry by entry. Photographs under test-results/screens.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from '../fixtures';
import { downloadFrom, expectNoAxeViolations } from '../helpers';
import { openAdminMenu, photograph } from './admin-helpers';
import { unzip } from '../../server/test/unzip';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });
// A phone's form filled and saved twice, a list added to; a page walked in two browsers: more than the default 30 s on a busy machine.
test.setTimeout(paced(90_000));

const SHORT_RO = 'Tudor Vale este producător din Cluj-Napoca: muzică electronică caldă pentru nopți lungi.';

test.describe('the press kit @server-only', () => {
  test('@phone the artist edits it on a phone in Romanian: one menu entry, its tabs, 61 words refused beside the field, saved', async ({
    adminPage: page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Panou de control' })).toBeVisible();
    await openAdminMenu(page);
    // One entry for the press kit's three pages.
    await expect(page.getByRole('link', { name: 'Kit de presă', exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Fotografii de presă', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Kit de presă', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kit de presă' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Kit de presă' });
    await expect(tabs.getByRole('link')).toHaveText(['Kit de presă', 'Fotografii de presă', 'Citate din presă', /Vedeți pagina de presă/]);
    await expect(tabs.getByRole('link', { name: 'Kit de presă', exact: true })).toHaveAttribute('aria-current', 'page');

    const short = page.getByRole('group', { name: 'Biografie scurtă' }).getByRole('textbox', { name: 'Română' });
    await short.fill(Array.from({ length: 61 }, (_, i) => `cuvânt${i + 1}`).join(' '));
    await page
      .getByRole('button', { name: /^Salvați/ })
      .first()
      .click();
    await expect(page.getByText(/trebuie să aibă cel mult 60 de cuvinte/).first()).toBeVisible();
    await expectNoAxeViolations(page, 'the press kit refused, Romanian phone');
    await short.fill(SHORT_RO);
    await page
      .getByRole('button', { name: /^Salvați/ })
      .first()
      .click();
    await expect(page.getByText('Salvat', { exact: false }).first()).toBeVisible();
    // The message after the save leads to the press page, not the home page.
    await expect(page.getByRole('link', { name: /^Vedeți pagina de presă/ }).last()).toHaveAttribute('href', '/ro/presa/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await photograph(page, testInfo, 'press-admin-ro-phone');

    // The quotes' tab: one added.
    await tabs.getByRole('link', { name: 'Citate din presă' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Citate din presă' })).toBeVisible();
    // The menu names the group the page belongs to.
    await expect(page.getByRole('button', { name: /^Meniu · Kit de presă/ })).toBeVisible();
    await page.getByRole('button', { name: 'Adăugați un citat' }).click();
    const quote = page.getByRole('group', { name: 'Citat' });
    await quote.getByRole('textbox', { name: 'Română' }).fill('Un disc cald și răbdător.');
    await quote.getByRole('textbox', { name: 'Engleză' }).fill('A warm, patient record.');
    await page.getByLabel('Publicație').fill('Revista Frecvența');
    await page.getByRole('button', { name: 'Adăugați în „Citate din presă”' }).click();
    await expect(page.getByRole('button', { name: 'Editați Revista Frecvența' })).toBeVisible();
    await expectNoAxeViolations(page, 'the press quotes, Romanian phone');
    await photograph(page, testInfo, 'press-quotes-ro-phone');
  });

  test('a journalist on the press page: both languages, no script, a photo at 1,920 px without metadata, the ZIP read back', async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    const origin = new URL(page.url()).origin;
    // A press photo with GPS in its EXIF, uploaded, placed with its photographer's credit.
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#5b3f8c' } })
      .withExif({ IFD0: { Artist: 'Ana Pop' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 46/1 0/1' } })
      .jpeg()
      .toBuffer();
    const upload = await page.request.post('/api/admin/media', {
      headers: { origin },
      multipart: { file: { name: 'concert.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { image } = (await upload.json()) as { image: { id: string } };
    await page.request.patch('/api/admin/media/' + image.id, {
      data: { alt_en: 'Tudor Vale on stage at Form Space', alt_ro: 'Tudor Vale pe scena Form Space' },
    });
    const photo = await page.request.post('/api/admin/pressPhotos', { data: { image: image.id, credit: 'Ana Pop' } });
    expect(photo.status(), await photo.text()).toBe(201);

    const visitor = await browser.newContext({ baseURL: origin, viewport: { width: 360, height: 740 }, isMobile: true });
    const phone = await visitor.newPage();
    const scripts: string[] = [];
    phone.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await phone.goto('/ro/presa/');
    await expect(phone.getByRole('heading', { level: 1, name: 'Tudor Vale' })).toBeVisible();
    await expect(phone.getByText(SHORT_RO)).toBeVisible();
    await expect(phone.getByText('Foto: Ana Pop')).toBeVisible();
    await expect(phone.getByText('Un disc cald și răbdător.')).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(scripts).toEqual([]);
    await expectNoAxeViolations(phone, 'the press page, Romanian phone');
    await phone.screenshot({ path: `test-results/screens/${testInfo.project.name}/press-page-ro-phone.png`, fullPage: true });
    // Every link and button at least 44 px tall but those inside a sentence.
    const small = await phone.locator('main a.b, footer a, dd a').evaluateAll((links) => links.filter((a) => a.getBoundingClientRect().height < 44).length);
    expect(small).toBe(0);
    await visitor.close();

    await page.goto('/en/press/');
    await expect(page.getByText('Photo: Ana Pop')).toBeVisible();
    await expectNoAxeViolations(page, 'the press page, English desktop');
    await photograph(page, testInfo, 'press-page-en-desktop');
    const jpg = await downloadFrom(page, page.getByRole('link', { name: /^Download JPEG, 1920\s×\s1280\spx/ }));
    expect(jpg.suggestedFilename()).toBe('tudor-vale-press-photo-1-ana-pop.jpg');
    const meta = await sharp(readFileSync((await jpg.path())!)).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1920, 1280, undefined]);

    const zip = await downloadFrom(page, page.getByRole('link', { name: /^Download the press kit/ }));
    expect(zip.suggestedFilename()).toBe('tudor-vale-press-kit.zip');
    const entries = await unzip(readFileSync((await zip.path())!));
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['tudor-vale-bio-en.txt', 'tudor-vale-bio-ro.txt', 'photos/tudor-vale-press-photo-1-ana-pop.jpg']),
    );
    expect(entries.get('tudor-vale-bio-ro.txt')!.toString('utf8')).toContain(SHORT_RO);
    expect(entries.get('photos/tudor-vale-press-photo-1-ana-pop.jpg')!.equals(readFileSync((await jpg.path())!))).toBe(true);
  });
});
