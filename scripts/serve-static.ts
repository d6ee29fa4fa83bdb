/**
 * Serves the built site as plain static files (the `none` backend): what a static host does, and
 * nothing more (no special case for /admin: the build writes what any host needs).
 * Used by the browser tests and the benchmarks. Precompressed .br/.gz files are sent when accepted.
 *   tsx scripts/serve-static.ts [--port 4173] [--host 127.0.0.1] [--root dist/client] [--fallback none|index]
 * For an address with no file (nor folder with index.html), --fallback says what the host does:
 *   none   (default) 404 with /404.html if there is one, as GitHub Pages, Firebase Hosting, S3 and most hosts do
 *   index  /index.html with 200, as Netlify's or Vercel's single-page-app setting does
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    host: { type: 'string', default: '127.0.0.1' },
    root: { type: 'string', default: 'dist/client' },
    fallback: { type: 'string', default: 'none' },
  },
});
const root = normalize(values.root!);
const fallback = values.fallback!;
if (fallback !== 'none' && fallback !== 'index') {
  console.error(`--fallback must be "none" (404 with 404.html) or "index" (index.html with 200), not "${fallback}"`);
  process.exit(2);
}
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

async function file(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end('Bad request');
    return;
  }
  const target = normalize(join(root, pathname));
  if (!target.startsWith(root)) {
    res.writeHead(403).end('Forbidden');
    return;
  }
  let found = (await file(target)) ?? (await file(join(target, 'index.html')));
  let status = 200;
  if (!found) {
    found = fallback === 'index' ? await file(join(root, 'index.html')) : await file(join(root, '404.html'));
    if (fallback === 'none') status = 404;
  }
  if (!found) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = accept.includes('br') && (await file(`${found}.br`)) ? 'br' : accept.includes('gzip') && (await file(`${found}.gz`)) ? 'gzip' : undefined;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(found)] ?? 'application/octet-stream',
    'cache-control': found.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    vary: 'Accept-Encoding',
  };
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(encoding === 'br' ? `${found}.br` : encoding === 'gzip' ? `${found}.gz` : found).pipe(res);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`Static site on http://${values.host}:${values.port}/ (root ${root}, fallback ${fallback})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
