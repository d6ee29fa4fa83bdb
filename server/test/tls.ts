/**
 * What the HTTPS tests share (server/https-nginx.test.ts, server/ops/https-caddy.test.ts, server/ops/doctor.test.ts): a
 * throwaway certificate made with openssl, a request over TLS that trusts only the given CA (verification stays on), and
 * a wait for a proxy's port to listen.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { request, type RequestOptions } from 'node:https';
import { connect } from 'node:net';
import { join } from 'node:path';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A self-signed EC certificate in `dir` for `altNames` ("IP:127.0.0.1,DNS:localhost"), valid `days`, never reused. */
export function throwawayCertificate(dir: string, altNames: string, days = 1): { key: Buffer; cert: Buffer } {
  mkdirSync(dir, { recursive: true });
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', String(days), '-subj', '/CN=localhost', '-addext', `subjectAltName=${altNames}`],
      ...['-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'pipe' },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

/** One request over TLS to `url`, trusting only `ca`; the whole body as text. */
export function httpsRequest(url: string | URL, options: RequestOptions & { ca: Buffer; body?: string }): Promise<Answer> {
  const { body: sent, ...rest } = options;
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: 'GET', ...rest }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(sent);
  });
}

/** Resolves once something listens on 127.0.0.1:`port`; past `deadline` (ms since 1970), rejects with `log()` for the cause. */
export function waitForPort(port: number, deadline: number, log: () => string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolvePromise();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on 127.0.0.1:${port}:\n${log()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}
