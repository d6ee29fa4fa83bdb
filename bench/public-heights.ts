/**
 * The public pages as a visitor on a phone sees them with the sample catalogue (issue 32): each page's height at
 * 390 × 844 (after scrolling through it, so that every block that loads near the view is there), and the JavaScript
 * before any interaction (bench/public-js.ts, the bench's own measure) on the static build and on Scena's server.
 *
 *   npx tsx bench/public-heights.ts            # prints a table and writes bench/results/public-heights.json
 *   npx tsx bench/public-heights.ts --no-js    # the heights only
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import budgets from './budgets.json' with { type: 'json' };
import { CHROME_FLAGS, CHROME_PATH, kb, ROOT, startStaticServer } from './lib';
import { measurePublicJs } from './public-js';
import { startSampleSite } from './sample-page';

const PHONE = { width: 390, height: 844 };

interface Height {
  path: string;
  status: number;
  height: number;
  screens: number;
}

async function heights(origin: string, paths: string[]): Promise<Height[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const out: Height[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const response = await page.goto(origin + path, { waitUntil: 'networkidle' });
      // Scroll down a screen at a time so that each block that loads near the view is in, then read the height.
      for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += PHONE.height) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForLoadState('networkidle');
      }
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      out.push({ path, status: response?.status() ?? 0, height, screens: Math.round((height / PHONE.height) * 10) / 10 });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const site = await startSampleSite();
const result: { heights: Height[]; js: { where: string; path: string; viewport: string; kb: number }[] } = { heights: [], js: [] };
try {
  const content = (await (await fetch(`${site.origin}/api/content`)).json()) as {
    releases: { slug: string; date: string }[];
    shows: { slug: string; state: string }[];
  };
  const newest = [...content.releases].sort((a, b) => b.date.localeCompare(a.date))[0]!.slug;
  const show = content.shows.find((s) => s.state === 'scheduled')?.slug ?? content.shows[0]!.slug;
  const cancelled = content.shows.find((s) => s.state === 'cancelled')?.slug;
  const paths = [
    '/en/',
    '/ro/',
    '/en/music/',
    '/ro/muzica/',
    `/en/music/${newest}/`,
    `/ro/muzica/${newest}/`,
    '/en/shows/',
    '/ro/concerte/',
    `/en/shows/${show}/`,
    `/ro/concerte/${show}/`,
    ...(cancelled ? [`/en/shows/${cancelled}/`] : []),
  ];
  result.heights = await heights(site.origin, paths);
  if (!process.argv.includes('--no-js')) {
    for (const page of await measurePublicJs(site.origin, ['/en/', '/ro/'], budgets.publicJs.viewports))
      result.js.push({ where: 'server+sample', path: page.path, viewport: page.viewport, kb: kb(page.totalBrotli) });
  }
} finally {
  await site.stop();
}
if (!process.argv.includes('--no-js')) {
  const stat = await startStaticServer('dist/client');
  try {
    for (const page of await measurePublicJs(stat.origin, budgets.publicJs.pages, budgets.publicJs.viewports))
      result.js.push({ where: 'static build', path: page.path, viewport: page.viewport, kb: kb(page.totalBrotli) });
  } finally {
    await stat.stop();
  }
}
console.log('Height on a phone (390 × 844), sample catalogue:');
for (const h of result.heights) console.log(`  ${h.path.padEnd(40)} ${h.status}  ${String(h.height).padStart(6)} px  ${h.screens} screens`);
if (result.js.length) console.log('JavaScript before interaction (brotli):');
for (const j of result.js) console.log(`  ${j.where.padEnd(14)} ${j.path.padEnd(24)} ${j.viewport.padEnd(8)} ${j.kb} KB`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/public-heights.json'), JSON.stringify(result, null, 2));
