/**
 * How tall each admin page is on a phone (360 × 740) with what the database holds (the sample catalogue, for the
 * closing notes of issue 29): signs in at BASE (an admin on Scena's server), opens every page of the navigation in
 * each language and prints its height in CSS pixels, the closed header's height, and where the first Add button is.
 *   npx tsx scripts/phone-heights.ts http://127.0.0.1:5311 admin@scena.test 'password'
 */
import { chromium } from '@playwright/test';
import { launchOptions } from '../e2e/browsers';

const [base = 'http://127.0.0.1:5311', email = 'admin@scena.test', password = ''] = process.argv.slice(2);
const browser = await chromium.launch({ ...launchOptions, headless: true });
const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
const page = await context.newPage();
await page.goto(`${base}/admin/login`);
await page.getByLabel('E-mail').fill(email);
await page.getByLabel(/^(Password|Parolă)$/).fill(password);
await page.getByRole('button', { name: /^(Sign in|Conectați-vă)$/ }).click();
await page.waitForURL(/\/admin$/);
const paths = await page.evaluate(() => [...document.querySelectorAll('nav a[href^="/admin"]')].map((a) => a.getAttribute('href')!));
const rows: string[] = [];
for (const language of ['en', 'ro']) {
  await page.evaluate((lang) => localStorage.setItem('scena.admin.language', lang), language);
  for (const path of [...new Set(paths)]) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const figures = await page.evaluate(() => {
      const header = document.querySelector('.admin__header')?.getBoundingClientRect().height ?? 0;
      const add = [...document.querySelectorAll('button, summary, h2')].find((el) => /^(Add|Adăugați)\b/.test((el.textContent ?? '').trim()));
      const row = document.querySelector('ol.items > li.item');
      return {
        height: document.documentElement.scrollHeight,
        header: Math.round(header),
        add: add ? Math.round(add.getBoundingClientRect().top + window.scrollY) : -1,
        row: row ? Math.round(row.getBoundingClientRect().height) : 0,
        lang: document.documentElement.lang,
      };
    });
    rows.push(`${figures.lang}\t${path}\theight ${figures.height}\theader ${figures.header}\tfirst Add at ${figures.add}\tfirst row ${figures.row}`);
  }
}
console.log(rows.join('\n'));
await browser.close();
