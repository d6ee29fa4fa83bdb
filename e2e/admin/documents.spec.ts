/**
 * The documents library in the admin on Scena's server (issue 31, docs/decisions/0055-documents.md): a PDF made here
 * with pdf-lib uploaded on a 360 px phone in Romanian, listed with its format, pages and size; HTML named .pdf refused
 * with the server's reason in Romanian; the PDF chosen as the press kit's technical rider (whose select offers PDFs
 * only, the logo's SVGs only), then shown as used and not deletable. On a desktop in English: an SVG logo, one with a
 * script refused, and the download's headers. axe in each state; photographs (test-results/screens/<project>/).
 * Runs in a stage of its own near the end of the second chain (e2e/browsers.ts): it changes the press kit.
 */
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { chooseByKeyboard, photograph } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

/** A real PDF of `pages` pages, made here. */
async function pdf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${title} ${i + 1}`, { x: 50, y: 780, size: 20, font });
  return Buffer.from(await doc.save());
}

const documentsOf = (page: Page, name: 'Documents' | 'Documente') => page.getByRole('region', { name, exact: true });

test('@server-only on a Romanian phone: a PDF uploaded, listed, chosen as the rider; HTML named .pdf refused in Romanian', async ({
  adminPage: page,
}, testInfo) => {
  await page.getByRole('button', { name: 'Română' }).click();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const docs = documentsOf(page, 'Documente');
  await expect(docs.getByRole('heading', { name: 'Documente' })).toBeVisible();

  // HTML with a PDF's name: refused by what it holds, the reason in Romanian.
  const input = docs.getByLabel('Încărcați un PDF sau un SVG');
  await input.setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  });
  await expect(docs.getByRole('alert')).toHaveText(
    'Fișierul „plan.pdf” nu este un PDF: conținutul său nu este al unui fișier PDF, oricare ar fi numele lui. Salvați-l sau exportați-l din nou ca PDF.',
  );
  await expectNoAxeViolations(page, 'documents with a refusal (ro, phone)');
  await photograph(page, testInfo, 'documents-refused-ro-phone');
  await docs.getByRole('button', { name: 'Închideți eroarea despre plan.pdf' }).click();
  await expect(docs.getByRole('alert')).toHaveCount(0);

  // A real PDF: listed with its format, pages and size; nothing scrolls sideways.
  await input.setInputFiles({ name: 'Rider festival 2026.pdf', mimeType: 'application/pdf', buffer: await pdf('Rider', 3) });
  const rider = docs.getByRole('listitem').filter({ hasText: 'Rider festival 2026.pdf' });
  await expect(rider).toContainText(/PDF · 3 pagini · \d+ KB/);
  await expect(rider).toContainText('Nu este folosit încă nicăieri');
  await expect(page.getByRole('status').filter({ hasText: 'S-a încărcat Rider festival 2026.pdf.' })).toHaveCount(1);
  await expect(rider.getByRole('link', { name: 'Descărcați Rider festival 2026.pdf' })).toHaveAttribute('href', /^\/media\/[0-9a-f]{64}\.pdf$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await rider.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'documents with a PDF (ro, phone)');
  await photograph(page, testInfo, 'documents-listed-ro-phone');

  // The press kit's form: the rider's select offers the PDFs by name, the SVG logo's none of them.
  await page.goto('/admin/press');
  const riderSelect = page.getByLabel('Rider tehnic (PDF)');
  await expect(riderSelect.locator('option', { hasText: 'Rider festival 2026.pdf · 3 pagini' })).toHaveCount(1);
  await expect(page.getByLabel('Logo (SVG)').locator('option', { hasText: 'Rider festival 2026.pdf' })).toHaveCount(0);
  await riderSelect.selectOption({ label: 'Rider festival 2026.pdf · 3 pagini' });
  await page.getByRole('button', { name: 'Salvați', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /salvat/i })
      .first(),
  ).toBeVisible();
  await photograph(page, testInfo, 'press-rider-chosen-ro-phone');

  // Back in Media: where it is used, and Delete refused meanwhile.
  await page.goto('/admin/media');
  const used = documentsOf(page, 'Documente').getByRole('listitem').filter({ hasText: 'Rider festival 2026.pdf' });
  await expect(used).toContainText('Folosit în: Kit de presă › Rider tehnic (PDF)');
  await expect(used.getByRole('button', { name: 'Ștergeți Rider festival 2026.pdf' })).toBeDisabled();
  await expect(used).toContainText('Nu poate fi șters cât timp este folosit');
  await expectNoAxeViolations(page, 'documents with one in use (ro, phone)');
});

test('@server-only on a desktop in English: an SVG logo taken, one with a script refused, the download a sandboxed attachment', async ({
  adminPage: page,
}, testInfo) => {
  await page.goto('/admin/media');
  const docs = documentsOf(page, 'Documents');
  const input = docs.getByLabel('Upload a PDF or SVG');
  const svg = (inside: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#c83c1e"/>${inside}</svg>`);

  await input.setInputFiles({ name: 'logo-bad.svg', mimeType: 'image/svg+xml', buffer: svg('<script>alert(1)</script>') });
  await expect(docs.getByRole('alert')).toContainText('“logo-bad.svg” holds a script (<script>), which could run or fetch something');
  await expectNoAxeViolations(page, 'documents with an SVG refused (en, desktop)');

  // By the keyboard, as a person without a mouse chooses a file.
  await chooseByKeyboard(
    page,
    { name: 'Logo Festival.svg', mimeType: 'image/svg+xml', buffer: svg('<text x="10" y="50">Tudor Vale</text>') },
    'Upload a PDF or SVG',
  );
  const logo = docs.getByRole('listitem').filter({ hasText: 'Logo Festival.svg' });
  await expect(logo).toContainText(/SVG image · \d+ KB/);
  await expect(docs.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page, 'documents with an SVG (en, desktop)');
  await photograph(page, testInfo, 'documents-en-desktop');

  // The file as it is served: a download that runs nothing, named after the item.
  const href = await logo.getByRole('link', { name: 'Download Logo Festival.svg' }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()).toMatchObject({
    'content-type': 'image/svg+xml',
    'content-disposition': 'attachment; filename="Logo Festival.svg"',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });

  // Renamed: the download takes the new name.
  await logo.getByRole('button', { name: 'Rename Logo Festival.svg' }).click();
  const name = page.getByRole('textbox', { name: /^Name/ });
  await name.fill('Tudor Vale logo');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = docs.getByRole('listitem').filter({ hasText: 'Tudor Vale logo' });
  await expect(renamed).toBeVisible();
  const again = await page.request.get(href!);
  expect(again.headers()['content-disposition']).toBe('attachment; filename="Tudor Vale logo.svg"');
});
