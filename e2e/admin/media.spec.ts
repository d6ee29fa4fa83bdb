/**
 * The media library in the browser, on Scena's server: upload real images (made here by sharp) through the
 * admin's file input, see their progress, give the alt texts, use one as the portrait, and see it on the
 * public page in both languages; delete refused while it is used; axe-core on every state of the page.
 * On Firebase (no file storage), an image is added by its https address instead.
 * Runs in its own stage after history (e2e/browsers.ts): it saves the settings, which the settings spec
 * expects untouched.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../helpers';
import { expect, test } from '../fixtures';
import { openPublic, photograph } from './admin-helpers';

test.describe.configure({ mode: 'serial' });
// Long flows: every step goes through the real server, its image processing and database.
test.slow();

const photo = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

const card = (page: Page, name: string) => page.getByRole('region', { name: 'Library' }).getByRole('listitem').filter({ hasText: name });

async function openMedia(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
}

test('@server-only upload with progress, alt text in both languages, used as the portrait on /en/ and /ro/, delete refused while used', async ({
  adminPage: page,
}) => {
  await openMedia(page);
  await expect(page.getByText('No images yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'media empty');

  // A file that is not an image, whatever its name: the server's reason, beside the file's name.
  const input = page.getByLabel('Choose images');
  await input.setInputFiles({ name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
  const refused = page.locator('.upload').filter({ hasText: 'not-a-photo.jpg' });
  await expect(refused.getByRole('alert')).toContainText('is not a JPEG, PNG, WebP or AVIF image');
  await expectNoAxeViolations(page, 'media with an upload error');
  await refused.getByRole('button', { name: 'Dismiss the error about not-a-photo.jpg' }).click();
  await expect(refused).toHaveCount(0);

  // Two photos at once; the upload is held a moment so its progress can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/media', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await input.setInputFiles([
    { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200, { r: 180, g: 90, b: 40 }) },
    { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 800, { r: 40, g: 90, b: 180 }) },
  ]);
  await expect(page.getByRole('progressbar', { name: 'Uploading portrait.jpg' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading cover.jpg' })).toBeVisible();
  await expect(page.locator('.upload').filter({ hasText: 'cover.jpg' })).toContainText('Waiting');
  release();
  // Each is listed once the server has made its sizes (AVIF and WebP at several widths: seconds of CPU, past expect's
  // 5 s beside three browser runs in CI once).
  await expect(card(page, 'portrait.jpg')).toHaveCount(1, { timeout: 30_000 });
  await expect(card(page, 'cover.jpg')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.upload')).toHaveCount(0);

  const portrait = card(page, 'portrait.jpg');
  await expect(portrait).toContainText('1600 × 1200 pixels');
  await expect(portrait).toContainText('Not used anywhere yet.');
  await expect(portrait).toContainText('No description in English and Romanian yet.');
  // The thumbnail is the upload's smallest WebP, served by the server.
  await expect(portrait.locator('img.thumb')).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-320\.webp$/);
  await expect.poll(() => portrait.locator('img.thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expectNoAxeViolations(page, 'media with items');

  // The alt texts and the name, with the generic form: one language first, then both.
  await page.getByRole('button', { name: 'Edit portrait.jpg' }).click();
  const edit = page.getByRole('form', { name: 'Edit portrait.jpg' });
  await expect(edit.getByLabel('Image address')).toHaveCount(0);
  await edit.getByLabel('English').fill('Tudor Vale at the piano, in warm light');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(portrait).toContainText('No description in Romanian yet');
  await page.getByRole('button', { name: 'Edit portrait.jpg' }).click();
  await edit.getByLabel('Romanian').fill('Tudor Vale la pian, în lumină caldă');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(portrait).not.toContainText('No description');
  await expect(page.getByRole('button', { name: 'Edit portrait.jpg' })).toBeFocused();

  // Used as the portrait, chosen in Settings from the library.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  // The library as thumbnails, newest first, a radio each (decision 0049).
  const picker = page.getByRole('group', { name: 'Portrait' });
  await expect(picker.locator('.picker__name')).toHaveText(['None', 'cover.jpg', 'portrait.jpg']);
  await expect(picker.locator('img.thumb')).toHaveCount(2);
  await picker.getByRole('radio', { name: 'portrait.jpg' }).check();
  // Described in both languages: nothing asked.
  await expect(picker.getByRole('group', { name: 'Describe this picture' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');
  await expectNoAxeViolations(page, 'settings with the portrait chosen');

  // Now its Delete is refused, saying where it is used.
  await openMedia(page);
  await expect(portrait).toContainText('Used in: Settings › Portrait');
  const remove = page.getByRole('button', { name: 'Delete portrait.jpg' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/Used in: Settings › Portrait/);

  // A hydration mismatch shows as a console error (React's recoverable error) in the production build.
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  for (const [path, alt] of [
    ['/en/', 'Tudor Vale at the piano, in warm light'],
    ['/ro/', 'Tudor Vale la pian, în lumină caldă'],
  ] as const) {
    await openPublic(page, path);
    const img = page.locator('#about .about__portrait picture img');
    await expect(img).toHaveAttribute('alt', alt);
    await expect(img).toHaveAttribute('width', '1600');
    await expect(img).toHaveAttribute('height', '1200');
    await expect(img).toHaveAttribute('loading', 'lazy');
    const avif = page.locator('#about .about__portrait source[type="image/avif"]');
    await expect(avif).toHaveAttribute('srcset', /^\/media\/[0-9a-f]{64}-320\.avif 320w, .*-1280\.avif 1280w, .*-1600\.avif 1600w$/);
    await expect(page.locator('#about .about__portrait source[type="image/webp"]')).toHaveAttribute('srcset', /-1600\.webp 1600w$/);
    await expect(page.locator('#about .about__portrait .picture__placeholder')).toHaveAttribute('src', /^data:image\/webp;base64,/);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && /\.(avif|webp)$/.test(el.currentSrc))).toBe(true);
  }
  expect(consoleErrors).toEqual([]);
});

test("@server-only a delete that the server refuses (the image came into use meanwhile) shows the server's reason", async ({ adminPage: page }) => {
  await openMedia(page);
  const cover = card(page, 'cover.jpg');
  await expect(page.getByRole('button', { name: 'Delete cover.jpg' })).toBeEnabled();
  // Another tab makes it the image for sharing while this page is open.
  const items = (await (await page.request.get('/api/admin/media')).json()) as { media: { id: string; name: string }[] };
  const id = items.media.find((item) => item.name === 'cover.jpg')!.id;
  expect((await page.request.patch('/api/admin/settings', { data: { shareImage: id } })).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete cover.jpg' }).click();
  await page.getByRole('group', { name: 'Confirm deleting cover.jpg' }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This image is used in: Settings › Image for sharing' })).toBeVisible();
  await expect(cover).toHaveCount(1);
  await expect(cover).toContainText('Used in: Settings › Image for sharing');
  await expectNoAxeViolations(page, 'media with a refused delete');

  // Cancel: an upload held on its way is cancelled before the server has it, and nothing is added.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/media', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue().catch(() => {});
  });
  await page.getByLabel('Choose images').setInputFiles({ name: 'cancel-me.jpg', mimeType: 'image/jpeg', buffer: await photo(500, 500, { r: 0, g: 0, b: 0 }) });
  await page.getByRole('button', { name: 'Cancel the upload of cancel-me.jpg' }).click();
  await expect(page.locator('.upload')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'The upload of cancel-me.jpg was cancelled.' })).toHaveCount(1);
  release();
  await page.unrouteAll({ behavior: 'wait' });

  // Dropping files on the area uploads them too (the file input is the way for the keyboard).
  const png = (
    await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 160, b: 90, alpha: 1 } } })
      .png()
      .toBuffer()
  ).toString('base64');
  const dropped = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, png);
  await page.locator('.dropzone').dispatchEvent('dragenter', { dataTransfer: dropped });
  await expect(page.getByText('Drop the images here')).toBeVisible();
  await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(card(page, 'dropped.png')).toContainText('400 × 300 pixels');
  await expect(card(page, 'cancel-me.jpg')).toHaveCount(0);

  // Once no longer used, it can be deleted, and brought back from Recently deleted.
  expect((await page.request.patch('/api/admin/settings', { data: { shareImage: '' } })).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Delete cover.jpg' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(cover).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore cover.jpg' }).click();
  await expect(cover).toHaveCount(1);
});

test('@server-only a new upload on the Media page comes first in the library, in view and marked', async ({ adminPage: page }, testInfo) => {
  await openMedia(page);
  // A library long enough that its end is far below the upload control (the artist's had 43 images).
  const input = page.getByLabel('Choose images');
  const some = await Promise.all(
    [0, 1, 2, 3, 4, 5].map(async (i) => ({ name: `older-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(320, 320, { r: 30 * i, g: 60, b: 90 }) })),
  );
  await input.setInputFiles(some);
  await expect(card(page, 'older-5.jpg')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.upload')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await input.setInputFiles({ name: 'fresh.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 600, { r: 200, g: 40, b: 40 }) });
  const fresh = card(page, 'fresh.jpg');
  await expect(fresh).toHaveCount(1, { timeout: 30_000 });
  const cards = page.getByRole('region', { name: 'Library' }).locator('.media-grid > li');
  await expect(cards.first()).toContainText('fresh.jpg');
  await expect(fresh).toContainText('Just uploaded');
  await expect(fresh).toBeInViewport();
  await expect(cards.nth(1)).toContainText('older-5.jpg');
  // Only the latest upload is marked.
  await expect(cards.nth(1)).not.toContainText('Just uploaded');
  await expectNoAxeViolations(page, 'media with a new upload marked');
  await photograph(page, testInfo, 'media-new-upload');
});

/** The element a person sees at the middle of an image: the image itself, once loaded, not its blurred placeholder. */
async function expectPainted(img: ReturnType<Page['locator']>) {
  // The picture's box is brought into view, not the image: scrolling to the image would scroll inside the box
  // (overflow: hidden still scrolls from script) and bring an image laid out below its placeholder into sight.
  // Instantly: the page scrolls smoothly otherwise; and polled, while a section's reveal moves it into place.
  await img.evaluate((el) => el.closest('.picture')!.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // What is at its middle and how tall it is, read together: two reads apart once disagreed in a loaded run (the
  // image at its middle, then 0 px tall), which one snapshot cannot; the message says what was there instead.
  await expect
    .poll(
      () =>
        img.evaluate((el: HTMLImageElement) => {
          const box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (top === el && box.height > 100) return 'the image';
          const what = top === el ? 'the image' : `${top?.tagName ?? 'nothing'}.${top?.className ?? ''}`;
          return `${what}, ${Math.round(box.width)} × ${Math.round(box.height)} at ${Math.round(box.top)} (${getComputedStyle(el).display}, ${location.pathname})`;
        }),
      { message: 'the cover, not its placeholder, is what shows at its middle, at its size' },
    )
    .toBe('the image');
}

test("@server-only a release's cover shows over its placeholder, on its page and on its tile", async ({ adminPage: page }) => {
  const api = page.request;
  const items = (await (await api.get('/api/admin/media')).json()) as { media: Record<string, unknown>[] };
  const image = items.media.find((item) => item.name === 'cover.jpg')!;
  // Described in both languages (without, the page names it "Cover of Albastru": releases.spec.ts).
  const named = await api.put(`/api/admin/media/${String(image.id)}`, {
    data: { ...image, id: undefined, alt_en: 'A blue square', alt_ro: 'Un pătrat albastru' },
  });
  expect(named.status(), await named.text()).toBe(200);
  const added = await api.post('/api/admin/releases', {
    data: { title: 'Albastru', kind: 'single', status: 'published', date: '2024-04-04T00:00', cover: image.id },
  });
  expect(added.status(), await added.text()).toBe(201);
  await openPublic(page, '/en/music/albastru/');
  await expectPainted(page.locator('.release__cover img.picture__img'));
  await openPublic(page, '/ro/');
  await expectPainted(page.locator('#music .discography li.album').filter({ hasText: 'Albastru' }).locator('img.picture__img'));
});

test('@firebase-only an image added by its https address, with its size and alt texts, becomes the portrait', async ({ adminPage: page }) => {
  await openMedia(page);
  await expect(page.getByLabel('Choose images')).toHaveCount(0);
  const add = page.getByRole('region', { name: 'Add an image by its address' });
  // Not https: refused beside the field, before anything is sent.
  await add.getByLabel('Image address').fill('http://images.example.com/tudor.jpg');
  await add.getByRole('button', { name: 'Add image' }).click();
  await expect(add.getByText(/^Image address /)).toBeVisible();
  await expectNoAxeViolations(page, 'media add by address with an error');
  await add.getByLabel('Image address').fill('https://images.example.com/tudor.jpg');
  await add.getByLabel('Width (pixels)').fill('1200');
  await add.getByLabel('Height (pixels)').fill('1500');
  await add.getByLabel('Name').fill('Tudor, studio');
  await add.getByLabel('English').fill('Tudor Vale in the studio');
  await add.getByLabel('Romanian').fill('Tudor Vale în studio');
  await add.getByRole('button', { name: 'Add image' }).click();
  const item = card(page, 'Tudor, studio');
  await expect(item).toContainText('1200 × 1500 pixels');
  await expect(item).not.toContainText('No description');
  await expectNoAxeViolations(page, 'media on Firebase with an item');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('group', { name: 'Portrait' }).getByRole('radio', { name: 'Tudor, studio' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');

  for (const [path, alt] of [
    ['/en/', 'Tudor Vale in the studio'],
    ['/ro/', 'Tudor Vale în studio'],
  ] as const) {
    await openPublic(page, path);
    const img = page.locator('#about .about__portrait img');
    await expect(img).toHaveAttribute('src', 'https://images.example.com/tudor.jpg');
    await expect(img).toHaveAttribute('alt', alt);
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img).toHaveAttribute('height', '1500');
  }
});
