/** Runs the admin CLI as an operator would, keeping stdout and stderr apart (security events go to stderr). */
import { spawn } from 'node:child_process';
import { ROOT } from './child-server';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCliSplit(args: string[], env: Record<string, string>, input = ''): Promise<CliRun> {
  return new Promise((resolvePromise) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ADMIN_PASSWORD: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.stdin.end(input);
    proc.once('exit', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

/** The security events among stderr's lines (other lines, e.g. Node warnings, are skipped). */
export function securityEvents(stderr: string): Record<string, unknown>[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((event) => typeof event.security === 'string');
}
