/**
 * The build guard: no admin code in anything the public page can load. Builds the site twice into
 * temporary folders (Vite, ~2 s a build): the default build (the `server` and `none` backends, chosen
 * at run time) and a build with Firebase settings; walks every chunk reachable from the public pages
 * and fails on admin API paths, sign-in code, a password field or the admin's address.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmailFallback } from '../site.config';
import { chunkImports, findForbidden, forbiddenRules, pageScripts, scanPublicSite, walkPublicChunks } from './public-chunks';

const ROOT = new URL('..', import.meta.url).pathname;
/** An address only the Firebase build knows: found anywhere public, it came from VITE_ADMIN_EMAIL. */
const TEST_ADMIN = 'guard-owner@scena-build.test';
const FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'guard-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'guard.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'guard-project',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_ADMIN_EMAIL: TEST_ADMIN,
};
const rules = forbiddenRules([adminEmailFallback, TEST_ADMIN]);

let dir: string;

/** The public and admin client builds (as `npm run build` makes them) into a folder of its own. */
function build(out: string, env: Record<string, string>) {
  // Not the caller's VITE_* (the default build must not pick up Firebase settings), nor Vitest's
  // NODE_ENV=test, which would make Vite bundle React's development build.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^VITE|^NODE_ENV$/.test(key)));
  for (const mode of [[], ['--mode', 'admin']]) {
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', out, ...mode], {
      cwd: ROOT,
      env: { ...clean, ...env },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`vite build ${mode.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scena-public-chunks-'));
  build(join(dir, 'default'), {});
  build(join(dir, 'firebase'), FIREBASE_ENV);
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const show = (hits: { file: string; rule: string; context: string }[]) => hits.map((h) => `${h.file}: ${h.rule}: …${h.context}…`);

describe('the public page of the built site carries no admin code', () => {
  it('default build (server and none backends): no admin path, sign-in, password field or admin address', () => {
    const site = scanPublicSite(join(dir, 'default'), rules);
    expect(site.problems).toEqual([]);
    expect(show(site.hits)).toEqual([]);
    expect(site.pages).toEqual(['index.html', '404.html']);
    // Not a vacuous walk: the server backend's reader (a dynamic import) was reached.
    const texts = site.chunks.map((c) => readFileSync(join(dir, 'default', c), 'utf8'));
    expect(texts.some((t) => t.includes('/api/content'))).toBe(true);
  });

  it('Firebase build: no admin address (VITE_ADMIN_EMAIL), no sign-in, no SDK', () => {
    const site = scanPublicSite(join(dir, 'firebase'), rules);
    expect(site.problems).toEqual([]);
    const texts = site.chunks.map((c) => readFileSync(join(dir, 'firebase', c), 'utf8'));
    // The Firestore REST reader was reached: the walk covers the firebase backend.
    expect(texts.some((t) => t.includes('firestore.googleapis.com'))).toBe(true);
    expect(show(site.hits)).toEqual([]);
  });

  it('the same walk from the admin page finds the admin code (the rules can fail)', () => {
    for (const [build, expected] of [
      ['default', ['admin API path', 'session API path (sign-in)', 'sign-in call', 'password field', 'QR code library']],
      ['firebase', ['sign-in call', 'password field', `admin address ${TEST_ADMIN}`, 'Firebase SDK', 'QR code library']],
    ] as const) {
      const admin = scanPublicSite(join(dir, build), rules, ['admin/index.html']);
      expect(admin.chunks.length).toBeGreaterThan(1);
      for (const rule of expected)
        expect(
          admin.hits.map((h) => h.rule),
          `${build}: ${rule}`,
        ).toContain(rule);
    }
  });
});

describe('the walker', () => {
  it('follows module scripts, static imports, import() and Vite preload lists, and reports what it cannot follow', () => {
    const site = mkdtempSync(join(tmpdir(), 'scena-walk-'));
    try {
      mkdirSync(join(site, 'assets'));
      mkdirSync(join(site, 'en'));
      writeFileSync(
        join(site, 'index.html'),
        '<script type="application/ld+json">{}</script><script type="module" crossorigin src="/assets/main.js"></script>',
      );
      writeFileSync(join(site, 'en/index.html'), '<link rel="modulepreload" href="/assets/pre.js"><script src="https://third.party/x.js"></script>');
      writeFileSync(
        join(site, 'assets/main.js'),
        'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/dep.js","assets/x.css"])))=>i.map(i=>d[i]);\n' +
          'import{a as b}from"./shared.js";const l=()=>import(`./lazy.js`);import(x);',
      );
      writeFileSync(join(site, 'assets/shared.js'), 'export*from"./deep.js";export{c}from"./shared.js"');
      writeFileSync(join(site, 'assets/deep.js'), 'fetch("/api/admin/settings",{method:"PATCH"})');
      writeFileSync(join(site, 'assets/lazy.js'), 'import"./lazier.js"');
      writeFileSync(join(site, 'assets/lazier.js'), 'x.signIn(e,{email:e,password:t})');
      writeFileSync(join(site, 'assets/dep.js'), 'var c={password:!0,email:!0}; "ADMIN@tudorvale.ro"');
      writeFileSync(join(site, 'assets/pre.js'), '');
      writeFileSync(join(site, 'assets/never.js'), 'fetch("/api/session")');
      const walk = walkPublicChunks(site);
      expect(walk.chunks.sort()).toEqual([
        'assets/deep.js',
        'assets/dep.js',
        'assets/lazier.js',
        'assets/lazy.js',
        'assets/main.js',
        'assets/pre.js',
        'assets/shared.js',
      ]);
      expect(walk.problems).toEqual(['assets/main.js: cannot follow import(x)']);
      const hits = scanPublicSite(site, forbiddenRules(['admin@tudorvale.ro'])).hits;
      expect(hits.map((h) => `${h.file} ${h.rule}`).sort()).toEqual([
        'assets/deep.js admin API path',
        'assets/dep.js admin address admin@tudorvale.ro',
        'assets/lazier.js password field',
        'assets/lazier.js sign-in call',
      ]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('reads scripts and imports the way Vite writes them', () => {
    expect(pageScripts('<script type="module" crossorigin src="/assets/a.js"></script><script src="/b.js"></script>')).toEqual(['/assets/a.js']);
    expect(chunkImports('import"./a.js";export*from"./b.js";import c,{d}from"./c.js"').relative).toEqual(['./a.js', './b.js', './c.js']);
    expect(findForbidden('type===`password`||autoComplete:"current-password"', 'f', rules).map((h) => h.rule)).toEqual(['password field']);
  });
});
