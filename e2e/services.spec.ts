/**
 * The Services section on a static build (the `none` backend: the spec's four services, no prices, no samples, no
 * credits, no quotes): its cards in both languages, its code loaded only as it nears the view without moving anything,
 * the server's HTML kept through a language change before then, Get in touch, its JSON-LD before any script, axe.
 * The player itself needs audio served by Scena's server: e2e/admin/samples.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { SEED_SERVICES } from '../src/content/seed';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { expectNoAxeViolations, LANG_KEY, layoutShifts, openPage, recordRequests, scrollThrough, watchLayoutShifts } from './helpers';

const services = (page: Page) => page.locator('#services');
const cards = (page: Page) => services(page).locator('.service');
const servicesChunk = (urls: string[]) => urls.filter((url) => /\/assets\/(services|player)-[\w-]+\.js$/.test(url));

for (const { lang, path, dict } of [
  { lang: 'en', path: '/en/', dict: en },
  { lang: 'ro', path: '/ro/', dict: ro },
] as const) {
  test(`shows the four services as cards, each with Get in touch (${lang}); axe finds nothing`, async ({ page }) => {
    await openPage(page, path);
    await scrollThrough(page);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(SEED_SERVICES.map((s) => s[`title_${lang}`]));
    for (const service of SEED_SERVICES) {
      const card = cards(page).filter({ has: page.getByRole('heading', { name: service[`title_${lang}`], exact: true }) });
      await expect(card).toContainText(service[`description_${lang}`]);
      await expect(card.getByRole('link', { name: dict['services.ctaFor'].replace('{service}', service[`title_${lang}`]) })).toHaveText(dict['services.cta']);
    }
    // No price, included list, samples, credits or quotes on a build that has none.
    await expect(services(page).locator('.service__price, .service__included, .samples, .credits, .testimonials')).toHaveCount(0);
    await expectNoAxeViolations(page, `${lang}, services`);
  });
}

test('loads its code only as it nears the view, in place: nothing moves', async ({ page }) => {
  const requests = recordRequests(page);
  await page.addInitScript(watchLayoutShifts);
  await openPage(page, '/en/');
  const html = await services(page).innerHTML();
  expect(servicesChunk(requests)).toEqual([]);
  await services(page).scrollIntoViewIfNeeded();
  await expect.poll(() => servicesChunk(requests).length).toBe(1);
  // Live now: the Get in touch handler runs (the section's own code), the markup as the build rendered it.
  await expect(services(page).locator('[data-block="services"]')).toHaveCount(1);
  await expect.poll(() => services(page).innerHTML()).not.toBe(html);
  expect((await services(page).innerHTML()).replace(/<!--\/?\$-->/g, '')).toBe(html.replace(/<!--\/?\$-->/g, ''));
  expect(await layoutShifts(page)).toEqual([]);
  // A static build has no samples: the player's chunk is never needed.
  expect(requests.filter((url) => /\/assets\/player-/.test(url))).toEqual([]);
});

test('keeps the cards through the language a visitor saved, and shows them in it once near', async ({ page }) => {
  // The home page is rendered in English; a saved Romanian applies right after hydration, before Services has loaded.
  await page.addInitScript(([key]) => localStorage.setItem(key!, 'ro'), [LANG_KEY]);
  await openPage(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(cards(page)).toHaveCount(4);
  await services(page).scrollIntoViewIfNeeded();
  await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(SEED_SERVICES.map((s) => s.title_ro));
  await expect(services(page).getByRole('heading', { level: 2 })).toHaveText(ro['services.title']);
});

test('Get in touch leads to Contact, and the e-mail dialog there has its service chosen', async ({ page }) => {
  await openPage(page, '/en/');
  const mastering = page.getByRole('link', { name: en['services.ctaFor'].replace('{service}', SEED_SERVICES[2]!.title_en) });
  // At once, whether the section's code has come or not: a click before it is made again once it has.
  await mastering.click();
  await expect(page.locator('#contact')).toBeFocused();
  const book = page.locator('#contact').getByRole('button', { name: en['contact.book'] });
  const dialog = page.getByRole('dialog', { name: en['booking.title'] });
  await expect(async () => {
    if (!(await dialog.isVisible())) await book.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByLabel(en['booking.service'])).toHaveValue('mastering');
  await expect(dialog.getByLabel(en['booking.service']).locator('option:checked')).toHaveText(en['booking.service.mastering']);
});

test('the HTML holds the services’ JSON-LD before any script, in the page’s language', { tag: '@desktop' }, async ({ request }) => {
  for (const [path, lang] of [
    ['/en/', 'en'],
    ['/ro/', 'ro'],
  ] as const) {
    const html = await (await request.get(path)).text();
    const nodes = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { '@graph'?: { '@type': string; name: string; provider?: { '@id': string } }[] })
      .flatMap((g) => g['@graph'] ?? []);
    const offered = nodes.filter((n) => n['@type'] === 'Service');
    expect(offered.map((n) => n.name)).toEqual(SEED_SERVICES.map((s) => s[`title_${lang}`]));
    expect(offered.every((n) => n.provider?.['@id'] === 'https://tudorvale.ro/#artist')).toBe(true);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cards show, and Get in touch is a link to Contact', async ({ page }) => {
    await page.goto('/ro/');
    await expect(cards(page)).toHaveCount(4);
    const link = cards(page)
      .first()
      .getByRole('link', { name: ro['services.ctaFor'].replace('{service}', SEED_SERVICES[0]!.title_ro) });
    await link.scrollIntoViewIfNeeded();
    await expect(cards(page).first()).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/#contact$/);
  });
});
