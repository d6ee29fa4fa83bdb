/**
 * HTTPS for real: Debian's nginx terminates TLS on 127.0.0.1 with a throwaway self-signed certificate
 * and proxies to a Scena child server started with TRUST_PROXY=127.0.0.1. Through https the session
 * cookie is `__Host-` and Secure and responses carry HSTS; straight to a server without TRUST_PROXY,
 * a forged X-Forwarded-Proto changes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './auth/accounts';
import { openDatabase } from './db/client';
import { startServer, type ChildServer } from './test/child-server';
import { ADMIN, fakeDist, tempDir } from './test/helpers';
import { httpsRequest, throwawayCertificate, waitForPort, type Answer } from './test/tls';

const NGINX = '/usr/sbin/nginx';
// The Playwright suites use base +0..+4 and +8 (playwright.config.ts); nginx takes +5 of the same range.
const HTTPS_PORT = Number(process.env.SCENA_PORT_BASE ?? 4321) + 5;
const ORIGIN = `https://127.0.0.1:${HTTPS_PORT}`;
const HSTS = 'max-age=63072000; includeSubDomains';

const tmp = tempDir('scena-https-');
const dbFile = join(tmp.dir, 'scena.db');
const dist = fakeDist(tmp.dir);
let certificate: Buffer;
let nginx: ChildProcess | undefined;
let server: ChildServer | undefined;

/** A request over TLS that trusts only the throwaway certificate (verification stays on). */
const https = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  httpsRequest(`${ORIGIN}${path}`, { ...init, ca: certificate });

const readLog = () => (existsSync(join(tmp.dir, 'nginx', 'error.log')) ? readFileSync(join(tmp.dir, 'nginx', 'error.log'), 'utf8') : '(no nginx log)');

async function startNginx(upstream: string): Promise<void> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx-light (npm test does: scripts/test.mjs)`);
  const dir = join(tmp.dir, 'nginx');
  mkdirSync(dir, { recursive: true });
  // A throwaway certificate for 127.0.0.1 and localhost, valid one day, made here and never reused.
  certificate = throwawayCertificate(dir, 'IP:127.0.0.1,DNS:localhost').cert;
  const upstreamHost = new URL(upstream).host;
  // One foreground process (no daemon, no master, so no switch to another user as root), all its
  // files in the temporary folder, listening on loopback only.
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  server {
    listen 127.0.0.1:${HTTPS_PORT} ssl;
    server_name localhost;
    ssl_certificate ${join(dir, 'cert.pem')};
    ssl_certificate_key ${join(dir, 'key.pem')};
    location / {
      proxy_pass http://${upstreamHost};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
    }
  }
}
`,
  );
  nginx = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  nginx.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<never>((_, reject) =>
    nginx!.once('exit', (code) => reject(new Error(`nginx exited (${code}) at start: ${output}\n${readLog()}`))),
  );
  await Promise.race([waitForPort(HTTPS_PORT, Date.now() + 5000, readLog), exited]);
}

async function stopNginx() {
  if (!nginx || nginx.exitCode !== null || nginx.signalCode !== null) return;
  const gone = new Promise<void>((done) => nginx!.once('exit', () => done()));
  process.kill(nginx.pid!, 'SIGTERM');
  await gone;
}

const signIn = (
  via: (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Answer>,
  headers: Record<string, string> = {},
) => via('/api/session', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(ADMIN) });

/** The Set-Cookie header of one cookie (sign-in sets the session and the device cookie). */
const setCookie = (answer: Answer, name = 'scena_session') => {
  const header = answer.headers['set-cookie'] ?? [];
  const found = (Array.isArray(header) ? header : [header]).filter((c) => new RegExp(`^(__Host-)?${name}=`).test(c));
  expect(found, `a Set-Cookie header for ${name}`).toHaveLength(1);
  return found[0]!;
};

beforeAll(async () => {
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  db.close();
}, 15_000);

afterAll(async () => {
  await stopNginx();
  await server?.kill('SIGTERM');
  tmp.remove();
});

describe('HTTPS behind nginx with TRUST_PROXY', () => {
  it('signs in through https with a Secure __Host- cookie, and every answer carries HSTS', async () => {
    server = await startServer({ DATABASE_URL: dbFile, DIST_DIR: dist, TRUST_PROXY: '127.0.0.1' });
    await startNginx(server.url);
    try {
      const signed = await signIn(https, { origin: ORIGIN });
      expect(signed.status, signed.body).toBe(200);
      const cookie = setCookie(signed);
      expect(cookie).toMatch(/^__Host-scena_session=[A-Za-z0-9_-]{43};/);
      const attributes = cookie
        .split(/;\s*/)
        .slice(1)
        .map((a: string) => a.toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
      // The device cookie (sign-in throttling, server/auth/device-cookie.ts) is held to the same rules.
      const device = setCookie(signed, 'scena_device');
      expect(device).toMatch(/^__Host-scena_device=/);
      expect(
        device
          .split(/;\s*/)
          .slice(1)
          .map((a) => a.toLowerCase()),
      ).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
      expect(signed.headers['strict-transport-security']).toBe(HSTS);

      // The cookie works over https: the session is the admin's.
      const session = await https('/api/session', { headers: { cookie: cookie.split(';')[0]! } });
      expect(JSON.parse(session.body)).toEqual({ user: { email: ADMIN.email, isAdmin: true } });
      for (const path of ['/', '/en/', '/admin/login', '/api/content', '/assets/app-abc123.js']) {
        const answer = await https(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['strict-transport-security'], path).toBe(HSTS);
      }
    } finally {
      await stopNginx();
      await server.kill('SIGTERM');
    }
  }, 90_000);
});

describe('without TRUST_PROXY, a forged X-Forwarded-Proto', () => {
  it('changes nothing: no HSTS, no __Host- cookie, no Secure', async () => {
    server = await startServer({ DATABASE_URL: dbFile, DIST_DIR: dist });
    try {
      const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'scena.example', 'x-forwarded-for': '203.0.113.9' };
      const plain = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
        fetch(`${server!.url}${path}`, init).then(async (res) => ({
          status: res.status,
          headers: { 'set-cookie': res.headers.getSetCookie(), 'strict-transport-security': res.headers.get('strict-transport-security') ?? undefined },
          body: await res.text(),
        }));
      const signed = await signIn(plain, forged);
      expect(signed.status, signed.body).toBe(200);
      const cookie = setCookie(signed);
      expect(cookie).toMatch(/^scena_session=/);
      expect(cookie.toLowerCase()).not.toContain('secure');
      expect(setCookie(signed, 'scena_device')).toMatch(/^scena_device=/);
      expect(signed.headers['strict-transport-security']).toBeUndefined();
      for (const path of ['/', '/', '/admin/login', '/api/content']) {
        expect((await plain(path, { headers: forged })).headers['strict-transport-security'], path).toBeUndefined();
      }
    } finally {
      await server.kill('SIGTERM');
    }
  }, 90_000);
});
