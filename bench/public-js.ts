/**
 * Budget 1: the JavaScript the public page loads before any interaction, measured in the real
 * browser (Playwright driving Debian's Chromium). Loads each page with an empty cache, waits for
 * network idle plus a little, never scrolls or clicks, and sums every script response (same-origin
 * and third-party) brotli-compressed at quality 11. Also looks for admin or Firebase code: no
 * request whose URL or (text) body matches the forbidden pattern.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Response } from '@playwright/test';
import { forbiddenRules, type ForbiddenRule } from '../scripts/public-chunks';
import { brotliSize, CHROME_FLAGS, CHROME_PATH } from './lib';

/** A request for admin or Firebase code, by its address. */
export const FORBIDDEN = /admin|firebase|firestore/i;
/**
 * Admin or Firebase SDK code inside what the page loads: the build guard's rules
 * (scripts/public-chunks.ts), so the bench and `npm test` cannot disagree. (A bare word such as a
 * `case 'firebase'` label is not code of either.)
 */
export const FORBIDDEN_CODE: ForbiddenRule[] = forbiddenRules();
const SETTLE_MS = 1_500;

export interface ScriptEntry {
  url: string;
  status: number;
  /** Decoded body size. */
  bytes: number;
  /** Body compressed with brotli at quality 11 (what the budget counts). */
  brotli: number;
  /** Encoded body size on the wire, as the browser reports it. */
  transferred: number;
}

export interface ForbiddenHit {
  url: string;
  where: 'url' | 'body';
  /** The match with up to 50 characters either side. */
  context: string;
  /** Inside one of the allowed strings (budgets.json publicJs.allowedMatches): reported, not counted. */
  allowed: boolean;
}

export interface PageJs {
  path: string;
  viewport: string;
  scripts: ScriptEntry[];
  totalBrotli: number;
  totalBytes: number;
  /** Requests that never got a response (the offline network refuses third parties): not counted. */
  failed: { url: string; type: string; error: string }[];
  forbidden: ForbiddenHit[];
  consoleErrors: string[];
  requests: number;
}

const TEXT_TYPE = /javascript|ecmascript|json|text\/|xml|svg/i;

function contexts(text: string, url: string, where: ForbiddenHit['where'], allow: string[]): ForbiddenHit[] {
  const hits: ForbiddenHit[] = [];
  const patterns = where === 'url' ? [FORBIDDEN] : FORBIDDEN_CODE.map((rule) => rule.pattern);
  const allowedRanges = allow.flatMap((a) => {
    const ranges: [number, number][] = [];
    for (let i = text.indexOf(a); i >= 0; i = text.indexOf(a, i + 1)) ranges.push([i, i + a.length]);
    return ranges;
  });
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const start = Math.max(0, match.index - 50);
      const allowed = allowedRanges.some(([from, to]) => match.index >= from && match.index + match[0].length <= to);
      hits.push({ url, where, allowed, context: text.slice(start, match.index + match[0].length + 50).replace(/\s+/g, ' ') });
      if (hits.length >= 10) return hits;
    }
  }
  return hits;
}

export async function measurePublicJs(
  origin: string,
  paths: string[],
  viewports: { name: string; width: number; height: number }[],
  /** Exact strings in which a match is not admin or Firebase code (prose the spec requires). */
  allow: string[] = [],
): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
  const results: PageJs[] = [];
  try {
    for (const viewport of viewports) {
      for (const path of paths) {
        // A new context is a fresh profile: empty cache and storage.
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        const page = await context.newPage();
        const pending: Promise<void>[] = [];
        const scripts: ScriptEntry[] = [];
        const forbidden: ForbiddenHit[] = [];
        const failed: PageJs['failed'] = [];
        const consoleErrors: string[] = [];
        let requests = 0;
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
        page.on('request', (request) => {
          requests++;
          forbidden.push(...contexts(request.url(), request.url(), 'url', []));
        });
        page.on('requestfailed', (request) => failed.push({ url: request.url(), type: request.resourceType(), error: request.failure()?.errorText ?? '' }));
        const onResponse = async (response: Response) => {
          const request = response.request();
          const type = request.resourceType();
          const contentType = (await response.headerValue('content-type')) ?? '';
          const isScript = type === 'script' || /javascript|ecmascript/i.test(contentType);
          if (!isScript && !TEXT_TYPE.test(contentType)) return;
          let body: Buffer;
          try {
            body = await response.body();
          } catch {
            return; // redirects and aborted bodies
          }
          forbidden.push(...contexts(body.toString('utf8'), response.url(), 'body', allow));
          if (!isScript) return;
          const sizes = await request.sizes().catch(() => undefined);
          scripts.push({
            url: response.url(),
            status: response.status(),
            bytes: body.length,
            brotli: brotliSize(body),
            transferred: sizes?.responseBodySize ?? -1,
          });
        };
        page.on('response', (response) => {
          pending.push(onResponse(response));
        });
        await page.goto(origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
        await page.waitForTimeout(SETTLE_MS);
        await Promise.all(pending);
        await context.close();
        results.push({
          path,
          viewport: viewport.name,
          scripts,
          totalBrotli: scripts.reduce((sum, s) => sum + s.brotli, 0),
          totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
          failed,
          forbidden,
          consoleErrors,
          requests,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** A lazy chunk of the build by its name (Vite's `<name>-<hash>.js`): its files (one expected) and their brotli size. */
export function chunkBrotli(assetsDir: string, name: string): { files: string[]; brotli: number } {
  const files = readdirSync(assetsDir).filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
  return { files, brotli: files.reduce((sum, file) => sum + brotliSize(readFileSync(join(assetsDir, file))), 0) };
}

/**
 * The samples player (src/site/player/player.ts): a chunk of its own that the Services section loads when it nears the
 * view (never before any interaction), the player's engine; its markup comes with the Services chunk, measured beside it.
 */
export function playerChunks(assetsDir: string) {
  return { player: chunkBrotli(assetsDir, 'player'), services: chunkBrotli(assetsDir, 'services') };
}
