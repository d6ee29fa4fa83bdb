/**
 * Shared helpers for the benchmarks: the browser's path and flags, free ports, the static server
 * (started and stopped by its own PID), medians and sizes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export { CHROME_PATH } from '../e2e/browsers';
import { CHROME_ARGS } from '../e2e/browsers';
/** Without these, Debian's Chromium tries network connections that this machine refuses. */
export const CHROME_FLAGS = ['--headless', ...CHROME_ARGS];

/** One row of the results table. bench/load.ts returns rows of the same shape. */
export interface Row {
  name: string;
  value: number | string;
  budget: number | string;
  unit: string;
  pass: boolean;
  /** Printed after the table's value, e.g. "ratio 0.98 to the reference". */
  note?: string;
}

export const KB = 1024;
export const brotliSize = (body: Buffer | string) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } }).length;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const kb = (bytes: number) => round(bytes / KB, 1);

/** A fresh, empty browser profile directory; remove it with the returned function. */
export function freshProfile(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'scena-bench-chrome-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StaticServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
/** Stops the servers we started, also when the bench is interrupted. */
function killAll() {
  for (const child of running) if (child.pid && child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });

/**
 * Starts scripts/serve-static.ts (the project's static host) on a free loopback port, as a direct
 * child `node --import tsx` process so that its PID is the server's own.
 */
export async function startStaticServer(root = 'dist/client'): Promise<StaticServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-static.ts', '--port', String(port), '--host', '127.0.0.1', '--root', root], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Static site on')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) {
      const pid = child.pid!;
      return {
        origin: `http://127.0.0.1:${port}`,
        pid,
        stop: () => stopChild(child),
      };
    }
    await stopChild(child);
    if (attempt >= 3) throw new Error(`The static server did not start:\n${output}`);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      resolve();
      return;
    }
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      running.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A fixed CPU workload (brotli-compressing 1 MB of deterministic text), median of 5, in ms. */
export function cpuReferenceMs(): number {
  const words = ['scena', 'music', 'album', 'release', 'concert', 'studio', 'muzică', 'lumini', 'oraș', 'nocturn'];
  let seed = 42;
  const parts: string[] = [];
  let length = 0;
  while (length < 1_000_000) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const word = words[seed % words.length]!;
    parts.push(word);
    length += word.length + 1;
  }
  const text = Buffer.from(parts.join(' '));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    times.push(performance.now() - start);
  }
  return round(median(times), 1);
}
