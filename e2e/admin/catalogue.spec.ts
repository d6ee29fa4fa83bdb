/**
 * The public page with a real catalogue (issue 32), as visitors try it on Scena's server with the sample catalogue
 * (server/sample.ts: 25 releases, one scheduled three weeks ahead; 25 shows), on a phone and a desktop, in both
 * languages: the home page fits a phone, the newest release leads and offers no playback before its minute, covers and
 * show cards are links of a touchable size, a show page gives its date and Tickets in the first screen, every page has
 * the site's header, the menu works without JavaScript, the plain address comes in Romanian to a Romanian browser, and
 * no English from the dictionaries or the declarations is left on /ro/. Its own stage (e2e/browsers.ts), after the
 * language stage, which loads the same catalogue.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { openDatabase } from '../../server/db/client';
import { mediaDirOf } from '../../server/config';
import { contentRepo } from '../../server/db/content-repo';
import { loadSample } from '../../server/maintenance';
import { mediaFiles } from '../../server/media/files';
import { sampleImages } from '../../server/sample-media';
import { SAMPLE_CONTENT } from '../../server/sample';
import { collaboratorsWords } from '../../src/content/kinds/collaborators';
import { showsWords } from '../../src/content/kinds/shows';
import { en } from '../../src/i18n/en';
import { ro } from '../../src/i18n/ro';
import { phone, desktop } from '../browsers';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations, scrollUntil } from '../helpers';
import { photograph } from './admin-helpers';
import { paced } from '../../scripts/pace';

const PHONE_MAX_HEIGHT = 9_000;

test.describe.configure({ mode: 'serial' });

// eslint-disable-next-line no-empty-pattern -- Playwright passes the test info second, after the fixtures.
test.beforeAll(async ({}, testInfo) => {
  const port = new URL(String(testInfo.project.use.baseURL)).port;
  const file = readFileSync(join(process.env.TMPDIR ?? tmpdir(), `scena-e2e-${port}.db`), 'utf8');
  const database = await openDatabase(`file:${file}`);
  try {
    await loadSample(database, true);
    // The sample's portrait (not its 36 covers, which take 20 s to draw): About's columns are checked as the artist's
    // site has them, with a portrait beside the bio (issue 32 found its column 660 px longer than the bio's).
    const { portrait } = await sampleImages(mediaFiles(mediaDirOf(undefined, file)), []);
    const { id: _id, ...image } = portrait;
    const repo = contentRepo(database);
    const stored = await repo.add('media', image);
    await repo.save('settings', { portrait: stored.id });
  } finally {
    database.close();
  }
});

/** A visitor's fresh browser at a phone's or a desktop's size, in a language (its Accept-Language and navigator.language). */
async function visitor(browser: Browser, testInfo: TestInfo, size: 'phone' | 'desktop', lang: 'en' | 'ro', javaScriptEnabled = true) {
  const device = size === 'phone' ? { ...phone, deviceScaleFactor: 1 } : desktop;
  const context = await browser.newContext({
    ...device,
    baseURL: String(testInfo.project.use.baseURL),
    locale: lang === 'ro' ? 'ro-RO' : 'en-GB',
    javaScriptEnabled,
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** Down the page a screen at a time, so that each block that loads near the view is in; then back to the top. */
async function scrollThrough(page: Page) {
  for (let i = 0; i < 60; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy({ top: window.innerHeight, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForLoadState('networkidle');
    if (done) break;
  }
}

/**
 * The English phrases of the dictionaries, of the shows' and the collaborators' choices, and of the sample's own words
 * (a collaborator's role in English, a city's English name) that Romanian says otherwise.
 */
function englishPhrases(): string[] {
  const phrases = new Set<string>();
  for (const [key, text] of Object.entries(en)) {
    const other = (ro as Record<string, string>)[key];
    if (other !== text && !text.includes('{') && text.length >= 6) phrases.add(text);
  }
  for (const field of [showsWords.fields.kind, showsWords.fields.state, collaboratorsWords.fields.roleKind])
    for (const words of Object.values(field.options)) if (words.en !== words.ro) phrases.add(words.en);
  for (const c of SAMPLE_CONTENT.collaborators) if (c.roleRo && c.roleRo !== c.role) phrases.add(c.role);
  return [...phrases];
}

/** The sample's cities named otherwise in `lang` than by their own people: their own name must not show on a list in it. */
function untranslatedCities(lang: 'en' | 'ro'): { own: string; named: string }[] {
  return [
    ...new Map(
      SAMPLE_CONTENT.shows
        .filter((s) => s[`cityName_${lang}`] && s[`cityName_${lang}`] !== s.city)
        .map((s) => [s.city, { own: s.city, named: s[`cityName_${lang}`] }]),
    ).values(),
  ];
}

test('on a phone in both languages: the home page fits, the newest release leads without playback, covers and shows are links @server-only', async ({
  browser,
}, testInfo) => {
  const english = englishPhrases();
  for (const lang of ['ro', 'en'] as const) {
    const words = lang === 'ro' ? ro : en;
    const { context, page } = await visitor(browser, testInfo, 'phone', lang);
    await page.goto(`/${lang}/`);
    await expect(page.locator('.splash')).toHaveCount(0, { timeout: 5_000 });

    // The banner names the scheduled release, "Out <date>", with Get notified to the newsletter and no playback of it.
    const banner = page.getByRole('complementary', { name: words['banner.label'] });
    await expect(banner.getByRole('link', { name: lang === 'ro' ? '„Ora albastră”' : '“Ora albastră”' })).toHaveAttribute(
      'href',
      lang === 'ro' ? '/ro/muzica/ora-albastra/' : '/en/music/ora-albastra/',
    );
    await expect(banner).toContainText(lang === 'ro' ? 'Noul single apare pe' : 'New single out');
    await expect(banner.getByRole('link', { name: words['banner.notify'] })).toHaveAttribute('href', `/${lang}/#newsletter`);

    await scrollThrough(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `the home page's height on a phone (${lang})`).toBeLessThanOrEqual(PHONE_MAX_HEIGHT);

    // "Latest release" names it too, with Get notified and no player; the shows come first in the section.
    const latest = page.locator('.music__release');
    await expect(latest.getByRole('link', { name: 'Ora albastră' })).toBeVisible();
    await expect(latest.getByRole('link', { name: words['banner.notify'] })).toBeVisible();
    await expect(latest.locator('.embed')).toHaveCount(0);
    const music = page.locator('#music');
    // Read again until both are laid out: the Music section's code may come live (its markup replaced) just then.
    await expect
      .poll(async () => {
        const [shows, release] = [await music.locator('.shows').boundingBox(), await latest.boundingBox()];
        return shows && release ? shows.y < release.y : 'not laid out yet';
      })
      .toBe(true);

    // The discography: 8 tiles, newest first (the scheduled one), each cover and title one link of at least 44 px.
    const tiles = page.locator('.discography .album__link');
    await expect(tiles).toHaveCount(8);
    await expect(tiles.first()).toContainText('Ora albastră');
    for (const tile of await tiles.all()) expect((await tile.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('link', { name: lang === 'ro' ? 'Toate lansările (25)' : 'All releases (25)' })).toHaveAttribute(
      'href',
      lang === 'ro' ? '/ro/muzica/' : '/en/music/',
    );

    // Three shows, each card a link as a whole (a tap on its edge opens it), Tickets a control of its own.
    const cards = music.locator('.shows__list > li');
    await expect(cards).toHaveCount(3);
    await cards.first().scrollIntoViewIfNeeded();
    const card = (await cards.first().boundingBox())!;
    expect(card.height).toBeGreaterThanOrEqual(44);
    const edge = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.className, {
      x: card.x + 4,
      y: card.y + card.height - 4,
    });
    expect(edge).toBe('show__link');
    const tickets = cards.first().getByRole('link', { name: new RegExp(`^${lang === 'ro' ? 'Bilete' : 'Tickets'}`) });
    await expect(tickets).toHaveAttribute('target', '_blank');

    if (lang === 'ro') {
      // Every word Romanian, the collaborators' roles too (the declaration's choice, or the admin's Romanian words).
      const text = await page.locator('body').innerText();
      expect(english.filter((phrase) => text.includes(phrase))).toEqual([]);
      await expect(page.locator('.worked-with')).toContainText('Mixaj');
      await expect(page.locator('.worked-with')).toContainText('Artistă invitată');
    }
    await expectNoAxeViolations(page, `the home page on a phone (${lang})`);
    await photograph(page, testInfo, `catalogue-home-phone-${lang}`);

    // A show page: its date and Tickets in the first screen, the poster after them; the site's header with its Menu.
    await cards.first().locator('.show__link').click();
    await expect(page.locator('h1')).toBeVisible();
    const when = (await page.locator('.show-page__facts time').boundingBox())!;
    expect(when.y + when.height).toBeLessThanOrEqual(844);
    const buy = page.locator('.release__links').getByRole('link', { name: new RegExp(`^${lang === 'ro' ? 'Bilete' : 'Tickets'}`) });
    expect((await buy.boundingBox())!.y + 44).toBeLessThanOrEqual(844);
    await page.getByText(words['nav.menu'], { exact: true }).click();
    await expect(page.getByRole('navigation', { name: words['nav.label'] }).getByRole('link', { name: words['nav.services'] })).toHaveAttribute(
      'href',
      `/${lang}/#services`,
    );
    if (lang === 'ro') {
      const text = await page.locator('body').innerText();
      expect(english.filter((phrase) => text.includes(phrase))).toEqual([]);
    }
    await expectNoAxeViolations(page, `a show page on a phone (${lang})`);
    await photograph(page, testInfo, `catalogue-show-phone-${lang}`);
    await context.close();
  }
});

test('no page of the catalogue scrolls sideways on a 320 px phone: a long title breaks inside its tile @server-only', async ({ browser }, testInfo) => {
  // 109 pages: 20 s on a quiet machine, past the 30 s default beside CI's other stages.
  test.setTimeout(paced(120_000));
  // Every address the sitemap lists (home, lists, each release and show, in both languages). A word wider than its box
  // („Memorandumului” in a third of a phone) widened the whole page: the phone zoomed out to show it.
  const { context, page } = await visitor(browser, testInfo, 'phone', 'en');
  await page.setViewportSize({ width: 320, height: 640 });
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(100);
  const wide: string[] = [];
  // Four tabs at once: 107 pages in a quarter of the time.
  const queue = [...paths];
  const tabs = [page, ...(await Promise.all([1, 2, 3].map(() => context.newPage())))];
  await Promise.all(
    tabs.map(async (tab) => {
      await tab.setViewportSize({ width: 320, height: 640 });
      for (let path = queue.shift(); path; path = queue.shift()) {
        await tab.goto(path, { waitUntil: 'domcontentloaded' });
        const width = await tab.evaluate(() => document.documentElement.scrollWidth);
        if (width > 320) wide.push(`${path}: ${width} px`);
      }
    }),
  );
  expect(wide, 'pages wider than the phone').toEqual([]);
  await page.goto('/ro/muzica/');
  // The header's EN | RO whole beside the brand and Menu (squeezed, it clipped „RO”).
  const lang = page.locator('.nav__lang');
  expect(await lang.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await expect(lang.getByRole('link', { name: 'RO' })).toBeInViewport({ ratio: 1 });
  await page.locator('.album', { hasText: 'Strada Memorandumului' }).scrollIntoViewIfNeeded();
  await photograph(page, testInfo, 'catalogue-music-320');
  await context.close();
});

test('on a desktop: the releases list filters by kind and year, a scheduled release offers no playback, each page has the header @server-only', async ({
  browser,
}, testInfo) => {
  for (const lang of ['ro', 'en'] as const) {
    const words = lang === 'ro' ? ro : en;
    const { context, page } = await visitor(browser, testInfo, 'desktop', lang);
    // About at 1280 px keeps its columns balanced: the bio's side and the portrait's end within 120 px of each other
    // (issue 32 found 660 px of empty column beside the portrait and the figures).
    await page.goto(`/${lang}/#about`);
    const about = page.locator('#about .about__grid');
    // About's code replaces the prerendered grid as it loads near the view: the scroll is tried again on the new one
    // (once it scrolled a grid that had just been replaced: "not attached to the DOM").
    await scrollUntil(about, () => expect(about.locator('.stats')).toBeVisible({ timeout: 2_000 }));
    // With the sample's portrait, as the artist's site has it.
    await expect(about.locator('.about__portrait img.picture__img')).toBeVisible();
    const columns = await about.evaluate((grid) => {
      const top = grid.getBoundingClientRect().top;
      const ends = { left: 0, right: 0 };
      const middle = grid.getBoundingClientRect().left + grid.getBoundingClientRect().width / 2;
      for (const item of grid.querySelectorAll('.about__bio > *, .about__portrait, .stats__item')) {
        const box = item.getBoundingClientRect();
        const side = box.left < middle ? 'left' : 'right';
        ends[side] = Math.max(ends[side], box.bottom - top);
      }
      return ends;
    });
    expect(Math.abs(columns.left - columns.right), `About's columns at 1280 px (${lang}): ${JSON.stringify(columns)}`).toBeLessThanOrEqual(120);
    await photograph(page, testInfo, `catalogue-about-desktop-${lang}`);

    await page.goto(lang === 'ro' ? '/ro/muzica/' : '/en/music/');
    await expect(page.locator('.albums--grid > li')).toHaveCount(25);
    await page.getByLabel(lang === 'ro' ? 'Tip' : 'Kind', { exact: true }).selectOption('album');
    await expect(page.locator('.albums--grid > li')).toHaveCount(4);
    await expect(page.locator('.music-page__count')).toHaveText(lang === 'ro' ? '4 lansări' : '4 releases');
    await page.getByLabel(lang === 'ro' ? 'An' : 'Year', { exact: true }).selectOption('2023');
    await expect(page.locator('.albums--grid > li')).toHaveCount(1);
    await expect(page.locator('.albums--grid')).toContainText('Nocturn');
    const header = page.getByRole('navigation', { name: words['nav.label'] });
    await expect(header.getByRole('link', { name: words['nav.music'] })).toHaveAttribute('href', `/${lang}/#music`);
    await expectNoAxeViolations(page, `the releases list (${lang})`);
    await photograph(page, testInfo, `catalogue-music-desktop-${lang}`);

    // The shows' list, past ones too: each city in the page's language (Bucharest, Viena, Lisabona), none in its own
    // name where the language says it otherwise; the address on a show's page keeps the own name.
    await page.goto(lang === 'ro' ? '/ro/concerte/' : '/en/shows/');
    await expect(page.locator('.shows__list--past .show__link')).toHaveCount(20);
    const shown = (await page.locator('.show__link').allTextContents()).map((city) => city.trim());
    const cities = untranslatedCities(lang);
    expect(cities.length).toBeGreaterThan(3);
    expect(cities.filter(({ named }) => !shown.includes(named))).toEqual([]);
    expect(cities.filter(({ own }) => shown.includes(own))).toEqual([]);

    // The scheduled release's page: "Coming <date>", Get notified, no Listen button and no player before its minute.
    await page.goto(lang === 'ro' ? '/ro/muzica/ora-albastra/' : '/en/music/ora-albastra/');
    await expect(page.locator('.release__date')).toContainText(lang === 'ro' ? 'Apare pe' : 'Coming');
    await expect(page.locator('main').getByRole('link', { name: words['banner.notify'] })).toHaveAttribute('href', `/${lang}/#newsletter`);
    await expect(page.locator('main').getByRole('link', { name: new RegExp(words['release.listenOn'].replace('{platform}', '')) })).toHaveCount(0);
    await expect(page.locator('.release__player')).toHaveCount(0);
    await expect(header.getByRole('link', { name: words['nav.contact'] })).toBeVisible();
    await expectNoAxeViolations(page, `a scheduled release's page (${lang})`);
    await photograph(page, testInfo, `catalogue-release-desktop-${lang}`);
    await context.close();
  }
});

test('without JavaScript on a phone the menu still leads to each section and a player says what it needs; / is Romanian for a Romanian browser @server-only', async ({
  browser,
}, testInfo) => {
  const { context, page } = await visitor(browser, testInfo, 'phone', 'ro', false);
  // The plain address, from the server in the browser's language: Romanian at once, no script needed to switch.
  const response = await page.goto('/');
  expect(response!.headers()['vary']).toContain('Accept-Language');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  const nav = page.getByRole('navigation', { name: ro['nav.label'] });
  await expect(nav.getByRole('link', { name: ro['nav.about'] })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'EN' })).toHaveAttribute('href', '/en/');
  await expect(page.getByRole('button', { name: ro['nav.menu'] })).toBeHidden();
  await expect(page.getByText(ro['music.playerLoading'])).toBeHidden();
  // (axe runs as a script in the page: the same markup with JavaScript on is checked by the tests above.)
  await photograph(page, testInfo, 'catalogue-home-phone-ro-no-js');
  await page.goto('/ro/muzica/nocturn/');
  await expect(page.getByText(ro['player.noScript'])).toBeVisible();
  await expect(page.getByRole('button', { name: ro['music.playHere'] })).toBeHidden();
  await page.getByText(ro['nav.menu'], { exact: true }).click();
  await expect(page.getByRole('link', { name: ro['nav.contact'] })).toBeVisible();
  await context.close();
});
