/** Test helpers: a real SQLite file in a temporary folder, a small stand-in build, signed-in cookies. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { createAccount } from '../auth/accounts';
import { loadConfig } from '../config';

export const ADMIN = { email: 'admin@tudorvale.ro', password: 'violet-harbour-1987' };
export const OTHER = { email: 'fan@example.com', password: 'quiet-lantern-2024' };

export function tempDir(prefix = 'scena-test-', root = tmpdir()): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(root, prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const ASSET = '/assets/app-abc123.js';
export const ASSET_BODY = `console.log(${JSON.stringify('x'.repeat(200))});\n`;
export const INLINE_CSS = 'body{color:#fff}';

/**
 * A stand-in for `npm run build`'s output with the same shape (template placeholders, entry
 * exports, precompressed assets), so the server's tests do not depend on the React build.
 */
export function fakeDist(root: string): string {
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'server'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'server', 'template.html'),
    `<!doctype html>\n<html lang="en">\n<head>\n<!--app-head-->\n<style>${INLINE_CSS}</style>\n</head>\n<body><div id="root"><!--app-html--></div></body>\n</html>\n`,
  );
  writeFileSync(
    join(dist, 'server', 'entry-server.js'),
    `const esc = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderPage(lang, content, route, now) {
  if (route?.page === 'release') {
    const r = content.releases.find((x) => x.slug === route.slug);
    return '<h1>' + esc(r ? r.title : 'missing') + '</h1><p>' + (route.preview ? 'preview' : 'public') + ' as of ' + now + '</p>';
  }
  if (route?.page === 'not-found') return '<h1>' + (lang === 'ro' ? 'Pagina nu a fost găsită' : 'Page not found') + '</h1>';
  const title = content.settings?.['heroTitle_' + lang] ?? (lang === 'ro' ? 'Titlu implicit' : 'Default title');
  return '<h1>' + esc(title) + '</h1>' + '<p>' + '${'lorem ipsum '.repeat(100)}' + '</p>' +
    '<ul>' + content.releases.map((r) => '<li>' + esc(r.title) + '</li>').join('') + '</ul>';
}
export function renderHead(lang, path, content, share) {
  return '<title>Page ' + lang + ' ' + path + '</title>' + (share ? '<meta property="og:image" content="' + esc(share.src) + '">' : '');
}
`,
  );
  const asset = join(dist, 'client', ASSET);
  writeFileSync(asset, ASSET_BODY);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET_BODY));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET_BODY));
  writeFileSync(join(dist, 'client', 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
  writeFileSync(join(dist, 'client', 'index.html'), '<p>prerendered without content</p>');
  return dist;
}

/** Collects the log lines the app writes. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  dbFile: string;
  logs: string[];
  close(): Promise<void>;
}

export async function testApp(
  env: Record<string, string> = {},
  options: { dist?: boolean; tmpRoot?: string; build?: Omit<BuildOptions, 'logStream'> } = {},
): Promise<TestApp> {
  const tmp = tempDir('scena-test-', options.tmpRoot);
  const dbFile = join(tmp.dir, 'scena.db');
  const dist = options.dist === false ? join(tmp.dir, 'no-dist') : fakeDist(tmp.dir);
  const { stream, lines } = logCollector();
  const config = loadConfig({ DATABASE_URL: dbFile, DIST_DIR: dist, LOG_LEVEL: 'info', ...env });
  const app = await buildApp(config, { ...options.build, logStream: stream });
  return {
    app,
    dir: tmp.dir,
    dbFile,
    logs: lines,
    async close() {
      await app.close();
      tmp.remove();
    },
  };
}

export async function addAccount(app: FastifyInstance, account: { email: string; password: string }) {
  await createAccount(app.services.db, account.email, account.password);
}

export interface SignedInApp extends TestApp {
  /** The admin's Cookie header value, signed in once the app started. */
  cookie: string;
}

/** What most API tests start from: testApp() with the admin's account (ADMIN), signed in. */
export async function signedInApp(env: Record<string, string> = {}, options: Parameters<typeof testApp>[1] = {}): Promise<SignedInApp> {
  const t = await testApp(env, options);
  try {
    await addAccount(t.app, ADMIN);
    return { ...t, cookie: await signIn(t.app) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** Signs in and returns the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, account: { email: string; password: string } = ADMIN): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/session', headers: JSON_HEADERS, payload: account });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies[0]!;
  return `${cookie.name}=${cookie.value}`;
}
