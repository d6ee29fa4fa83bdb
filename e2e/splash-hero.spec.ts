/** Splash and hero timings, on the controlled clock. */
import { expect, test, type Page } from '@playwright/test';
import { en } from '../src/i18n/en';
import { pageNow, pauseClock, runTo } from './clock';
import { ARTIST, openPage, splash, waitForHydration } from './helpers';

const progressbar = (page: Page) => page.getByRole('progressbar', { includeHidden: true });

test.describe('splash', { tag: '@desktop' }, () => {
  test('shows the artist, then steps 0→25→50→75→100 every 200 ms, fades at 800 ms over 500 ms, then goes', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/');
    await waitForHydration(page);
    expect(await pageNow(page)).toBe(0);

    await expect(splash(page)).toContainText(ARTIST);
    await expect(splash(page)).toContainText(en['splash.subtitle']);
    await expect(splash(page)).toHaveAttribute('aria-hidden', 'true');
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(splash(page)).toHaveAttribute('data-phase', 'progress');

    for (const [before, at, value] of [
      [199, 200, 25],
      [399, 400, 50],
      [599, 600, 75],
    ] as const) {
      await runTo(page, before);
      await expect(progressbar(page)).toHaveAttribute('aria-valuenow', String(value - 25));
      await runTo(page, at);
      await expect(progressbar(page)).toHaveAttribute('aria-valuenow', String(value));
    }

    await runTo(page, 799);
    await expect(splash(page)).toHaveAttribute('data-phase', 'progress');
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '75');

    await runTo(page, 800);
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '100');
    await expect(splash(page)).toHaveAttribute('data-phase', 'fading');
    const fade = await splash(page).evaluate((el) => {
      const style = getComputedStyle(el);
      return { property: style.transitionProperty, duration: style.transitionDuration, opacity: style.opacity };
    });
    expect(fade.property.split(', ')[0]).toBe('opacity');
    expect(fade.duration.split(', ')[0]).toBe('0.5s');

    await runTo(page, 1299);
    await expect(splash(page)).toHaveCount(1);
    await runTo(page, 1300);
    await expect(splash(page)).toHaveCount(0);
  });

  test('with reduce motion it does not fade: it simply goes at 800 ms', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pauseClock(page);
    await page.goto('/');
    await waitForHydration(page);
    await runTo(page, 799);
    await expect(splash(page)).toHaveAttribute('data-phase', 'progress');
    await runTo(page, 800);
    await expect(splash(page)).toHaveCount(0);
  });
});

test.describe('hero', () => {
  test('shows the default title and the scroll hint at once, the two buttons only from 1000 ms', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/');
    await waitForHydration(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['hero.title']);
    await expect(page.getByRole('link', { name: en['hero.scrollHint'] })).toBeVisible();

    const explore = page.getByRole('link', { name: en['hero.primary'] });
    const whatIDo = page.getByRole('link', { name: en['hero.secondary'] });
    await runTo(page, 999);
    await expect(explore).toBeHidden();
    await expect(whatIDo).toBeHidden();
    await runTo(page, 1000);
    await expect(explore).toBeVisible();
    await expect(whatIDo).toBeVisible();
  });

  for (const [button, target] of [
    [en['hero.primary'], 'about'],
    [en['hero.secondary'], 'services'],
  ] as const) {
    test(`${button} scrolls to ${target}`, async ({ page }) => {
      await openPage(page);
      await page.getByRole('link', { name: button }).click();
      const section = page.locator(`#${target}`);
      // The section comes to the top, just under the sticky nav.
      await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBe(64);
      await expect(section).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`#${target}$`));
    });
  }
});
