/**
 * The public page's JavaScript before any interaction, alone (no Lighthouse, no load bench): the figures of
 * `npm run bench`'s "JS before interaction" rows with every script's brotli size, for working on the budget.
 *   npx tsx bench/public-js-cli.ts                      the static build's pages (budgets.json publicJs.pages)
 *   npx tsx bench/public-js-cli.ts --sample             Scena's server with the sample catalogue (publicJs.samplePages)
 *   npx tsx bench/public-js-cli.ts --sample --pages=/en/,/ro/ --viewport=mobile
 * Measures dist/client as it is (run `npm run build` first). Prints each script, largest first, and each page's total.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { kb, ROOT, startStaticServer } from './lib';
import { measurePublicJs } from './public-js';
import { startSampleSite } from './sample-page';

interface PublicJsBudget {
  maxBrotliKB: number;
  pages: string[];
  sampleMaxBrotliKB: number;
  samplePages: string[];
  viewports: { name: string; width: number; height: number }[];
}

const { values } = parseArgs({
  options: { sample: { type: 'boolean', default: false }, pages: { type: 'string' }, viewport: { type: 'string' } },
});
const budget = (JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { publicJs: PublicJsBudget }).publicJs;
const pages = values.pages?.split(',') ?? (values.sample ? budget.samplePages : budget.pages);
const viewports = values.viewport ? budget.viewports.filter((v) => v.name === values.viewport) : budget.viewports;
const max = values.sample ? budget.sampleMaxBrotliKB : budget.maxBrotliKB;

const server = values.sample ? await startSampleSite() : await startStaticServer('dist/client');
try {
  const results = await measurePublicJs(server.origin, pages, viewports);
  for (const page of results) {
    console.log(
      `${page.path} (${page.viewport}): ${kb(page.totalBrotli)} KB br (budget ${max}), ${page.scripts.length} scripts, ${kb(page.totalBytes)} KB raw`,
    );
    for (const s of [...page.scripts].sort((a, b) => b.brotli - a.brotli))
      console.log(`  ${kb(s.brotli).toFixed(1).padStart(6)} KB br  ${kb(s.bytes).toFixed(1).padStart(6)} KB raw  ${s.url.replace(server.origin, '')}`);
    for (const e of page.consoleErrors) console.log(`  console error: ${e}`);
  }
  process.exitCode = results.some((p) => p.totalBrotli > max * 1024) ? 1 : 0;
} finally {
  await server.stop();
}
