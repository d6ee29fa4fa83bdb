/**
 * The Node floor for bench/load.ts: a bare node:http server that answers GET /, GET /api/content and the
 * release page (its path in dir/release-path) with the bytes and headers Scena sent, and writes one pino log line per request, as Scena's fast
 * path does, with nothing else. Whatever Scena's p99 has on top of this one's is Scena's own.
 *   node bench/node-reference.mjs <port> <dir>   (dir holds page, content, release, release-path and headers.json; logs to dir/node-reference.log)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';

const [port, dir] = process.argv.slice(2);
const page = readFileSync(join(dir, 'page'));
const content = readFileSync(join(dir, 'content'));
const release = readFileSync(join(dir, 'release'));
const releasePath = readFileSync(join(dir, 'release-path'), 'utf8');
const headers = JSON.parse(readFileSync(join(dir, 'headers.json'), 'utf8'));
const log = pino({ level: 'info' }, pino.destination({ dest: join(dir, 'node-reference.log'), sync: true }));
const bodies = {
  '/': [page, 'text/html; charset=utf-8'],
  '/api/content': [content, 'application/json; charset=utf-8'],
  [releasePath]: [release, 'text/html; charset=utf-8'],
};

createServer((req, res) => {
  const start = performance.now();
  const hit = req.method === 'GET' ? bodies[req.url] : undefined;
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { ...headers, 'cache-control': 'no-cache', 'content-type': hit[1], 'content-length': hit[0].length });
  res.end(hit[0]);
  log.info({ method: 'GET', url: req.url, status: 200, ms: Math.round((performance.now() - start) * 10) / 10, ip: req.socket.remoteAddress }, 'request');
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
