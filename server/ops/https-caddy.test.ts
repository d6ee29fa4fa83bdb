/**
 * HTTPS with Caddy for real (as server/https-nginx.test.ts does with nginx): Debian's caddy, with the site block
 * `npm run admin -- caddyfile` writes, its internal CA (`tls internal`) and test ports on loopback, in front of a Scena
 * child server with the TRUST_PROXY the command prints. One Caddy start for the file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts';
import { openDatabase } from '../db/client';
import { runCli, startServer, type ChildServer } from '../test/child-server';
import { ADMIN, fakeDist, tempDir } from '../test/helpers';
import { httpsRequest, waitForPort, type Answer } from '../test/tls';
import { caddyfile, CADDY_TRUST_PROXY, domainProblem } from './service';

const CADDY = '/usr/bin/caddy';
// The Playwright suites use base +0..+4, the nginx test +5; Caddy takes +6 (HTTPS) and +7 (HTTP).
const BASE = Number(process.env.SCENA_PORT_BASE ?? 4321);
const HTTPS_PORT = BASE + 6;
const HTTP_PORT = BASE + 7;
const ORIGIN = `https://localhost:${HTTPS_PORT}`;
/** The visitor connects from another loopback address than Caddy's own, so the two can be told apart. */
const VISITOR = '127.0.0.2';

const tmp = tempDir('scena-caddy-');
const dbFile = join(tmp.dir, 'scena.db');
const accessLog = join(tmp.dir, 'access.log');
let caddy: ChildProcess | undefined;
let server: ChildServer | undefined;
let ca: Buffer;
const serverLog: string[] = [];
let caddyOutput = '';

function https(path: string, init: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {}) {
  // Another name on the same address (www.localhost resolves nowhere): its SNI and Host header.
  const named = init.host
    ? { host: '127.0.0.1', servername: init.host, headers: { ...init.headers, host: `${init.host}:${HTTPS_PORT}` } }
    : { headers: init.headers };
  return httpsRequest(new URL(path, ORIGIN), { method: init.method, body: init.body, ...named, ca, localAddress: VISITOR, agent: false });
}

beforeAll(async () => {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: install Debian's caddy (npm test does: scripts/test.mjs)`);
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  db.close();
  // The TRUST_PROXY the command prints, and Scena's request lines (with the client address it believes).
  const printed = await runCli(['caddyfile', 'tudorvale.ro'], { DATABASE_URL: dbFile });
  const trust = /TRUST_PROXY=(\S+)/.exec(printed.out)?.[1];
  expect(trust).toBe(CADDY_TRUST_PROXY);
  server = await startServer({ DATABASE_URL: dbFile, DIST_DIR: fakeDist(tmp.dir), TRUST_PROXY: trust!, LOG_LEVEL: 'info' });
  server.proc.stdout!.on('data', (c: Buffer) =>
    serverLog.push(
      ...c
        .toString()
        .split('\n')
        .filter((l) => l.startsWith('{')),
    ),
  );

  const dir = join(tmp.dir, 'caddy');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'Caddyfile');
  const upstream = new URL(server.url).host;
  writeFileSync(
    config,
    caddyfile({
      domain: 'localhost.test',
      upstream,
      accessLog,
      test: { httpPort: HTTP_PORT, httpsPort: HTTPS_PORT, storage: join(dir, 'data'), bind: '127.0.0.1' },
    }).replaceAll('localhost.test', 'localhost'),
  );
  caddy = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (c: Buffer) => (caddyOutput += c.toString()));
  caddy.stderr!.on('data', (c: Buffer) => (caddyOutput += c.toString()));
  const exited = new Promise<never>((_, reject) => caddy!.once('exit', (code) => reject(new Error(`caddy exited (${code}) at start:\n${caddyOutput}`))));
  await Promise.race([waitForPort(HTTPS_PORT, Date.now() + 10_000, () => caddyOutput), exited]);
  // Caddy's internal CA: the only one the requests below trust.
  const root = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 5000;
  while (!existsSync(root) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  ca = readFileSync(root);
  // Its certificate for the site comes a moment after the root (slower on a busy machine): until then a handshake
  // ends in TLS's "internal error" alert. Ready once one succeeds.
  for (;;) {
    try {
      await https('/robots.txt');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPROTO' || Date.now() > deadline + 10_000) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 30_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null && caddy.signalCode === null) {
    const gone = new Promise<void>((done) => caddy!.once('exit', () => done()));
    process.kill(caddy.pid!, 'SIGTERM');
    await gone;
  }
  await server?.kill('SIGTERM');
  tmp.remove();
});

const setCookie = (answer: Answer, name: string) => {
  const header = answer.headers['set-cookie'] ?? [];
  return (Array.isArray(header) ? header : [header]).find((c) => new RegExp(`^(__Host-)?${name}=`).test(c));
};

describe('HTTPS behind Caddy, from npm run admin -- caddyfile', () => {
  it('answers over HTTPS with HSTS and a Secure __Host- session cookie', async () => {
    const page = await https('/');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const signed = await https('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(ADMIN),
    });
    expect(signed.status, signed.body).toBe(200);
    const cookie = setCookie(signed, 'scena_session')!;
    expect(cookie).toMatch(/^__Host-scena_session=/);
    expect(cookie.split(/;\s*/).map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/']));
    const session = await https('/api/session', { headers: { cookie: cookie.split(';')[0]! } });
    expect(JSON.parse(session.body)).toEqual({ user: { email: ADMIN.email, isAdmin: true } });
  });

  it('Scena sees the client address Caddy saw, not one the client forged', async () => {
    await https('/robots.txt?seen', { headers: { 'x-forwarded-for': '203.0.113.66' } });
    const deadline = Date.now() + 3000;
    let line: { ip?: string } | undefined;
    while (!line && Date.now() < deadline) {
      line = serverLog.map((l) => JSON.parse(l) as { url?: string; ip?: string }).find((l) => l.url === '/robots.txt');
      if (!line) await new Promise((r) => setTimeout(r, 25));
    }
    expect(line?.ip).toBe(VISITOR);
    // And the access log keeps no address at all.
    expect(readFileSync(accessLog, 'utf8')).not.toContain(VISITOR);
    expect(readFileSync(accessLog, 'utf8')).toContain('/robots.txt');
  });

  it('sends plain HTTP and www. to https on the domain', async () => {
    const plain = await new Promise<{ status: number; location?: string }>((resolvePromise, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: HTTP_PORT, path: '/en/', headers: { host: 'localhost' }, localAddress: VISITOR }, (res) => {
        res.resume();
        resolvePromise({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
    expect(plain.status).toBe(308);
    // Caddy's automatic HTTPS (on the test's port it names no port: in use, the ports are 80 and 443).
    expect(plain.location).toMatch(/^https:\/\/localhost(:\d+)?\/en\/$/);
    const www = await https('/ro/', { host: 'www.localhost' });
    expect(www.status).toBe(301);
    expect(www.headers.location).toBe(`${ORIGIN}/ro/`);
  });
});

describe('npm run admin -- caddyfile', () => {
  it('refuses a domain with a space or a scheme, and prints the TRUST_PROXY to set', async () => {
    for (const bad of ['tudor vale.ro', 'https://tudorvale.ro', 'tudorvale.ro/admin', 'www.tudorvale.ro', 'localhost']) {
      expect(domainProblem(bad), bad).toBeDefined();
    }
    expect(domainProblem('tudorvale.ro')).toBeUndefined();
    const refused = await runCli(['caddyfile', 'https://tudorvale.ro'], { DATABASE_URL: dbFile });
    expect(refused.code).toBe(64);
    expect(refused.out).toMatch(/has a scheme: give the domain without https:\/\//);
    expect(refused.out).not.toContain('reverse_proxy');
    const ok = await runCli(['caddyfile', 'tudorvale.ro'], { DATABASE_URL: dbFile });
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('tudorvale.ro {\n\treverse_proxy 127.0.0.1:3000');
    expect(ok.out).toContain('www.tudorvale.ro {\n\tredir https://tudorvale.ro{uri} permanent');
    expect(ok.out).toContain('request>remote_ip delete');
    expect(ok.out).toContain(`Set TRUST_PROXY=${CADDY_TRUST_PROXY}`);
  }, 60_000);
});
