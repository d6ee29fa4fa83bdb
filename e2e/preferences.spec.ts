/** Language and reduce motion: defaults, saved choices, the switches; and the section reveal. */
import { expect, test, type Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { LANG_KEY, openMenuIfPhone, openPage, scrollToY } from './helpers';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const saveBeforeLoad = (page: Page, key: string, value: string) => page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [key, value]);

async function expectLanguage(page: Page, lang: 'en' | 'ro') {
  const dict = lang === 'en' ? en : ro;
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(h1(page)).toHaveText(dict['hero.title']);
  await expect(page.getByRole('heading', { level: 2, name: dict['services.title'] })).toBeAttached();
}

test.describe('language', () => {
  test('starts in English', { tag: '@desktop' }, async ({ page }) => {
    await openPage(page);
    await expectLanguage(page, 'en');
    await expect(page).toHaveTitle(/Music producer and artist/);
  });

  test(`a saved "ro" under ${LANG_KEY} is used on /`, { tag: '@desktop' }, async ({ page }) => {
    await saveBeforeLoad(page, LANG_KEY, 'ro');
    await openPage(page);
    await expectLanguage(page, 'ro');
    await expect(page).toHaveTitle(/Producător muzical și artist/);
  });

  test('an invalid saved value falls back to the browser language (en)', { tag: '@desktop' }, async ({ page }) => {
    await saveBeforeLoad(page, LANG_KEY, 'RO');
    await openPage(page);
    await expectLanguage(page, 'en');
  });

  test.describe('with a Romanian browser', { tag: '@desktop' }, () => {
    test.use({ locale: 'ro-RO' });

    test('an invalid saved value falls back to the browser language (ro)', async ({ page }) => {
      await saveBeforeLoad(page, LANG_KEY, 'fr');
      await openPage(page);
      await expectLanguage(page, 'ro');
    });

    test('with nothing saved it follows the browser', async ({ page }) => {
      await openPage(page);
      await expectLanguage(page, 'ro');
    });

    test('a saved "en" wins over the browser language', async ({ page }) => {
      await saveBeforeLoad(page, LANG_KEY, 'en');
      await openPage(page);
      await expectLanguage(page, 'en');
    });
  });

  test('the switch saves the choice at once and <html lang> follows; the choice holds on reload', async ({ page }, testInfo) => {
    await openPage(page);
    expect(await stored(page, LANG_KEY)).toBeNull();
    await openMenuIfPhone(page, testInfo);
    const group = page.getByRole('group', { name: en['nav.language'] });
    await group.getByRole('button', { name: 'RO' }).click();
    expect(await stored(page, LANG_KEY)).toBe('ro');
    await expectLanguage(page, 'ro');
    await expect(page).toHaveTitle(/Producător muzical/);
    await expect(page.getByRole('group', { name: ro['nav.language'] }).getByRole('button', { name: 'RO' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expectLanguage(page, 'ro');
  });

  test('/ro/ is Romanian, and switching there moves the address to /en/', async ({ page }, testInfo) => {
    await saveBeforeLoad(page, LANG_KEY, 'en');
    await openPage(page, '/ro/');
    await expectLanguage(page, 'ro');
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('group', { name: ro['nav.language'] }).getByRole('button', { name: 'EN' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expectLanguage(page, 'en');
    expect(await stored(page, LANG_KEY)).toBe('en');
  });

  test('Romanian text uses comma-below ș and ț', { tag: '@desktop' }, async ({ page }) => {
    await openPage(page, '/ro/');
    await expect(h1(page)).toHaveText('Sunetul care mișcă orașul noaptea');
    await expect(page.getByText('Lansări noi, note din studio și acces în avans.', { exact: false })).toBeAttached();
    const text = await page.locator('body').textContent();
    expect(text).toMatch(/[șț]/);
    expect(text).not.toMatch(/[şţŞŢ]/);
  });
});

test.describe('reduce motion', () => {
  const motion = (page: Page) => page.locator('html');

  test('the toggle persists reduceMotion = 1 / 0 and survives a reload', async ({ page }, testInfo) => {
    await openPage(page);
    await expect(motion(page)).toHaveAttribute('data-motion', 'full');
    expect(await stored(page, 'reduceMotion')).toBeNull();
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('button', { name: en['nav.reduceMotion'] }).click();
    await expect(motion(page)).toHaveAttribute('data-motion', 'reduce');
    expect(await stored(page, 'reduceMotion')).toBe('1');
    const enable = page.getByRole('button', { name: en['nav.enableMotion'] });
    await expect(enable).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(motion(page)).toHaveAttribute('data-motion', 'reduce');
    await openMenuIfPhone(page, testInfo);
    await enable.click();
    await expect(motion(page)).toHaveAttribute('data-motion', 'full');
    expect(await stored(page, 'reduceMotion')).toBe('0');
    await expect(page.getByRole('button', { name: en['nav.reduceMotion'] })).toHaveAttribute('aria-pressed', 'false');
  });

  test('defaults to the system preference and follows it while no choice is saved', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page);
    await expect(motion(page)).toHaveAttribute('data-motion', 'reduce');
    await openMenuIfPhone(page, testInfo);
    await expect(page.getByRole('button', { name: en['nav.enableMotion'] })).toBeVisible();

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(motion(page)).toHaveAttribute('data-motion', 'full');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(motion(page)).toHaveAttribute('data-motion', 'reduce');
  });

  test('once chosen, system changes no longer apply', async ({ page }, testInfo) => {
    await openPage(page);
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('button', { name: en['nav.reduceMotion'] }).click();
    await page.getByRole('button', { name: en['nav.enableMotion'] }).click();
    expect(await stored(page, 'reduceMotion')).toBe('0');
    // Wait until the page itself has seen the system change, then check the choice still holds.
    const seen = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const query = matchMedia('(prefers-reduced-motion: reduce)');
          query.addEventListener('change', (event) => requestAnimationFrame(() => resolve(event.matches)), { once: true });
        }),
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await seen).toBe(true);
    await expect(motion(page)).toHaveAttribute('data-motion', 'full');
  });

  test('with reduce motion no section is held back for the reveal', { tag: '@desktop' }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page);
    await expect(motion(page)).toHaveAttribute('data-motion', 'reduce');
    await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
    // Far below the fold, yet fully opaque without any scrolling.
    const opacity = await page.locator('#contact > .section__inner').evaluate((el) => getComputedStyle(el).opacity);
    expect(opacity).toBe('1');
  });
});

test.describe('section reveal', () => {
  test('a section below the fold is hidden until 15 % of it is visible, then stays shown', async ({ page }) => {
    await openPage(page);
    const music = page.locator('#music');
    await expect(music).toHaveAttribute('data-reveal', 'hidden');
    expect(
      await music
        .locator('.section__inner')
        .first()
        .evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('0');

    const { top, height, viewport } = await music.evaluate((el) => ({
      top: el.getBoundingClientRect().top + window.scrollY,
      height: el.getBoundingClientRect().height,
      viewport: window.innerHeight,
    }));
    // 12 % of it in view: still hidden (after the observer has had frames to run).
    await scrollToY(page, Math.round(top - viewport + height * 0.12));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(150);
    await expect(music).toHaveAttribute('data-reveal', 'hidden');
    // 18 %: shown.
    await scrollToY(page, Math.round(top - viewport + height * 0.18));
    await expect(music).toHaveAttribute('data-reveal', 'shown');
    await expect
      .poll(() =>
        music
          .locator('.section__inner')
          .first()
          .evaluate((el) => getComputedStyle(el).opacity),
      )
      .toBe('1');

    await scrollToY(page, 0);
    await page.waitForTimeout(150);
    await expect(music).toHaveAttribute('data-reveal', 'shown');
  });
});
