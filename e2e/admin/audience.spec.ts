/**
 * Fan numbers (issue 16), from the visitor's browser to the admin's dashboard. On Scena's server: the page reports
 * its view once idle and each platform click by platform and release (src/audience), nothing with Do Not Track or
 * Global Privacy Control; the server leaves out bots, DNT / GPC requests and the signed-in admin; the dashboard
 * shows exactly what was counted. On Firebase: nothing is loaded or sent, and the dashboard says why it has no
 * numbers. Its own stage (e2e/browsers.ts), after the other specs and before account: nothing else visits the site
 * meanwhile, and the figures are compared with the report read just before.
 */
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { RELEASE_ZONE } from '../../src/content/release-cycle';
import { localAt } from '../../src/content/zoned-time';
import { en } from '../../src/i18n/en';
import { ro } from '../../src/i18n/ro';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openPublic } from './admin-helpers';

test.describe.configure({ mode: 'serial' });

/** What the page sends to POST /api/event (the contract: src/audience/beacon.ts). */
interface SentEvent {
  t: string;
  p: string;
  r: string;
  l: string;
  k?: string;
  s?: string;
  contentType: string;
}

// Two visitors as different browsers (their own User-Agent: Scena tells visitors apart by address and browser,
// and all of these come from 127.0.0.1), a crawler, and one more browser for Do Not Track.
const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36',
  phone: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  dnt: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

const isEvent = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/event';

/** Every event the page sends, as sent. */
function recordEvents(page: Page): SentEvent[] {
  const sent: SentEvent[] = [];
  page.on('request', (request) => {
    if (isEvent(request)) sent.push({ ...(JSON.parse(request.postData() ?? '{}') as SentEvent), contentType: request.headers()['content-type'] ?? '' });
  });
  return sent;
}

/** The scripts the page loads. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** A visitor's own browser (no session); other sites unreachable, as on these machines. */
async function visitorContext(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  await context.route(/^https:\/\//, (route) => route.abort());
  return context;
}

const baseOf = (page: Page) => new URL(page.url()).origin;

const RELEASE = {
  title: 'Semnal de seară',
  kind: 'single',
  status: 'published',
  links: { spotify: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy', youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
};

/** This spec's own release (out two days ago, on Spotify and YouTube), made once through the admin's API: its page's address and slug. */
async function aReleasePage(admin: Page): Promise<{ path: string; slug: string }> {
  const listed = (await (await admin.request.get('/api/admin/releases')).json()) as { releases: { title: string; slug: string }[] };
  let slug = listed.releases.find((r) => r.title === RELEASE.title)?.slug;
  if (!slug) {
    const res = await admin.request.post('/api/admin/releases', { data: { ...RELEASE, date: localAt(Date.now() - 2 * 86_400_000, RELEASE_ZONE) } });
    expect(res.status()).toBe(201);
    slug = ((await res.json()) as { item: { slug: string } }).item.slug;
  }
  return { path: `/en/music/${slug}/`, slug };
}

test.describe('on Scena’s server @server-only', () => {
  test('the page reports its view once idle, and a platform click by platform and release', async ({ adminPage, browser }) => {
    const { path, slug } = await aReleasePage(adminPage);
    const context = await visitorContext(browser, baseOf(adminPage), { userAgent: UA.desktop });
    const page = await context.newPage();
    const sent = recordEvents(page);
    const scripts = recordScripts(page);
    // From a story's link on Instagram.
    await page.goto('/en/?utm_source=instagram&utm_medium=story&fbclid=abc123', { referer: 'https://l.instagram.com/' });
    await expect.poll(() => sent.length).toBe(1);
    // Only the address and utm_source: the rest of the query (a click id) never leaves the page.
    expect(sent[0]).toEqual({ t: 'view', p: '/en/?utm_source=instagram', r: 'https://l.instagram.com/', l: 'en', contentType: 'text/plain;charset=UTF-8' });
    expect(scripts.filter((s) => /\/assets\/beacon-[\w-]+\.js$/.test(s))).toHaveLength(1);

    // The banner's "Listen" leads to Spotify; a release's page has a button per platform.
    await page
      .getByRole('complementary', { name: en['banner.label'] })
      .getByRole('link', { name: new RegExp(`^${en['banner.listen']}`) })
      .click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toMatchObject({ t: 'click', p: '/en/', k: 'spotify' });

    await openPublic(page, path);
    await expect.poll(() => sent.length).toBe(3);
    expect(sent[2]).toMatchObject({ t: 'view', p: path, r: '', l: 'en' });
    const button = page
      .getByRole('list', { name: en['release.links'] })
      .getByRole('link', { name: new RegExp(`^${en['release.listenOn'].replace('{platform}', 'Spotify')}`) });
    await button.press('Enter');
    await expect.poll(() => sent.length).toBe(4);
    expect(sent[3]).toMatchObject({ t: 'click', p: path, k: 'spotify', s: slug });
    // A right click opens nothing, so it is no click.
    await button.click({ button: 'right' });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(sent).toHaveLength(4);
    await context.close();
  });

  test('the Spotify player started on a release page is reported with its release', async ({ adminPage, browser }) => {
    const { path, slug } = await aReleasePage(adminPage);
    const context = await visitorContext(browser, baseOf(adminPage), { userAgent: UA.desktop });
    const page = await context.newPage();
    // Spotify answers, with a player that has a play button.
    await page.route('https://open.spotify.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><button type="button">Play</button>' }),
    );
    const sent = recordEvents(page);
    await openPublic(page, path);
    await expect.poll(() => sent.length).toBe(1);
    const player = page.locator('.release__player iframe');
    await player.scrollIntoViewIfNeeded();
    await expect(player).toBeVisible();
    await page.waitForTimeout(300);
    expect(sent).toHaveLength(1);
    await page.frameLocator('.release__player iframe').getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toMatchObject({ t: 'play', k: 'spotify', s: slug, p: path });
    // Once per page: playing again is the same start.
    await page.locator('#release-title').click();
    await page.frameLocator('.release__player iframe').getByRole('button', { name: 'Play' }).click();
    await page.waitForTimeout(300);
    expect(sent).toHaveLength(2);
    await context.close();
  });

  test('a player started, the vlog and the newsletter form are reported', async ({ adminPage, browser }) => {
    // The Music section shows the latest vlog when the settings name one.
    const { settings } = (await (await adminPage.request.get('/api/settings')).json()) as { settings: { vlog?: string } | null };
    if (!settings?.vlog) expect((await adminPage.request.patch('/api/admin/settings', { data: { vlog: RELEASE.links.youtube } })).status()).toBe(200);
    const context = await visitorContext(browser, baseOf(adminPage), { userAgent: UA.desktop });
    const page = await context.newPage();
    const sent = recordEvents(page);
    // The newsletter's script fails (no internet here), which is reported too.
    await openPublic(page, '/ro/');
    await expect.poll(() => sent.length).toBe(1);
    await page.locator('#music').scrollIntoViewIfNeeded();
    await page.locator('.vlog__play').scrollIntoViewIfNeeded();
    await page.locator('.vlog__play').click();
    await expect.poll(() => sent.map((e) => e.t)).toContain('play');
    expect(sent.find((e) => e.t === 'play')).toMatchObject({ k: 'youtube', p: '/ro/', l: 'ro' });
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect.poll(() => sent.map((e) => e.t)).toContain('newsletter-failed');
    await context.close();
  });

  for (const [name, init] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ] as const) {
    test(`with ${name} the page loads no sender and sends nothing`, async ({ adminPage, browser }) => {
      const context = await visitorContext(browser, baseOf(adminPage), { userAgent: UA.dnt });
      // The same visit without the signal sends its view: the wait below is long enough to see one.
      const control = await context.newPage();
      const controlSent = recordEvents(control);
      const started = Date.now();
      await openPublic(control, '/en/');
      await expect.poll(() => controlSent.length).toBe(1);
      const took = Date.now() - started;

      await context.addInitScript(init);
      const page = await context.newPage();
      const sent = recordEvents(page);
      const scripts = recordScripts(page);
      await openPublic(page, '/en/');
      await page
        .getByRole('complementary', { name: en['banner.label'] })
        .getByRole('link', { name: new RegExp(`^${en['banner.listen']}`) })
        .click();
      await page.waitForTimeout(Math.max(2_000, took * 2));
      expect(sent).toEqual([]);
      expect(scripts.filter((s) => s.includes('beacon'))).toEqual([]);
      await context.close();
    });
  }

  test('the footer says what is counted, in both languages', async ({ adminPage, browser }) => {
    const context = await visitorContext(browser, baseOf(adminPage));
    const page = await context.newPage();
    await openPublic(page, '/en/');
    await expect(page.getByRole('contentinfo')).toContainText(en['footer.counted']);
    await openPublic(page, '/ro/');
    await expect(page.getByRole('contentinfo')).toContainText('Acest site numără vizitele fără cookie-uri și fără date personale.');
    expect(ro['footer.counted']).toBe('Acest site numără vizitele fără cookie-uri și fără date personale.');
    await context.close();
  });
});

test.describe('on Firebase @firebase-only', () => {
  test('the public page loads no sender, sends nothing and claims no counting; the dashboard says why there are no numbers', async ({ adminPage, browser }) => {
    await expect(adminPage.getByText("No visitor numbers here: this site runs on Firebase, and only Scena's own server counts visits")).toBeVisible();
    await expect(adminPage.getByRole('radio')).toHaveCount(0);
    await expectNoAxeViolations(adminPage, 'dashboard on Firebase');

    const context = await visitorContext(browser, baseOf(adminPage), { userAgent: UA.desktop });
    const page = await context.newPage();
    const sent = recordEvents(page);
    const scripts = recordScripts(page);
    await openPublic(page, '/en/');
    await page.waitForTimeout(2_000);
    await page
      .getByRole('complementary', { name: en['banner.label'] })
      .getByRole('link', { name: new RegExp(`^${en['banner.listen']}`) })
      .click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(scripts.filter((s) => s.includes('beacon'))).toEqual([]);
    await expect(page.getByRole('contentinfo')).not.toContainText(en['footer.counted']);
    await context.close();
  });
});
