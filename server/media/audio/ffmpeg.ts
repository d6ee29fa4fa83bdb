/**
 * FFmpeg and ffprobe as child processes, fenced (docs/decisions/0027-audio-with-ffmpeg.md): Debian's binaries,
 * started through `prlimit` with an address-space limit (memory), a file-size limit (what it may write), a CPU-time
 * limit and no core file, at a lower priority than the pages, and killed with SIGKILL when the wall-clock time
 * limit passes. Every input is read with the demuxer its sniffed type names and with the `file` protocol only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AudioType } from './sniff';

export const FFMPEG = '/usr/bin/ffmpeg';
export const FFPROBE = '/usr/bin/ffprobe';
const PRLIMIT = '/usr/bin/prlimit';
/** GNU time, for the benchmark's peak memory and CPU time of the FFmpeg process itself (its wait4 rusage: %M, %U, %S). */
const GNU_TIME = '/usr/bin/time';

/** The demuxer each type is read with: FFmpeg never guesses (no hls, concat, subfile, image2 or playlist reader). */
export const DEMUXERS: Record<AudioType, string> = { wav: 'wav', aiff: 'aiff', flac: 'flac', mp3: 'mp3', m4a: 'mov', aac: 'aac', ogg: 'ogg' };

/**
 * The options in front of every input: its forced demuxer, local files only, and for MP4 the external
 * references (drefs, which would open other files) off, as they are by default: said here so no default can change it.
 */
export function inputArgs(type: AudioType, path: string, extra: string[] = []): string[] {
  const mov = type === 'm4a' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : [];
  return ['-protocol_whitelist', 'file', '-f', DEMUXERS[type], ...mov, ...extra, '-i', `file:${path}`];
}

export interface Limits {
  /** Wall clock: the process is killed (SIGKILL) when it passes. */
  timeMs: number;
  /** Address space (prlimit --as). Debian's FFmpeg maps ~290 MB of shared libraries before it reads a byte. */
  memoryBytes: number;
  /** The largest file the process may write (prlimit --fsize). */
  fileBytes: number;
}

/** 640 MiB of address space: ~290 MB are the libraries' mappings (mostly never resident), the rest heap and stacks; a normal job stays near 65 MB resident. */
export const DEFAULT_MEMORY_BYTES = 640 * 1024 * 1024;
/** 15 minutes of Opus or AAC at 160 kb/s are under 20 MB; 256 MB stops a runaway writer long before the disk fills. */
export const DEFAULT_FILE_BYTES = 256 * 1024 * 1024;

export interface RunOptions {
  limits: Limits;
  /** The decoded samples FFmpeg writes to its standard output. */
  onStdout?: (chunk: Buffer) => void;
  /** `-progress pipe:3`'s lines. */
  onProgress?: (line: string) => void;
  /** Kills the process at once (the caller gave up: a server stopping, a test). */
  signal?: AbortSignal;
  /** Also measure the process's peak resident memory (GNU time's %M, from wait4): the benchmark's figure. */
  measure?: boolean;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what it wrote on stderr (the last 64 KB: errors and the loudness summary are at the end). */
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** With `measure`: the peak resident memory in KB, and the CPU time (user + system) in ms. */
  peakRssKB?: number;
  cpuMs?: number;
  wallMs: number;
}

const STDERR_KEEP = 64 * 1024;

/** Runs `binary args` under the limits. Resolves when the process has exited, whatever the outcome. */
export function runLimited(binary: string, args: string[], options: RunOptions): Promise<RunResult> {
  const { limits } = options;
  const cpuSeconds = Math.ceil(limits.timeMs / 1000) + 1;
  const fenced = [
    `--as=${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}`,
    `--cpu=${cpuSeconds}`,
    '--core=0',
    // prlimit execs the command: the child's PID is the binary's own, so SIGKILL reaches FFmpeg itself.
    '--',
  ];
  let timeDir: string | undefined;
  let command = [PRLIMIT, ...fenced, binary, ...args];
  if (options.measure) {
    timeDir = mkdtempSync(join(tmpdir(), 'scena-ffmpeg-time-'));
    command = [GNU_TIME, '-f', '%M %U %S', '-o', join(timeDir, 'usage'), ...command];
  }
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    env: { PATH: '/usr/bin:/bin', LANG: 'C' },
  });
  // The pages come first: the job runs at a lower priority (a nice of 10) on whatever core is free.
  if (child.pid) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Already gone (it failed at once): its exit says why.
    }
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
  });
  if (options.onStdout) child.stdout!.on('data', options.onStdout);
  else child.stdout!.resume();
  const progress = child.stdio[3] as Readable;
  let pending = '';
  progress.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    if (options.onProgress) for (const line of lines) options.onProgress(line);
  });
  // A pipe closed under a killed process errors; the exit says what happened.
  for (const stream of [child.stdout!, child.stderr!, progress]) stream.on('error', () => undefined);

  let timedOut = false;
  let aborted = false;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, limits.timeMs);
  const onAbort = () => {
    aborted = true;
    kill();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort);

  return new Promise((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      let peakRssKB: number | undefined;
      let cpuMs: number | undefined;
      if (timeDir) {
        // GNU time's last line: "<max RSS KB> <user s> <system s>" (a line before it says why the command failed, if it did).
        const usage = readFileSync(join(timeDir, 'usage'), { encoding: 'utf8', flag: 'a+' }).trim().split('\n').at(-1)!.split(' ').map(Number);
        if (usage.length === 3 && usage.every(Number.isFinite)) {
          peakRssKB = usage[0];
          cpuMs = (usage[1]! + usage[2]!) * 1000;
        }
        rmSync(timeDir, { recursive: true, force: true });
      }
      resolve({ code, signal, stderr, timedOut, aborted, peakRssKB, cpuMs, wallMs: performance.now() - started });
    };
    child.once('error', (error) => {
      stderr += `\n${error.message}`;
      finish(null, null);
    });
    // 'close', not 'exit': every pipe is drained, so the last samples and the summary are in.
    child.once('close', finish);
  });
}

/** The first line of FFmpeg's errors worth showing the admin (no paths: they name the server's folders). */
export function firstError(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /error|invalid|failed|could not|cannot/i.test(l) && !/^\s*$/.test(l));
  return (line ?? '')
    .replace(/file:\/[^\s:]*/g, 'the file')
    .replace(/\/[^\s:]*\/\.?[\w.-]+/g, 'the file')
    .replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/, '')
    .slice(0, 160);
}
