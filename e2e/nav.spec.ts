/** Top navigation: entries, scrolling, the active section, the scrolled style, the phone menu, back to top. */
import { expect, test, type Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { openMenuIfPhone, openPage, scrollToY } from './helpers';

const ENTRIES = [
  [en['nav.home'], 'hero'],
  [en['nav.about'], 'about'],
  [en['nav.services'], 'services'],
  [en['nav.music'], 'music'],
  [en['nav.contact'], 'contact'],
] as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: en['nav.label'] });
const header = (page: Page) => page.locator('header.nav');
const backToTop = (page: Page) => page.getByRole('button', { name: en['nav.backToTop'] });
/** Top of a section in document coordinates (where the nav measures it). */
const sectionTop = (page: Page, id: string) => page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

test('lists Home, About, Services, Music and Contact, in that order', async ({ page }, testInfo) => {
  await openPage(page);
  await openMenuIfPhone(page, testInfo);
  const links = mainNav(page).locator('.nav__links').getByRole('link');
  await expect(links).toHaveText(ENTRIES.map(([name]) => name));
  for (const [name, id] of ENTRIES) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', `#${id}`);
  }
  await expect(mainNav(page).getByRole('link', { name: en['nav.home'], exact: true })).toHaveAttribute('aria-current', 'location');
});

test('each entry scrolls to its section, which the nav then highlights', async ({ page }, testInfo) => {
  await openPage(page);
  const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
  for (const [name, id] of [...ENTRIES.slice(1), ENTRIES[0]]) {
    await openMenuIfPhone(page, testInfo);
    await mainNav(page).getByRole('link', { name, exact: true }).click();
    const section = page.locator(`#${id}`);
    // The section lands just under the sticky nav (or the page cannot scroll further).
    const landed = async () => (await atBottom()) || (await section.evaluate((el) => Math.round(el.getBoundingClientRect().top))) === 64;
    await expect.poll(landed, { message: `scrolled to ${id}` }).toBe(true);
    await expect(section).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await openMenuIfPhone(page, testInfo);
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'location');
    await expect(mainNav(page).locator('[aria-current]')).toHaveCount(1);
  }
});

test('the section in view is the last one whose top is within 100 px of the top of the window', async ({ page }, testInfo) => {
  await openPage(page);
  await openMenuIfPhone(page, testInfo);
  const current = mainNav(page).locator('a[aria-current="location"]');
  for (const [name, id, previous] of [
    [en['nav.services'], 'services', en['nav.about']],
    [en['nav.music'], 'music', en['nav.services']],
  ] as const) {
    // Tops may be fractional: the first whole scroll position that brings the top within 100 px.
    const threshold = Math.ceil(await sectionTop(page, id)) - 100;
    await scrollToY(page, threshold - 1);
    await expect(current).toHaveText(previous);
    await scrollToY(page, threshold);
    await expect(current).toHaveText(name);
  }
});

test('takes its scrolled style past 50 px, not at 50', async ({ page }) => {
  await openPage(page);
  await expect(header(page)).toHaveAttribute('data-scrolled', 'false');
  const plain = await header(page).evaluate((el) => getComputedStyle(el).backgroundColor);

  await scrollToY(page, 401);
  await expect(header(page)).toHaveAttribute('data-scrolled', 'true');
  await expect(backToTop(page)).toBeVisible();
  // Back at 50: the back-to-top button going proves the scroll at 50 was handled.
  await scrollToY(page, 50);
  await expect(backToTop(page)).toHaveCount(0);
  await expect(header(page)).toHaveAttribute('data-scrolled', 'false');

  await scrollToY(page, 51);
  await expect(header(page)).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => header(page).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(plain);
});

test('back to top appears after 400 px (not at 400) and scrolls to the top', async ({ page }) => {
  await openPage(page);
  await expect(backToTop(page)).toHaveCount(0);
  await scrollToY(page, 400);
  // The scrolled style proves the scroll at 400 was handled.
  await expect(header(page)).toHaveAttribute('data-scrolled', 'true');
  await expect(backToTop(page)).toHaveCount(0);

  await scrollToY(page, 401);
  await expect(backToTop(page)).toBeVisible();
  await scrollToY(page, 3000);
  await backToTop(page).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(backToTop(page)).toHaveCount(0);
  await expect(page.locator('#hero')).toBeFocused();
});

test('on the desktop the links show without a menu button', { tag: '@desktop' }, async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole('button', { name: en['nav.menu'] })).toBeHidden();
  for (const [name] of ENTRIES) await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
});

test.describe('phone menu', { tag: '@phone' }, () => {
  test('hides the links until opened; a link closes it', async ({ page }) => {
    await openPage(page);
    const toggle = page.getByRole('button', { name: en['nav.menu'] });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'nav-menu');
    for (const [name] of ENTRIES) await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const [name] of ENTRIES) await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: en['nav.reduceMotion'] })).toBeVisible();

    await mainNav(page).getByRole('link', { name: en['nav.services'], exact: true }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: en['nav.services'], exact: true })).toBeHidden();
    await expect(page.locator('#services')).toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes it and gives focus back to the menu button', async ({ page }) => {
    await openPage(page);
    const toggle = page.getByRole('button', { name: en['nav.menu'] });
    await toggle.click();
    const about = mainNav(page).getByRole('link', { name: en['nav.about'], exact: true });
    await about.focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test('the stream banner links to YouTube and Spotify, in a new tab, without opener or referrer', async ({ page }) => {
  await openPage(page);
  const banner = page.getByRole('complementary', { name: en['banner.label'] });
  await expect(banner).toBeVisible();
  // Its two links to other sites (the spec's); the newest release's title links to its page besides (issue 32).
  const links = banner.locator('a[target="_blank"]');
  await expect(links).toHaveCount(2);
  for (const [name, host] of [
    [en['banner.watch'], 'https://www.youtube.com/'],
    [en['banner.listen'], 'https://open.spotify.com/'],
  ] as const) {
    const link = banner.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAccessibleName(`${name} ${en['common.newTab']}`);
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${host.replace(/\./g, '\\.')}`));
    await expect(link).toHaveAttribute('target', '_blank');
    const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  }
});
