/**
 * The reference measured in the same run, so that ratios survive a noisy machine: a minimal static
 * page of about the public page's size (inline CSS, headings and paragraphs, no JavaScript), served
 * by the same static server from bench/results/reference/ and audited by Lighthouse alongside it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './lib';

export const REFERENCE_DIR = 'bench/results/reference';

/** Writes the reference page (with .br/.gz beside it, as the build does) and returns its directory. */
export function writeReferencePage(htmlBytes: number, cssBytes: number): string {
  const dir = join(ROOT, REFERENCE_DIR);
  mkdirSync(dir, { recursive: true });
  const rules: string[] = [
    ':root{color-scheme:dark;--bg:#0d0d12;--fg:#f4f1ea;--accent:#e0b15c}',
    '*,*::before,*::after{box-sizing:border-box}',
    'body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,sans-serif}',
    'main{max-width:60rem;margin:0 auto;padding:1.5rem}',
    'h1{font-size:clamp(2rem,8vw,4rem);line-height:1.1;margin:2rem 0 1rem}',
    'h2{font-size:1.6rem;margin:2.5rem 0 .75rem;color:var(--accent)}',
    'a{color:var(--accent)}',
  ];
  for (let i = 0; Buffer.byteLength(rules.join('')) < cssBytes; i++)
    rules.push(`.r${i}{margin:${i % 7}px ${i % 5}rem;padding:${i % 3}px;border-radius:${i % 9}px;color:hsl(${(i * 37) % 360} 40% 70%)}`);
  const words = 'muzică live studio album concert lumini oraș nocturn release booking producer scena sound session'.split(' ');
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference page</title><link rel="icon" href="data:,"><meta name="description" content="A static page of the public page's size, without JavaScript, to compare Lighthouse figures against."><style>${rules.join('')}</style></head><body><main><h1>Reference page</h1>`;
  const tail = '</main></body></html>';
  let seed = 7;
  let body = '';
  for (let s = 0; Buffer.byteLength(head + body + tail) < htmlBytes; s++) {
    let paragraph = '';
    for (let w = 0; w < 60; w++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      paragraph += words[seed % words.length] + ' ';
    }
    const section = `<section><h2>Section ${s + 1}</h2><p class="r${s}">${paragraph.trim()}.</p></section>`;
    body += section;
  }
  const html = head + body + tail;
  const file = join(dir, 'index.html');
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  return REFERENCE_DIR;
}
