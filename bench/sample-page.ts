/**
 * The public page as an artist's site is: Scena's server with the sample catalogue (`npm run admin -- sample`:
 * 24 releases with covers, a portrait, bilingual bios), for Lighthouse (bench/run.ts) and for the image bytes a
 * phone loads before its first scroll (budgets.json "imagesOnPage", issue 13).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startScena } from './load';
import { CHROME_FLAGS, CHROME_PATH, ROOT } from './lib';

export interface SampleSite {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A fresh database and media folder with the sample catalogue, served by Scena's server on a free loopback port. */
export async function startSampleSite(): Promise<SampleSite> {
  const dir = mkdtempSync(join(tmpdir(), 'scena-bench-sample-'));
  const env = { ...process.env, DATABASE_URL: join(dir, 'scena.db'), LOG_LEVEL: 'warn' };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'sample'], { cwd: ROOT, env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`npm run admin -- sample failed:\n${seeded.stderr}${seeded.stdout}`);
  const server = await startScena(dir);
  return {
    origin: server.origin,
    pid: server.proc.pid,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ImageBytes {
  /** Bytes of every image response (as sent: the variants are not compressed again). */
  bytes: number;
  images: { url: string; bytes: number }[];
  /** Images on the page (picture or img) and how many of them the browser had loaded. */
  onPage: number;
  loaded: number;
}

/**
 * Opens `url` at a phone's size and density with an empty cache, waits for the network to settle (the splash,
 * hydration, lazy images near the screen), never scrolls, and sums the image responses.
 */
export async function imageBytesBeforeScroll(url: string, viewport: { width: number; height: number; deviceScaleFactor: number }): Promise<ImageBytes> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const images: ImageBytes['images'] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image' || response.url().startsWith('data:')) return;
      pending.push(
        response.body().then(
          (body) => void images.push({ url: response.url(), bytes: body.length }),
          () => undefined,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const { onPage, loaded } = await page.evaluate(() => {
      const all = [...document.querySelectorAll('main img:not([aria-hidden="true"])')] as HTMLImageElement[];
      return { onPage: all.length, loaded: all.filter((img) => img.complete && img.naturalWidth > 0).length };
    });
    return { bytes: images.reduce((n, i) => n + i.bytes, 0), images, onPage, loaded };
  } finally {
    await browser.close();
  }
}
