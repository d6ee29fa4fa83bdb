/**
 * The press kit on a static build (the `none` backend; docs/decisions/0054-press-kit.md): the build writes /en/press/
 * and /ro/presa/ and /press-kit.zip from the first-start content. No press kit is saved there, so the bios are the
 * site's About paragraphs, the contacts its default e-mail. No script, nothing wider than a phone, axe 0 in both
 * languages; the ZIP downloaded and read. Scena's server's press kit (photos, quotes, the admin): e2e/admin/press.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { siteConfig } from '../site.config';
import { en } from '../src/i18n/en';
import { ro } from '../src/i18n/ro';
import { downloadFrom, expectNoAxeViolations } from './helpers';
import { unzip } from '../server/test/unzip';

const bio1 = (text: string) => text.replace('{sinceYear}', String(siteConfig.artist.sinceYear));

for (const { path, lang, dict, heading } of [
  { path: '/en/press/', lang: 'en', dict: en, heading: 'Key facts' },
  { path: '/ro/presa/', lang: 'ro', dict: ro, heading: 'Pe scurt' },
] as const) {
  test(`the press page (${lang}) with the site's bios, no script, fits the screen; axe finds nothing`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: siteConfig.artist.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText(bio1(dict['about.bio1'])).first()).toBeVisible();
    await expect(page.getByRole('link', { name: siteConfig.defaultEmail }).first()).toBeVisible();
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, `${lang}, press page, static build`);
  });
}

test('@desktop the press kit’s ZIP, built with the site, holds both bios', async ({ page }) => {
  await page.goto('/en/press/');
  const download = await downloadFrom(page, page.getByRole('link', { name: /^Download the press kit/ }));
  expect(download.suggestedFilename()).toBe('tudor-vale-press-kit.zip');
  const bytes = readFileSync((await download.path())!);
  expect([...(await unzip(bytes)).keys()]).toEqual(['tudor-vale-bio-en.txt', 'tudor-vale-bio-ro.txt']);
});
