/** Runs `server/index.ts` as a child process on a loopback ephemeral port, for crash and CLI tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  proc: ChildProcess;
  url: string;
  /** What the server printed up to its "running" line. */
  startOutput: string;
  /** SIGKILL, and wait until the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function startServer(env: Record<string, string>): Promise<ChildServer> {
  return spawnServer(env).ready;
}

/** Runs the admin CLI; resolves with its exit code and output. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number; out: string }> {
  return new Promise((resolvePromise) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    proc.stdin.end(input ?? '');
    proc.once('exit', (code) => resolvePromise({ code: code ?? -1, out }));
  });
}

export async function signInOver(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/**
 * A server started, and what it is doing before it says it runs (a migration at start, the first scheduled backup):
 * `proc` and `kill` at once, `ready` once it prints its address. A chaos test kills it in between.
 */
export interface SpawnedServer {
  proc: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
  ready: Promise<ChildServer>;
}

export function spawnServer(env: Record<string, string>): SpawnedServer {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    // Scheduled backups only where a test asks for them (BACKUP_HOUR).
    env: { ...process.env, LOG_LEVEL: 'warn', BACKUP_HOUR: 'off', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  const ready = new Promise<ChildServer>((resolvePromise, reject) => {
    let out = '';
    // A quiet machine starts it in 1–2 s; a CI run beside four browser suites once took over 30 s (tsx compiling).
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`the server did not start in 60 s:\n${out}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running on http:\/\/[^:]+:(\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        proc.stdout!.off('data', onData);
        proc.stdout!.resume();
        resolvePromise({ proc, url: `http://127.0.0.1:${match[1]}`, startOutput: out, kill });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${out}`));
    });
  });
  // A server killed before it ran rejects `ready`: heard here, so a test that never awaits it has no unhandled rejection.
  ready.catch(() => undefined);
  return { proc, kill, ready };
}
