/**
 * The fan numbers' script stays within its budget: 1 KB brotli for all of it, the part in the page's entry
 * (./track.ts) and the sender chunk (./beacon.ts), bundled and minified as one. The bench measures the built
 * chunk too (bench/budgets.json audienceScript).
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const AUDIENCE_SCRIPT_BUDGET = 1024;

describe('the fan numbers script', () => {
  it('is at most 1 KB brotli, the entry part and the sender together', async () => {
    const result = await build({
      stdin: {
        contents: "export { startAudience, track } from './track'; export { start } from './beacon';",
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      write: false,
    });
    const code = result.outputFiles[0]!.contents;
    const size = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    // Both modules are in it (their names survive minifying only as exports and strings).
    const text = new TextDecoder().decode(code);
    expect(text).toContain('/api/event');
    expect(text).toContain('a[data-platform]');
    console.log(`fan numbers script: ${code.length} bytes minified, ${size} bytes brotli (budget ${AUDIENCE_SCRIPT_BUDGET})`);
    expect(size).toBeLessThanOrEqual(AUDIENCE_SCRIPT_BUDGET);
  });
});
