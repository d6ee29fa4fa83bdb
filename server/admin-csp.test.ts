/**
 * The admin page has its own Content-Security-Policy: no third party (the newsletter's script host,
 * Spotify, YouTube), which belongs to the public page only. Through the app and through the fast path.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig } from '../site.config';
import { buildApp } from './app';
import { loadConfig } from './config';
import { INLINE_CSS, fakeDist, logCollector, tempDir } from './test/helpers';

const NEWSLETTER = new URL(siteConfig.newsletter.scriptUrl).origin;
const THIRD_PARTIES = [NEWSLETTER, 'https://open.spotify.com', 'https://www.youtube-nocookie.com'];
const ADMIN_PATHS = ['/admin', '/admin/', '/admin/login', '/admin/releases'];

const directives = (csp: string) => Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d]));

/**
 * The admin's CSP allows its own origin and nothing else: no host, no scheme, no 'unsafe-*'. Images alone
 * may come from elsewhere (an image cannot run code): the media library's, by their https:// address.
 */
function expectAdminCsp(csp: string | undefined, styleHashes: string[]) {
  expect(csp).toBeDefined();
  for (const origin of THIRD_PARTIES) expect(csp).not.toContain(origin);
  const d = directives(csp!);
  expect(
    Object.values(d)
      .filter((directive) => !directive.startsWith('img-src '))
      .join('; '),
  ).not.toMatch(/https:(?!\/\/)|\*|'unsafe-|data:|blob:/);
  expect(d['default-src']).toBe("default-src 'self'");
  expect(d['script-src']).toBe("script-src 'self'");
  expect(d['connect-src']).toBe("connect-src 'self'");
  expect(d['style-src']).toBe(["style-src 'self'", ...styleHashes].join(' '));
  // The media library shows uploads, their placeholders, local previews and images given by address; scripts stay 'self'.
  expect(d['img-src']).toBe("img-src 'self' data: blob: https:");
  expect(d['frame-src']).toBe("frame-src 'self'");
  expect(d['frame-ancestors']).toBe("frame-ancestors 'none'");
  expect(d['object-src']).toBe("object-src 'none'");
}

async function appWith(adminPage?: string) {
  const tmp = tempDir('scena-admin-csp-');
  const dist = fakeDist(tmp.dir);
  if (adminPage) {
    mkdirSync(join(dist, 'client', 'admin'));
    writeFileSync(join(dist, 'client', 'admin', 'index.html'), adminPage);
  }
  const config = loadConfig({ DATABASE_URL: join(tmp.dir, 'scena.db'), DIST_DIR: dist, LOG_LEVEL: 'warn' });
  const app = await buildApp(config, { logStream: logCollector().stream });
  return { app, close: async () => (await app.close(), tmp.remove()) };
}

const BUILT_ADMIN = `<!doctype html>
<html lang="en"><head><title>Admin · Scena</title><!--admin-head--><script type="module" src="/assets/admin-x.js"></script></head>
<body><div id="root"></div></body></html>`;

describe("the admin page's own CSP", () => {
  let built: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    built = await appWith(BUILT_ADMIN);
  });
  afterAll(() => built.close());

  it('allows no third party on /admin and its sub-paths, while the public page keeps its newsletter', async () => {
    for (const url of ADMIN_PATHS) {
      const res = await built.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Admin · Scena</title>');
      expectAdminCsp(res.headers['content-security-policy'] as string, []);
    }
    for (const url of ['/', '/en/', '/ro/']) {
      const csp = (await built.app.inject({ url })).headers['content-security-policy'] as string;
      expect(directives(csp)['script-src']).toBe(`script-src 'self' ${NEWSLETTER}`);
      expect(directives(csp)['frame-src']).toContain('https://open.spotify.com');
    }
  });

  it('is what a real HTTP client gets, also once the public page is cached for the fast path', async () => {
    const origin = await built.app.listen({ host: '127.0.0.1', port: 0 });
    for (let round = 0; round < 2; round++) {
      for (const path of ['/', '/en/']) {
        const csp = (await fetch(origin + path)).headers.get('content-security-policy')!;
        expect(csp).toContain(NEWSLETTER);
      }
      for (const path of ADMIN_PATHS) {
        const res = await fetch(origin + path, { headers: { 'accept-encoding': 'br' } });
        expect(res.status).toBe(200);
        expectAdminCsp(res.headers.get('content-security-policy')!, []);
      }
    }
  });

  it('allows the inline style of the page it serves by hash (the stand-in shell before the admin is built)', async () => {
    const shell = await appWith();
    try {
      const res = await shell.app.inject({ url: '/admin/login' });
      expect(res.body).toContain(`<style>${INLINE_CSS}</style>`);
      expectAdminCsp(res.headers['content-security-policy'] as string, [`'sha256-${createHash('sha256').update(INLINE_CSS).digest('base64')}'`]);
    } finally {
      await shell.close();
    }
  });
});
