/** Contact: location, e-mail, artist, social links; the lazily loaded booking dialog. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteConfig } from '../site.config';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { ARTIST, openPage } from './helpers';

const contact = (page: Page) => page.getByRole('region', { name: en['contact.title'] });

test('shows the location, a mailto link, the artist and external social links', { tag: '@desktop' }, async ({ page }) => {
  await openPage(page);
  await contact(page).scrollIntoViewIfNeeded();
  await expect(contact(page)).toContainText(siteConfig.artist.location.en);
  const mail = contact(page).getByRole('link', { name: siteConfig.defaultEmail });
  await expect(mail).toHaveAttribute('href', `mailto:${siteConfig.defaultEmail}`);
  await expect(contact(page).getByText(ARTIST, { exact: true })).toBeVisible();

  for (const [key, label] of [
    ['spotify', 'Spotify'],
    ['youtube', 'YouTube'],
    ['instagram', 'Instagram'],
    ['tiktok', 'TikTok'],
    ['twitter', 'X (Twitter)'],
  ] as const) {
    const link = contact(page).getByRole('link', { name: `${label} ${en['common.newTab']}`, exact: true });
    await expect(link).toHaveAttribute('href', siteConfig.defaultLinks[key]);
    await expect(link).toHaveAttribute('target', '_blank');
    expect((await link.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  }
});

test('in Romanian the location is România', { tag: '@desktop' }, async ({ page }) => {
  await openPage(page, '/ro/');
  await expect(page.getByRole('region', { name: ro['contact.title'] })).toContainText(siteConfig.artist.location.ro);
});

/**
 * Opens the dialog with the button. The Contact section is a lazy block: a click that lands before its code has
 * hydrated the button does nothing (the e-mail link beside it works without script), so the click is repeated
 * until the dialog shows, never while it is open.
 */
async function openDialog(page: Page, book: Locator) {
  const dialog = page.getByRole('dialog', { name: en['booking.title'] });
  await expect(async () => {
    if (!(await dialog.isVisible())) await book.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

test.describe('booking dialog', () => {
  test('opens as a modal, asks for the empty fields, and Escape closes it with focus back on the button', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await openPage(page);
    const book = contact(page).getByRole('button', { name: en['contact.book'] });
    await book.scrollIntoViewIfNeeded();
    // The dialog's code is loaded only when asked for.
    expect(requests.some((url) => /\/assets\/booking-dialog-[^/]*\.js$/.test(url))).toBe(false);
    const dialog = await openDialog(page, book);
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(requests.some((url) => /\/assets\/booking-dialog-[^/]*\.js$/.test(url))).toBe(true);

    await dialog.getByRole('button', { name: en['booking.send'] }).click();
    const name = dialog.getByRole('textbox', { name: en['booking.name'] });
    const message = dialog.getByRole('textbox', { name: en['booking.message'] });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(en['booking.nameRequired']);
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(en['booking.messageRequired']);
    await expect(name).toBeFocused();

    await name.fill('Ana');
    await dialog.getByRole('button', { name: en['booking.send'] }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await expect(dialog.getByText(en['booking.nameRequired'])).toHaveCount(0);
    await expect(message).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(book).toBeFocused();
  });

  test('the Close button closes it too', async ({ page }) => {
    await openPage(page);
    const book = contact(page).getByRole('button', { name: en['contact.book'] });
    const dialog = await openDialog(page, book);
    await dialog.getByRole('button', { name: en['booking.close'] }).click();
    await expect(dialog).toHaveCount(0);
    await expect(book).toBeFocused();
    // It opens again.
    await book.click();
    await expect(dialog).toBeVisible();
  });

  test('the focus comes back to Book a session after a tap that did not focus it (Safari)', async ({ page }) => {
    await openPage(page);
    const book = contact(page).getByRole('button', { name: en['contact.book'] });
    const dialog = page.getByRole('dialog', { name: en['booking.title'] });
    await book.scrollIntoViewIfNeeded();
    // A click event alone, as Safari's tap gives (the button never takes the focus): the dialog has nothing to return to.
    await expect(async () => {
      if (!(await dialog.isVisible())) await book.dispatchEvent('click');
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByRole('button', { name: en['booking.close'] }).click();
    await expect(dialog).toHaveCount(0);
    await expect(book).toBeFocused();
  });
});
