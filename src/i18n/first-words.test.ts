import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderHead } from '../site/render-head';
import { EMPTY_CONTENT } from '../content/page-data';
import { en } from './en';
import { FIRST_KEYS, pageWords, WORDS_SCRIPT_ID } from './first-words';
import { ro } from './ro';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The modules of the public page's entry: those src/main.tsx imports for their values, and theirs, as the bundler
 * follows them (a type-only import brings nothing, a dynamic import() is a chunk of its own, './words-bundled' is
 * './words-apart' there: vite.config.ts).
 */
function entryModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      if (!specifier!.startsWith('.') || specifier === './words-bundled') continue;
      const base = join(dirname(file), specifier!);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((path) => /\.tsx?$/.test(path) && existsSync(path));
      if (found) visit(found);
    }
  };
  visit(join(ROOT, 'src/main.tsx'));
  return [...seen];
}

/**
 * The keys a module may look up: every string that is a key ('nav.home', also in a list such as NAV_ITEMS), and every
 * key a template may make (`music.kind.${kind}`: all the music.kind.* keys).
 */
function keysUsedBy(source: string): string[] {
  const keys = Object.keys(en);
  const literals = [...source.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g)].map((m) => m[1]!).filter((key) => keys.includes(key));
  const made = [...source.matchAll(/`([\w-]+(?:\.[\w-]+)*\.)\$\{/g)].flatMap(([, prefix]) => keys.filter((key) => key.startsWith(prefix!)));
  return [...literals, ...made];
}

describe('the first words a page carries', () => {
  const modules = entryModules().filter((file) => !/\/i18n\/(en|ro)\.ts$/.test(file));
  const used = new Map<string, string>();
  for (const file of modules) for (const key of keysUsedBy(readFileSync(file, 'utf8'))) used.set(key, relative(ROOT, file));

  it('finds the entry’s modules (the nav, the hero, the footer) and not the blocks’ (About, Contact)', () => {
    const names = modules.map((file) => relative(ROOT, file));
    expect(names).toEqual(expect.arrayContaining(['src/site/nav/nav.tsx', 'src/site/hero/hero.tsx', 'src/site/footer/footer.tsx']));
    expect(names).not.toContain('src/site/about/about.tsx');
    expect(names).not.toContain('src/site/contact/contact.tsx');
  });

  it('holds every key the entry’s modules use (a missing one would show the key itself), and no other', () => {
    const missing = [...used].filter(([key]) => !(FIRST_KEYS as readonly string[]).includes(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing, 'add to FIRST_KEYS').toEqual([]);
    expect(
      FIRST_KEYS.filter((key) => !used.has(key)),
      'no module of the entry uses these: remove them from FIRST_KEYS',
    ).toEqual([]);
    expect(new Set(FIRST_KEYS).size).toBe(FIRST_KEYS.length);
  });

  it('are in the page’s head, in its language, and read back as they were', () => {
    for (const [lang, dictionary] of [
      ['en', en],
      ['ro', ro],
    ] as const) {
      const head = renderHead(lang, `/${lang}/`, EMPTY_CONTENT);
      // The element as a browser finds it by its id.
      const element = (id: string) => new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(head)?.[1];
      const words = pageWords({ getElementById: (id: string) => ({ textContent: element(id) ?? null }) as HTMLElement })!;
      expect(Object.keys(words)).toEqual([...FIRST_KEYS]);
      for (const key of FIRST_KEYS) expect(words[key]).toBe(dictionary[key]);
    }
    // A release's page carries them too (its header is the entry's).
    expect(renderHead('en', '/en/music/x/', EMPTY_CONTENT, undefined, { page: 'release', slug: 'x' })).toContain(`id="${WORDS_SCRIPT_ID}"`);
  });
});
