/**
 * Upload where you are (issue 33, decision 0049) on a 360 px phone in Romanian: a cover uploaded from a new release's
 * form without leaving it (what was typed stays), chosen once made, its description asked for with the words the
 * site says meanwhile; the picker's thumbnails found by name; nothing scrolls sideways; axe finds nothing. The form
 * is cancelled, not saved: it runs beside the other specs of the first stage, whose releases it leaves alone.
 */
import sharp from 'sharp';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { photograph } from './admin-helpers';

test('@phone @server-only a cover uploaded in place on a phone in Romanian: the title kept, the cover chosen, its description asked for', async ({
  adminPage: page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  // The admin in Romanian, as this browser keeps the choice (src/admin/language.ts).
  await page.addInitScript(() => localStorage.setItem('scena.admin.language', 'ro'));
  await page.goto('/admin/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Lansări' })).toBeVisible();

  await page.getByRole('button', { name: 'Adăugați o lansare', exact: true }).click();
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Copertă' }) });
  await expect(form).toHaveCount(1);
  await form.getByLabel('Titlu').fill('Zori de zi');
  const cover = form.getByRole('group', { name: 'Copertă' });
  // The same checks as the Media page's upload: a file that is not a picture, whatever its name, refused with the
  // server's reason in the admin's language, beside the field; the form untouched.
  await cover.getByLabel('Încărcați una nouă').setInputFiles({ name: 'nu-e-poza.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html>') });
  await expect(cover.getByRole('alert')).toContainText('nu este o imagine JPEG, PNG, WebP sau AVIF');
  await expectNoAxeViolations(page, 'an upload refused in the cover field (ro, phone)');
  await cover.getByRole('button', { name: 'Închideți eroarea despre nu-e-poza.jpg' }).click();
  await expect(cover.getByRole('alert')).toHaveCount(0);
  const green = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 20, g: 140, b: 70 } } })
    .jpeg()
    .toBuffer();
  await cover.getByLabel('Încărcați una nouă').setInputFiles({ name: 'zori-telefon.jpg', mimeType: 'image/jpeg', buffer: green });
  await expect(cover.getByRole('radio', { name: 'zori-telefon.jpg' })).toBeChecked({ timeout: 30_000 });
  await expect(form.getByLabel('Titlu')).toHaveValue('Zori de zi');
  const describe = cover.getByRole('group', { name: 'Descrieți această imagine' });
  await expect(describe).toContainText('site-ul o descrie așa: Coperta „Zori de zi”.');
  await expect(describe.getByLabel('Descrierea în engleză')).toHaveValue('Cover of Zori de zi');
  await expect(describe.getByLabel('Descrierea în română')).toHaveValue('Coperta „Zori de zi”');
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'a cover uploaded in place, its description asked for (ro, phone)');
  await cover.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/cover-in-place-ro.png` });
  await photograph(page, testInfo, 'cover-in-place-ro-full');

  // Found by name, from the keyboard: the radios move with the arrows.
  await cover.getByLabel('Căutați după nume').fill('telefon');
  await expect(cover.locator('.picker__name')).toHaveText(['Niciuna', 'zori-telefon.jpg']);
  await cover.getByRole('radio', { name: 'zori-telefon.jpg' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(cover.getByRole('radio', { name: 'Niciuna' })).toBeChecked();
  await expect(describe).toHaveCount(0);
  await expectNoAxeViolations(page, 'the picker filtered, none chosen (ro, phone)');
  await form.getByRole('button', { name: 'Anulați' }).click();
});
