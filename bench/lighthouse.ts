/**
 * Budget 3: Lighthouse 12.8 with its default config (mobile form factor, simulated throttling),
 * through the Node API, each run in a fresh Chromium with an empty profile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, freshProfile } from './lib';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  url: string;
  scores: Record<Category, number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number; tti: number };
  /** Audits below a full score, per category: id, score, display value. */
  failing: Record<Category, { id: string; score: number; display?: string }[]>;
  consoleErrors: string[];
  /** Requests to other origins that Lighthouse recorded. */
  thirdParty: string[];
  runtimeError?: string;
  warnings: string[];
  /** Lighthouse's own CPU benchmark for this run (higher is faster; it varies with the machine's load). */
  benchmarkIndex: number;
  /** The elements Lighthouse blames for layout shifts (its layout-shifts audit). */
  shifts: { selector: string; score: number }[];
}

export interface LighthouseOptions {
  disableFullPageScreenshot: boolean;
  /** Saves each run's full report (JSON) here. */
  saveDir?: string;
  label?: string;
}

export async function runLighthouse(url: string, options: LighthouseOptions): Promise<LighthouseRun> {
  const profile = freshProfile();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir: profile.dir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableFullPageScreenshot: options.disableFullPageScreenshot,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    const audit = (id: string) => lhr.audits[id];
    const num = (id: string) => audit(id)?.numericValue ?? Number.NaN;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
    const failing = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        (lhr.categories[c]?.auditRefs ?? [])
          .map((ref) => audit(ref.id))
          .filter((a) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
          .map((a) => ({ id: a!.id, score: a!.score!, ...(a!.displayValue ? { display: a!.displayValue } : {}) })),
      ]),
    ) as LighthouseRun['failing'];
    const origin = new URL(url).origin;
    type Item = Record<string, unknown>;
    const items = (id: string) => ((audit(id)?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
    const consoleErrors = items('errors-in-console').map((i) =>
      `${String(i.source ?? '')}: ${String(i.description ?? '')} ${String(i.sourceLocation && (i.sourceLocation as Item).url ? (i.sourceLocation as Item).url : '')}`.trim(),
    );
    const thirdParty = items('network-requests')
      .map((i) => String(i.url ?? ''))
      .filter((u) => u && !u.startsWith(origin) && !u.startsWith('data:'));
    if (options.saveDir) {
      mkdirSync(options.saveDir, { recursive: true });
      writeFileSync(join(options.saveDir, `${options.label ?? 'run'}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    }
    return {
      url,
      scores,
      metrics: {
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        si: num('speed-index'),
        tti: num('interactive'),
      },
      failing,
      consoleErrors,
      thirdParty,
      ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      warnings: lhr.runWarnings,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      shifts: items('layout-shifts').map((i) => ({ selector: String((i.node as Item | undefined)?.selector ?? '?'), score: Number(i.score ?? 0) })),
    };
  } finally {
    await chrome.kill();
    profile.remove();
  }
}
