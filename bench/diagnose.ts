/**
 * Diagnoses what the Lighthouse figures only summarise: loads pages in Chromium with the CPU slowed
 * down (as a loaded phone would be) and prints every layout shift (which element, from where to where,
 * when) and every long task. Not part of `npm run bench`; run it when CLS or TBT miss their budget.
 *   npx tsx bench/diagnose.ts [--pages=/,/en/,/ro/] [--cpu=4,8] [--runs=2] [--sample]
 * With --sample the pages come from Scena's server with the sample catalogue (as Lighthouse's samplePages), not from
 * the static build.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, startStaticServer } from './lib';
import { startSampleSite } from './sample-page';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/en/,/ro/' },
    cpu: { type: 'string', default: '4,8' },
    runs: { type: 'string', default: '2' },
    root: { type: 'string', default: 'dist/client' },
    sample: { type: 'boolean', default: false },
  },
});
const pages = values.pages!.split(',');
const rates = values.cpu!.split(',').map(Number);
const runs = Number(values.runs);

interface Shift {
  t: number;
  value: number;
  hadRecentInput: boolean;
  sources: { node: string; from: string; to: string }[];
}

/** Plain JavaScript (a string): tsx's helpers (such as __name) do not exist inside the page. */
const OBSERVERS = `
  window.__shifts = [];
  window.__tasks = [];
  const describe = (node) => {
    if (!node) return '(gone)';
    const el = node instanceof Element ? node : node.parentElement;
    if (!el) return node.nodeName;
    const parts = [];
    for (let e = el; e && parts.length < 4; e = e.parentElement)
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.classList.length ? '.' + [...e.classList].join('.') : ''));
    return parts.join(' > ');
  };
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__shifts.push({ t: Math.round(e.startTime), value: e.value, hadRecentInput: e.hadRecentInput,
        sources: e.sources.map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })) });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push({ t: Math.round(e.startTime), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
`;

const server = values.sample ? await startSampleSite() : await startStaticServer(values.root);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
try {
  for (const rate of rates)
    for (let run = 1; run <= runs; run++)
      for (const path of pages) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        await page.addInitScript(OBSERVERS);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(server.origin + path, { waitUntil: 'load' });
        await page.waitForTimeout(4_000);
        const { shifts, tasks, hydrated } = await page.evaluate(() => {
          const w = window as unknown as { __shifts: Shift[]; __tasks: { t: number; ms: number }[] };
          return {
            shifts: w.__shifts,
            tasks: w.__tasks,
            hydrated: performance.getEntriesByType('navigation').map((n) => Math.round((n as PerformanceNavigationTiming).domContentLoadedEventEnd)),
          };
        });
        const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
        const tbt = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
        console.log(
          `${path} cpu×${rate} run ${run}: CLS ${cls.toFixed(4)}, long tasks ${tasks.length} (blocking ${tbt} ms: ${tasks.map((t) => `${t.ms}@${t.t}`).join(' ')}), DCL ${hydrated}`,
        );
        for (const s of shifts)
          console.log(
            `  shift ${s.value.toFixed(4)} at ${s.t} ms${s.hadRecentInput ? ' (after input)' : ''}: ${s.sources.map((x) => `${x.node} ${x.from} → ${x.to}`).join('; ')}`,
          );
        await context.close();
      }
} finally {
  await browser.close();
  await server.stop();
}
