/**
 * Audio on a phone, on Scena's server (issue 21): a WAV made here uploaded from the keyboard at phone size through the
 * Media page's upload control, processing and then ready, with nothing scrolling sideways and axe finding nothing.
 * It touches neither the settings nor the services, so it runs beside the other specs of the first stage.
 */
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { chooseByKeyboard, photograph, sineWav, tabTo } from './admin-helpers';

test('@phone @server-only a WAV uploaded from the keyboard on a phone becomes ready, the page fitting the screen', async ({ adminPage: page }, testInfo) => {
  test.slow();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // On a phone the pages are behind the Menu button, opened from the keyboard too.
  await tabTo(page, nav.getByRole('button', { name: /^Menu · / }));
  await page.keyboard.press('Enter');
  await tabTo(page, nav.getByRole('link', { name: 'Media', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();

  await chooseByKeyboard(page, sineWav(testInfo.outputPath('chirp-phone.wav'), 2, 880));
  const item = page.getByRole('region', { name: 'Audio' }).getByRole('listitem').filter({ hasText: 'chirp-phone.wav' });
  await expect(item).toHaveCount(1);
  await expect(item.locator('audio')).toHaveCount(1, { timeout: 30_000 });
  await expect(item).toContainText(/0:02 · \u2212\d+\.\d LUFS · Ready/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'media with audio on a phone');
  await photograph(page, testInfo, 'media-audio-ready');
});
