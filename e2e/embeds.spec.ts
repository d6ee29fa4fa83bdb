/**
 * Third-party parts: the Spotify player (with its fallback), the YouTube vlog and the newsletter form.
 * These machines have no internet, so unrouted third-party requests fail for real.
 */
import { expect, test, type Page } from '@playwright/test';
import { siteConfig } from '../site.config';
import { spotifyEmbedUrl, youtubeId } from '../src/content/release-cycle';
import { SEED_RELEASES, SEED_SETTINGS } from '../src/content/seed';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { ARTIST, OFFLINE_FAILURE_SHOWN, openPage, recordRequests, scrollToY, scrollUntil } from './helpers';

const ORIGIN = `http://127.0.0.1:${Number(process.env.SCENA_PORT_BASE ?? 4321)}`;
const { scriptUrl, uid } = siteConfig.newsletter;
// The page without a backend shows the first-start content: the newest album's player, the seeded vlog.
const PLAYER = spotifyEmbedUrl(SEED_RELEASES[0]!.links.spotify)!;
const VLOG = youtubeId(SEED_SETTINGS.vlog)!;
const embed = (page: Page) => page.locator('.embed--spotify');
const newsletterForm = (page: Page) => page.locator('.newsletter__form');

test('nothing is requested from another site before the visitor nears the music', async ({ page }) => {
  const requests = recordRequests(page);
  await openPage(page);
  // Scroll down to just short of the 400 px margin around the player.
  const top = await embed(page).evaluate((el) => el.getBoundingClientRect().top + window.scrollY - window.innerHeight);
  for (let y = 0; y < top - 500; y += 300) await scrollToY(page, Math.round(y));
  await scrollToY(page, Math.round(top - 500));
  await page.waitForTimeout(300);
  const foreign = requests.filter((url) => !url.startsWith(ORIGIN) && !url.startsWith('data:'));
  expect(requests.length).toBeGreaterThan(3);
  expect(foreign).toEqual([]);

  // Nearing the player asks Spotify, nearing the form asks the newsletter service. Each block's code replaces its static
  // markup as it nears the view: the scroll is tried again on the new one (once it hit the old one, in CI).
  await scrollUntil(embed(page));
  await expect.poll(() => requests.some((url) => url.startsWith('https://open.spotify.com/'))).toBe(true);
  await scrollUntil(newsletterForm(page));
  await expect.poll(() => requests.includes(scriptUrl)).toBe(true);
});

test.describe('Spotify player', { tag: '@desktop' }, () => {
  test('offline it says the embed is unavailable, with a hint and Try Again', async ({ page }) => {
    await openPage(page);
    await embed(page).scrollIntoViewIfNeeded();
    const fallback = embed(page).getByRole('status');
    await expect(fallback).toContainText(en['music.embedUnavailable'], { timeout: OFFLINE_FAILURE_SHOWN });
    await expect(fallback).toContainText(en['music.embedHint']);
    await expect(fallback.getByRole('button', { name: en['music.tryAgain'] })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    // The follow button still leads to Spotify.
    const follow = page.getByRole('link', { name: new RegExp(`^${en['music.follow']}`) });
    await expect(follow).toHaveAttribute('href', siteConfig.defaultLinks.spotify);
    await expect(follow).toHaveAttribute('target', '_blank');
  });

  test('in Romanian too', async ({ page }) => {
    await openPage(page, '/ro/');
    await embed(page).scrollIntoViewIfNeeded();
    const fallback = embed(page).getByRole('status');
    await expect(fallback).toContainText(ro['music.embedUnavailable'], { timeout: OFFLINE_FAILURE_SHOWN });
    await expect(fallback).toContainText(ro['music.embedHint']);
    await expect(fallback.getByRole('button', { name: ro['music.tryAgain'] })).toBeVisible();
  });

  test('Try Again shows the player once Spotify answers', async ({ page }) => {
    await openPage(page);
    await embed(page).scrollIntoViewIfNeeded();
    const tryAgain = page.getByRole('button', { name: en['music.tryAgain'] });
    await expect(tryAgain).toBeVisible();

    await page.route('https://open.spotify.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
    );
    await tryAgain.click();
    const player = page.getByTitle(`Spotify player: latest release by ${ARTIST}`);
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('src', PLAYER);
    await expect(page.getByText(en['music.embedUnavailable'])).toHaveCount(0);
  });
});

test.describe('vlog', { tag: '@desktop' }, () => {
  test('the YouTube player loads only when the visitor presses play', async ({ page }) => {
    const requests = recordRequests(page);
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Video</title>' }),
    );
    await openPage(page);
    const play = page.getByRole('button', { name: en['music.vlogPlay'] });
    await play.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(requests.filter((url) => url.includes('youtube'))).toEqual([]);
    await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);

    await play.click();
    const player = page.getByTitle(`YouTube player: latest vlog by ${ARTIST}`);
    await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VLOG}?autoplay=1`);
    await expect.poll(() => requests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
  });

  test('"Watch the full vlog on YouTube" opens YouTube in a new tab', async ({ page }) => {
    await openPage(page);
    const link = page.getByRole('link', { name: `${en['music.watchVlog']} ${en['common.newTab']}` });
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VLOG}`);
    await expect(link).toHaveAttribute('target', '_blank');
    expect((await link.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  });
});

test.describe('newsletter', { tag: '@desktop' }, () => {
  test('shows a loading hint while its script loads; the script carries data-uid', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(scriptUrl, async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    await openPage(page);
    await expect(newsletterForm(page).getByRole('status')).toHaveText(en['newsletter.loading']);
    await newsletterForm(page).scrollIntoViewIfNeeded();
    await expect(newsletterForm(page)).toHaveAttribute('data-state', 'loading');
    await expect(newsletterForm(page).getByRole('status')).toHaveText(en['newsletter.loading']);
    const script = page.locator(`script[src="${scriptUrl}"]`);
    await expect(script).toHaveAttribute('data-uid', uid);
    release();
    await expect(newsletterForm(page).getByRole('alert')).toContainText(en['newsletter.failed']);
  });

  test('offline the form fails with a message and Try again, which loads it once it can', async ({ page }) => {
    await openPage(page);
    await newsletterForm(page).scrollIntoViewIfNeeded();
    const alert = newsletterForm(page).getByRole('alert');
    await expect(alert).toHaveText(new RegExp(`^${en['newsletter.failed'].replace(/\./g, '\\.')}`));
    await expect(newsletterForm(page).getByRole('status')).toHaveCount(0);

    await page.route(scriptUrl, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__newsletterLoaded = true;' }));
    await alert.getByRole('button', { name: en['newsletter.retry'] }).click();
    await expect(newsletterForm(page)).toHaveAttribute('data-state', 'loaded');
    await expect(newsletterForm(page).getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __newsletterLoaded?: boolean }).__newsletterLoaded)).toBe(true);
  });

  test('the failure message is in Romanian on /ro/', async ({ page }) => {
    await openPage(page, '/ro/');
    await newsletterForm(page).scrollIntoViewIfNeeded();
    await expect(newsletterForm(page).getByRole('alert')).toContainText(ro['newsletter.failed']);
    await expect(newsletterForm(page).getByRole('button', { name: ro['newsletter.retry'] })).toBeVisible();
  });

  test('loads the form when the script answers', async ({ page }) => {
    await page.route(scriptUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'document.currentScript.insertAdjacentHTML("afterend", "<p>Signup form</p>");' }),
    );
    await openPage(page);
    await newsletterForm(page).scrollIntoViewIfNeeded();
    await expect(newsletterForm(page)).toHaveAttribute('data-state', 'loaded');
    await expect(newsletterForm(page).getByText('Signup form')).toBeVisible();
    await expect(newsletterForm(page).getByText(en['newsletter.loading'])).toHaveCount(0);
    await expect(page.locator(`script[data-uid="${uid}"]`)).toHaveAttribute('src', scriptUrl);
  });
});
