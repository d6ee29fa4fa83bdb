/**
 * What a built chunk is made of: builds the public page with source maps into a temporary folder, then gives each
 * source module's share of a chunk, raw and brotli. The brotli share of a group is what the chunk saves without it
 * (the chunk compressed whole minus compressed with that group's bytes taken out), so the shares do not add up
 * exactly to the whole. Not part of `npm run bench`.
 *   npx tsx bench/chunk-breakdown.ts [--chunk=main] [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import { brotliSize, kb, ROOT } from './lib';

const { values } = parseArgs({ options: { chunk: { type: 'string', default: 'main' }, 'no-build': { type: 'boolean', default: false } } });
const out = join(tmpdir(), 'scena-chunk-breakdown');
if (!values['no-build']) {
  const build = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(2);
}
const file = readdirSync(join(out, 'assets')).find((f) => new RegExp(`^${values.chunk}-[\\w-]+\\.js$`).test(f));
if (!file) throw new Error(`no ${values.chunk}-*.js in ${out}/assets`);
const code = readFileSync(join(out, 'assets', file), 'utf8');
const map = new TraceMap(readFileSync(join(out, 'assets', `${file}.map`), 'utf8'));

/** A module's group: the package under node_modules, or the source file's folder. */
const group = (source: string | null) => {
  if (!source) return '(bundler glue)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:cjs\/)?([^/]+)?/.exec(source);
  if (pkg) return pkg[1] === 'react-dom' || pkg[1] === 'react' ? `${pkg[1]}/${pkg[2]}` : pkg[1]!;
  return source.replace(/^(\.\.\/)+/, '').replace(`${ROOT.slice(1)}/`, '');
};
const lines = code.split('\n');
const lineStart: number[] = [];
for (let i = 0, at = 0; i < lines.length; at += lines[i]!.length + 1, i++) lineStart.push(at);
const owner = new Array<string>(code.length).fill('(bundler glue)');
const marks: { at: number; group: string }[] = [];
eachMapping(map, (m) => void marks.push({ at: lineStart[m.generatedLine - 1]! + m.generatedColumn, group: group(m.source) }));
marks.sort((a, b) => a.at - b.at);
for (let i = 0; i < marks.length; i++) owner.fill(marks[i]!.group, marks[i]!.at, marks[i + 1]?.at ?? code.length);

const whole = brotliSize(code);
const byGroup = new Map<string, number>();
for (const g of owner) byGroup.set(g, (byGroup.get(g) ?? 0) + 1);
console.log(`${file}: ${kb(Buffer.byteLength(code))} KB raw, ${kb(whole)} KB br`);
const rows = [...byGroup].map(([g, raw]) => {
  const without = owner.reduce((s, o, i) => (o === g ? s : s + code[i]), '');
  return { g, raw, br: whole - brotliSize(without) };
});
for (const r of rows.sort((a, b) => b.br - a.br)) console.log(`${kb(r.br).toFixed(1).padStart(6)} KB br  ${kb(r.raw).toFixed(1).padStart(6)} KB raw  ${r.g}`);
