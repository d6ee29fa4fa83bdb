/** The content is in the prerendered HTML: it does not wait for JavaScript. */
import { expect, test } from '@playwright/test';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { SEED_SERVICES } from '../src/content/seed';
import { ARTIST, SECTION_ORDER, splash, waitForHydration } from './helpers';

const PAGES = [
  { path: '/', lang: 'en', dict: en },
  { path: '/en/', lang: 'en', dict: en },
  { path: '/ro/', lang: 'ro', dict: ro },
] as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

for (const { path, lang, dict } of PAGES) {
  test(`raw HTML of ${path} holds every section, in order, in ${lang}`, { tag: '@desktop' }, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    expect(html).toContain(`<html lang="${lang}">`);
    // Sections in the spec's order, then the footer.
    const positions = SECTION_ORDER.map((id) => html.indexOf(`<section id="${id}"`));
    for (const position of positions) expect(position).toBeGreaterThan(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html.indexOf('<footer')).toBeGreaterThan(positions.at(-1)!);

    // Headings and text of every section, lazy ones included.
    for (const key of [
      'hero.title',
      'hero.primary',
      'hero.secondary',
      'about.title',
      'about.heading',
      'services.title',
      'music.title',
      'music.watchVlog',
      'newsletter.title',
      'newsletter.heading',
      'contact.title',
      'contact.heading',
      'workedWith.title',
    ] as const) {
      expect(html, key).toContain(escape(dict[key]));
    }
    // The services of a build without a backend: the spec's four, from the first-start content.
    for (const service of SEED_SERVICES) expect(html).toContain(escape(service[`title_${lang}`]));
    expect(html).toContain(`<h1 id="hero-title" class="hero__title">${escape(dict['hero.title'])}</h1>`);
    expect(html).toContain(ARTIST);
    expect(html).toContain('mailto:booking@tudorvale.ro');
    expect(html).toContain('class="splash"');
  });
}

test('Romanian HTML uses comma-below ș and ț, never the cedilla forms', { tag: '@desktop' }, async ({ request }) => {
  const html = await (await request.get('/ro/')).text();
  expect(html).toContain('Sunetul care mișcă orașul noaptea');
  expect(html).toContain('Sari la conținut');
  expect(html).not.toMatch(/[şţŞŢ]/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the content shows and the splash leaves by CSS alone', async ({ page }) => {
    await page.goto('/');
    await expect(splash(page)).toHaveAttribute('data-phase', 'static');
    await expect(page.getByRole('heading', { level: 1, name: en['hero.title'] })).toBeVisible();
    // The CSS timeline: 0.8 s shown, then a 0.5 s fade to visibility: hidden.
    await expect(splash(page)).toBeHidden({ timeout: 4_000 });
    // The hero buttons appear by CSS too (after 1 s).
    await expect(page.getByRole('link', { name: en['hero.primary'] })).toBeVisible();
    await expect(page.getByRole('link', { name: en['hero.secondary'] })).toBeVisible();
    for (const title of [en['about.heading'], en['services.heading'], en['music.heading'], en['newsletter.heading'], en['contact.heading']]) {
      const text = page.getByText(title, { exact: true });
      await text.scrollIntoViewIfNeeded();
      await expect(text).toBeVisible();
    }
    // Nothing is held back for a reveal that only JavaScript could trigger.
    await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(ARTIST);
  });
});

test('hydrates without errors or hydration mismatches, in both languages', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  for (const path of ['/', '/ro/']) {
    await page.goto(path);
    await waitForHydration(page);
    // Every lazy section hydrated in place (its prerendered content kept, no fallback shown).
    await expect(page.locator('#contact').getByRole('button', { name: /Book a session|Programează o sesiune/ })).toBeVisible();
  }
  expect(problems).toEqual([]);
});
