/** firebase/firebase.json: valid for the Firebase CLI, and the same security headers as the Node server. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '../site.config';
import { contentSecurityPolicy } from '../server/security';
import { adminPagePaths } from '../src/admin/routes';
import { FIREBASE_CONNECT_ORIGINS, FIREBASE_JSON, firebaseAdminCsp, firebaseCsp, firebaseJson } from './firebase-hosting';

const committed = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')) as ReturnType<typeof firebaseJson>;
type Rule = { source?: string; regex?: string; headers: { key: string; value: string }[] };
const rules = committed.hosting.headers as Rule[];

/** Hosting's globs as a regex (only the forms used here: ** and *), or its RE2 regex as JavaScript's. */
const matcher = (rule: Rule) =>
  rule.regex !== undefined
    ? new RegExp(rule.regex)
    : new RegExp(
        `^${rule
          .source!.split('**')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
          .join('.*')}$`,
      );

/** The values of a header that Hosting's rules give a request path. */
const headersFor = (path: string, name: string) =>
  rules
    .filter((rule) => matcher(rule).test(path))
    .flatMap((rule) => rule.headers.filter((h) => h.key.toLowerCase() === name.toLowerCase()).map((h) => h.value));
const header = (name: string, path = '/') => {
  const values = headersFor(path, name);
  expect(values, `${name} for ${path}`).toHaveLength(1);
  return values[0];
};
const NEWSLETTER = new URL(siteConfig.newsletter.scriptUrl).origin;

describe('firebase/firebase.json', () => {
  it("passes the Firebase CLI's own schema", () => {
    const require = createRequire(import.meta.url);
    const { getValidator, getErrorMessage } = require('firebase-tools/lib/firebaseConfigValidate.js');
    const validate = getValidator();
    const valid = validate(committed);
    expect(valid ? [] : validate.errors.map(getErrorMessage)).toEqual([]);
  });

  it("serves the built site, rewrites /admin/** to the admin app, and keeps the emulators' UI off", () => {
    expect(committed.hosting.public).toBe('../dist/client');
    expect(committed.hosting.rewrites).toEqual([
      { source: '/admin', destination: '/admin/index.html' },
      { source: '/admin/**', destination: '/admin/index.html' },
    ]);
    expect(committed.firestore.rules).toBe('firestore.rules');
    expect(committed.emulators.ui).toEqual({ enabled: false });
  });

  it("sends the Node server's security headers, with Firebase's origins allowed to connect", () => {
    const csp = header('Content-Security-Policy')!;
    const hashes = [...csp.matchAll(/'sha256-[^']+'/g)].map((m) => m[0]);
    expect(csp).toBe(firebaseCsp(hashes));
    for (const directive of contentSecurityPolicy(hashes).split('; ')) {
      if (directive.startsWith('connect-src')) continue;
      expect(csp.split('; ')).toContain(directive);
    }
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'))!;
    for (const origin of FIREBASE_CONNECT_ORIGINS) expect(connect).toContain(origin);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('apis.google.com');
    expect(header('Strict-Transport-Security')).toMatch(/max-age=\d{8}/);
    expect(header('X-Content-Type-Options')).toBe('nosniff');
    expect(header('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(header('X-Frame-Options')).toBe('DENY');
  });

  it("gives /admin/** the admin's own CSP, with Firebase's origins and nothing of the public page's third parties", () => {
    for (const path of ['/admin', '/admin/', '/admin/login', '/admin/releases', '/admin/a/b']) {
      const csp = header('Content-Security-Policy', path)!;
      const hashes = [...csp.matchAll(/'sha256-[^']+'/g)].map((m) => m[0]);
      expect(csp).toBe(firebaseAdminCsp(hashes));
      for (const origin of [NEWSLETTER, 'https://open.spotify.com', 'https://www.youtube-nocookie.com']) expect(csp).not.toContain(origin);
      const directives = csp.split('; ');
      expect(directives).toContain("script-src 'self'");
      expect(directives).toContain(["connect-src 'self'", ...FIREBASE_CONNECT_ORIGINS].join(' '));
      expect(directives).toContain("frame-ancestors 'none'");
      // The Media page plays audio hosted elsewhere (Firebase stores no files).
      expect(directives).toContain("media-src 'self' https:");
      expect(header('X-Robots-Tag', path)).toBe('noindex');
      expect(header('Strict-Transport-Security', path)).toMatch(/max-age=\d{8}/);
    }
    // Everything else keeps the public page's CSP, from one rule only.
    for (const path of ['/', '/en/', '/ro/', '/index.html', '/assets/main-x.js', '/a', '/adm', '/administrator', '/robots.txt']) {
      expect(header('Content-Security-Policy', path), path).toContain(`script-src 'self' ${NEWSLETTER}`);
    }
  });
});

/**
 * What Firebase Hosting answers for a path, by its documented order: a file at the path (or the
 * folder's index.html), then the first rewrite whose glob matches, then 404.html with 404.
 */
function hostingAnswer(hosting: { rewrites: { source: string; destination: string }[] }, root: string, path: string) {
  const file = [path, join(path, 'index.html')].find((p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile());
  if (file) return { status: 200, file: file.replace(/^\//, '') };
  const glob = (source: string) =>
    new RegExp(
      `^${source
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\0')
        .replace(/\*/g, '[^/]*')
        .replace(/\0/g, '.*')}$`,
    );
  const rewrite = hosting.rewrites.find((r) => glob(r.source).test(path));
  if (rewrite) return { status: 200, file: rewrite.destination.replace(/^\//, '') };
  return { status: 404, file: '404.html' };
}

describe('Firebase Hosting serves the admin at every /admin address and 404.html elsewhere', () => {
  it('with the files the build writes', () => {
    const root = mkdtempSync(join(tmpdir(), 'scena-hosting-'));
    try {
      // The site as scripts/prerender.ts leaves it: the public pages, the admin's pages, 404.html.
      for (const page of ['index.html', 'en/index.html', 'ro/index.html', '404.html', ...adminPagePaths().map((p) => `${p.slice(1)}/index.html`)]) {
        mkdirSync(join(root, page, '..'), { recursive: true });
        writeFileSync(join(root, page), page);
      }
      const answer = (path: string) => hostingAnswer(committed.hosting, root, path);
      expect(answer('/')).toEqual({ status: 200, file: 'index.html' });
      expect(answer('/ro/')).toEqual({ status: 200, file: 'ro/index.html' });
      expect(answer('/admin')).toEqual({ status: 200, file: 'admin/index.html' });
      expect(answer('/admin/login')).toEqual({ status: 200, file: 'admin/login/index.html' });
      expect(answer('/admin/settings')).toEqual({ status: 200, file: 'admin/settings/index.html' });
      expect(answer('/admin/no-such-page')).toEqual({ status: 200, file: 'admin/index.html' });
      expect(answer('/admin/releases/42/edit')).toEqual({ status: 200, file: 'admin/index.html' });
      expect(answer('/no-such-page')).toEqual({ status: 404, file: '404.html' });
      expect(answer('/administrator')).toEqual({ status: 404, file: '404.html' });
      expect(answer('/en/no-such-page')).toEqual({ status: 404, file: '404.html' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("lists the admin's pages from its router", () => {
    expect(adminPagePaths().sort()).toEqual([
      '/admin',
      '/admin/account',
      '/admin/collaborators',
      '/admin/credits',
      '/admin/fans',
      '/admin/inbox',
      '/admin/letters',
      '/admin/links',
      '/admin/login',
      '/admin/media',
      '/admin/press',
      '/admin/pressPhotos',
      '/admin/quotes',
      '/admin/releases',
      '/admin/services',
      '/admin/settings',
      '/admin/shows',
      '/admin/stats',
      '/admin/testimonials',
      '/admin/visitors',
    ]);
  });
});
