/**
 * Backups by themselves (docs/decisions/0029-backups-by-themselves.md). Once a day, from BACKUP_HOUR of the artist's
 * day (site.config.ts timeZone), the server takes a backup with maintenance.ts's backup() (the database by VACUUM INTO,
 * and the images it names) into a folder of its own in BACKUP_DIR, verifies it, and only then prunes the older ones
 * (7 daily, 4 weekly, 12 monthly) and, when set, copies it off-site with restic.
 *
 * - One backup per day of the artist's: the day is claimed in the database (a lease row of ops_backups), so two
 *   servers on one database take one backup, and a clock that jumps over the hour (or back over it) takes one.
 * - A backup is written into `.partial-…` and renamed into place once verified: a failure (a full disk) removes the
 *   partial one, keeps the older ones, and is recorded (the dashboard and the doctor read it).
 * - Images are content-addressed and never change: a backup's image that the previous backup holds is a hard link
 *   to it, so 23 kept backups cost the images once.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { siteConfig } from '../../site.config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/client';
import { SCHEMA_VERSION } from '../db/migrations';
import { backup, integrityCheck, modelProblems } from '../maintenance';
import { mediaFolderOf, neededMedia, variantsOf } from '../media/keep';
import type { BackupConfig } from './backup-config';

/** A backup's folder: scena-<the artist's date and time>, e.g. scena-2026-11-25-0400. */
export const BACKUP_FOLDER = /^scena-(\d{4}-\d{2}-\d{2})-(\d{4})(-\d+)?$/;
export const BACKUP_FILE = 'scena.db';
const PARTIAL_PREFIX = '.partial-';
export const KEEP = { daily: 7, weekly: 4, monthly: 12 };
/**
 * A server that claimed the day and died leaves it to another (or to itself, restarted) after this long: the holder
 * renews it every fifth of it while the backup runs, so a long backup (a slow off-site copy) keeps it, and a killed one
 * delays the day's backup by at most this (it was a fixed 30 minutes: issue 30).
 */
export const LEASE_MS = 5 * 60_000;
/** The scheduler looks at the clock this often. */
export const TICK_MS = 60_000;

export async function ensureOpsTable(db: Database): Promise<void> {
  // Not a numbered migration: this is the server's own bookkeeping, not content, and a restore never touches it.
  await db.client.execute(`CREATE TABLE IF NOT EXISTS ops_backups (
    slot TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    lease_until INTEGER NOT NULL,
    finished_at INTEGER,
    ok INTEGER,
    folder TEXT,
    db_bytes INTEGER,
    media_bytes INTEGER,
    ms INTEGER,
    error TEXT,
    restic TEXT
  ) STRICT`);
}

/** The artist's calendar date and time at `at`. */
export function artistClock(at: number, timeZone: string = siteConfig.artist.timeZone): { date: string; hour: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The folder names to keep: the newest of each of the last 7 days, 4 ISO weeks and 12 months that have one. */
export function toKeep(names: string[], keep = KEEP): Set<string> {
  const dated = names
    .map((name) => ({ name, match: BACKUP_FOLDER.exec(name) }))
    .filter((x): x is { name: string; match: RegExpExecArray } => x.match !== null)
    .sort((a, b) => (a.name < b.name ? 1 : -1));
  const kept = new Set<string>();
  const rule = (count: number, key: (date: string) => string) => {
    const seen = new Set<string>();
    for (const { name, match } of dated) {
      const k = key(match[1]!);
      if (seen.has(k)) continue;
      if (seen.size === count) break;
      seen.add(k);
      kept.add(name);
    }
  };
  rule(keep.daily, (d) => d);
  rule(keep.weekly, isoWeek);
  rule(keep.monthly, (d) => d.slice(0, 7));
  return kept;
}

function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3);
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / 86_400_000 / 7 - ((firstThursday.getUTCDay() + 6) % 7) / 7 + 3 / 7);
  return `${d.getUTCFullYear()}-W${week}`;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Checks a backup before anything older is pruned: it opens, passes integrity_check, is at this Scena's schema
 * version with every row valid for the model (as a restore checks it), and its images are all beside it.
 */
export async function verifyBackup(file: string): Promise<void> {
  let copy: Database;
  try {
    copy = await openDatabase(`file:${file}`);
  } catch (error) {
    throw new BackupError(`the backup does not open: ${(error as Error).message}`);
  }
  try {
    const check = await integrityCheck(copy);
    if (check !== 'ok') throw new BackupError(`the backup failed its integrity check: ${check}`);
    const version = Number((await copy.client.execute('SELECT coalesce(max(version), 0) AS v FROM schema_migrations')).rows[0]!.v);
    if (version !== SCHEMA_VERSION) throw new BackupError(`the backup is at schema version ${version}, not ${SCHEMA_VERSION}`);
    const problems = await modelProblems(copy, true);
    if (problems.length) throw new BackupError(`the backup holds data Scena refuses: ${problems[0]}`);
    // Every image, recording and document it names (beat previews are made again when missing: not required).
    const needed = await neededMedia(copy);
    const missing = [...needed.images, ...needed.audio, ...needed.documents].filter((hash) => !variantsOf(mediaFolderOf(file), new Set([hash])).length);
    if (missing.length) throw new BackupError(`the backup lacks ${missing.length} image, audio or document file(s) it names (e.g. ${missing[0]})`);
  } finally {
    copy.close();
  }
}

const folderBytes = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).reduce((n, name) => n + (statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0), 0) : 0;

/** The backups in the folder, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_FOLDER.test(name) && existsSync(join(dir, name, BACKUP_FILE)))
    .sort()
    .reverse();
}

export interface ResticResult {
  ok: boolean;
  message: string;
}

/** Runs restic with the repository and its password file; resolves with its exit status and output. */
export function runRestic(restic: NonNullable<BackupConfig['restic']>, args: string[], options: { cwd?: string; timeoutMs?: number } = {}) {
  return new Promise<{ code: number; out: string }>((resolvePromise) => {
    const proc = spawn('restic', ['--no-cache', '--quiet', ...args], {
      cwd: options.cwd,
      // Only what restic needs: never the server's own environment (its SMTP password, its database token).
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/',
        RESTIC_REPOSITORY: restic.repository,
        RESTIC_PASSWORD_FILE: restic.passwordFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 30 * 60_000,
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('error', (error) => resolvePromise({ code: -1, out: `${out}${error.message}` }));
    proc.once('close', (code) => resolvePromise({ code: code ?? -1, out }));
  });
}

/** Sends a verified backup folder to the restic repository, then applies the same keeping rule there. */
export async function copyOffSite(restic: NonNullable<BackupConfig['restic']>, dir: string, folder: string): Promise<ResticResult> {
  const sent = await runRestic(restic, ['backup', '--host', 'scena', '--tag', 'scena', folder], { cwd: dir });
  if (sent.code !== 0) return { ok: false, message: `restic backup failed (exit ${sent.code}): ${lastLine(sent.out)}` };
  const forget = await runRestic(restic, [
    'forget',
    '--host',
    'scena',
    '--tag',
    'scena',
    '--keep-daily',
    String(KEEP.daily),
    '--keep-weekly',
    String(KEEP.weekly),
    '--keep-monthly',
    String(KEEP.monthly),
    '--prune',
  ]);
  if (forget.code !== 0) return { ok: false, message: `sent, but restic forget failed (exit ${forget.code}): ${lastLine(forget.out)}` };
  return { ok: true, message: 'ok' };
}

const lastLine = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .pop() ?? '(no output)';

/** A failure in words a person can act on. */
function explain(error: unknown, dir: string): string {
  const message = (error as Error).message ?? String(error);
  if (/ENOSPC|SQLITE_FULL|disk is full|no space/i.test(message)) {
    return `The disk holding ${dir} is full: free some space (or set BACKUP_DIR to a larger disk), then run npm run admin -- backup-now. The older backups were kept.`;
  }
  return `${message.split('\n')[0]} (the older backups were kept)`;
}

export interface BackupRun {
  slot: string;
  ok: boolean;
  folder?: string;
  dbBytes?: number;
  mediaBytes?: number;
  ms: number;
  error?: string;
  restic?: ResticResult;
  pruned: string[];
}

export interface SchedulerOptions {
  config: BackupConfig;
  mediaDir: string;
  now?: () => number;
  timeZone?: string;
  /** Names this server in the lease (default: a random id per process). */
  holder?: string;
  /** How long a claim holds without renewal (default LEASE_MS; tests make it short). */
  leaseMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
}

export interface BackupScheduler {
  /** Looks at the clock: takes the day's backup when it is due and not taken (by this or another server). */
  tick(): Promise<BackupRun | undefined>;
  /** Takes a backup now, whatever the hour (`npm run admin -- backup-now`). */
  now(): Promise<BackupRun>;
  start(everyMs?: number): void;
  stop(): Promise<void>;
}

export function backupScheduler(db: Database, options: SchedulerOptions): BackupScheduler {
  const clock = options.now ?? Date.now;
  const holder = options.holder ?? randomUUID();
  const { config, mediaDir } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let running: Promise<BackupRun | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let tableReady: Promise<void> | undefined;
  const table = () => (tableReady ??= ensureOpsTable(db));

  /** True when this server now holds the slot: a new one, or one whose holder died (lease over, never finished). */
  async function claim(slot: string, at: number): Promise<boolean> {
    const rs = await db.client.execute({
      sql: `INSERT INTO ops_backups (slot, holder, started_at, lease_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, started_at = excluded.started_at, lease_until = excluded.lease_until
            WHERE ops_backups.finished_at IS NULL AND ops_backups.lease_until < excluded.started_at`,
      args: [slot, holder, at, at + leaseMs],
    });
    return rs.rowsAffected === 1;
  }

  /** Keeps the claim while the backup runs (a dead holder stops renewing, and its lease runs out). */
  function keepLease(slot: string): () => void {
    const renew = setInterval(() => {
      db.client
        .execute({
          sql: 'UPDATE ops_backups SET lease_until = ? WHERE slot = ? AND holder = ? AND finished_at IS NULL',
          args: [clock() + leaseMs, slot, holder],
        })
        .catch((error: unknown) => options.log?.warn({ err: { message: (error as Error).message } }, 'backup lease not renewed'));
    }, leaseMs / 5);
    renew.unref();
    return () => clearInterval(renew);
  }

  async function take(slot: string): Promise<BackupRun> {
    const release = keepLease(slot);
    try {
      return await takeHeld(slot);
    } finally {
      release();
    }
  }

  async function takeHeld(slot: string): Promise<BackupRun> {
    const started = clock();
    const startedMs = performance.now();
    const { date, hour, minute } = artistClock(started, options.timeZone);
    const dir = config.dir;
    const name = `scena-${date}-${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
    let partial: string | undefined;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // What a crashed run left (only the lease holder writes here, and that is this server now).
      for (const left of readdirSync(dir).filter((n) => n.startsWith(PARTIAL_PREFIX))) rmSync(join(dir, left), { recursive: true, force: true });
      let final = name;
      for (let n = 2; existsSync(join(dir, final)); n++) final = `${name}-${n}`;
      partial = join(dir, `${PARTIAL_PREFIX}${name}-${randomUUID().slice(0, 8)}`);
      mkdirSync(partial, { mode: 0o700 });
      const file = join(partial, BACKUP_FILE);
      // The previous backup's images are linked, not copied again.
      const previous = listBackups(dir)[0];
      await backup(db, file, mediaDir, previous ? { reuse: mediaFolderOf(join(dir, previous, BACKUP_FILE)) } : {});
      await verifyBackup(file);
      const dbBytes = statSync(file).size;
      const mediaBytes = folderBytes(mediaFolderOf(file));
      renameSync(partial, join(dir, final));
      partial = undefined;
      const ms = Math.round(performance.now() - startedMs);
      const pruned = prune(dir);
      let restic: ResticResult | undefined;
      if (config.restic) restic = await copyOffSite(config.restic, dir, final);
      await db.client.execute({
        sql: 'UPDATE ops_backups SET finished_at = ?, ok = 1, folder = ?, db_bytes = ?, media_bytes = ?, ms = ?, error = NULL, restic = ? WHERE slot = ? AND holder = ?',
        args: [clock(), final, dbBytes, mediaBytes, ms, restic ? (restic.ok ? 'ok' : restic.message) : null, slot, holder],
      });
      if (restic && !restic.ok) options.log?.error({ backup: final }, `off-site copy failed: ${restic.message}`);
      options.log?.info({ backup: final, dbBytes, mediaBytes, ms, pruned: pruned.length }, 'backup taken and verified');
      return { slot, ok: true, folder: final, dbBytes, mediaBytes, ms, pruned, ...(restic ? { restic } : {}) };
    } catch (error) {
      if (partial) rmSync(partial, { recursive: true, force: true, maxRetries: 2 });
      const message = explain(error, dir);
      const ms = Math.round(performance.now() - startedMs);
      await db.client
        .execute({
          sql: 'UPDATE ops_backups SET finished_at = ?, ok = 0, ms = ?, error = ? WHERE slot = ? AND holder = ?',
          args: [clock(), ms, message, slot, holder],
        })
        .catch(() => undefined);
      options.log?.error({ err: { message: (error as Error).message } }, `backup failed: ${message}`);
      return { slot, ok: false, ms, error: message, pruned: [] };
    }
  }

  function prune(dir: string): string[] {
    const all = listBackups(dir);
    const keep = toKeep(all);
    const gone = all.filter((name) => !keep.has(name));
    for (const name of gone) rmSync(join(dir, name), { recursive: true, force: true });
    return gone;
  }

  const once = (work: () => Promise<BackupRun | undefined>) => {
    running ??= work().finally(() => (running = undefined));
    return running;
  };

  return {
    tick: () =>
      once(async () => {
        if (config.hour === undefined) return undefined;
        await table();
        const at = clock();
        const { date, hour } = artistClock(at, options.timeZone);
        // From the hour on, until the day ends: a server that was down, or a clock that jumped past the hour, still takes it.
        if (hour < config.hour) return undefined;
        if (!(await claim(date, at))) return undefined;
        return take(date);
      }),
    now: async () => {
      await running;
      const run = await once(async () => {
        await table();
        const at = clock();
        const slot = `manual-${new Date(at).toISOString()}-${holder.slice(0, 8)}`;
        await claim(slot, at);
        return take(slot);
      });
      return run!;
    },
    start(everyMs = TICK_MS) {
      const loop = () =>
        void this.tick().catch((error: unknown) => options.log?.error({ err: { message: (error as Error).message } }, 'backup scheduler failed'));
      loop();
      timer = setInterval(loop, everyMs).unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export interface BackupStatus {
  /** off: not scheduled; ok; failed: the newest attempt failed; missing: none yet, or the newest is over 36 hours old. */
  state: 'off' | 'ok' | 'failed' | 'missing';
  message: string;
  newest?: { folder: string; at: number; dbBytes: number; mediaBytes: number; ms: number; restic?: string };
  lastError?: { at: number; message: string };
}

/** What the dashboard and the doctor say about backups. */
export async function backupStatus(db: Database, config: BackupConfig, now = Date.now()): Promise<BackupStatus> {
  await ensureOpsTable(db);
  const ok = (await db.client.execute('SELECT * FROM ops_backups WHERE ok = 1 ORDER BY finished_at DESC LIMIT 1')).rows[0];
  const last = (await db.client.execute('SELECT * FROM ops_backups WHERE finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 1')).rows[0];
  const newest = ok
    ? {
        folder: String(ok.folder),
        at: Number(ok.finished_at),
        dbBytes: Number(ok.db_bytes),
        mediaBytes: Number(ok.media_bytes),
        ms: Number(ok.ms),
        ...(ok.restic ? { restic: String(ok.restic) } : {}),
      }
    : undefined;
  const lastError = last && Number(last.ok) === 0 ? { at: Number(last.finished_at), message: String(last.error) } : undefined;
  const base = { ...(newest ? { newest } : {}), ...(lastError ? { lastError } : {}) };
  if (lastError) return { state: 'failed', message: `The last backup failed: ${lastError.message}`, ...base };
  if (newest?.restic && newest.restic !== 'ok') return { state: 'failed', message: `The off-site copy failed: ${newest.restic}`, ...base };
  if (config.hour === undefined && !newest)
    return { state: 'off', message: 'Scheduled backups are off (BACKUP_HOUR=off, or the database is remote).', ...base };
  if (!newest) return { state: 'missing', message: `No backup yet: the first is taken from ${config.hour}:00 of the artist's day.`, ...base };
  const hours = (now - newest.at) / 3_600_000;
  if (config.hour !== undefined && hours > 36)
    return { state: 'missing', message: `The newest backup is ${Math.round(hours)} hours old: is the server running?`, ...base };
  return { state: 'ok', message: `The newest backup (${newest.folder}) is ${Math.max(0, Math.round(hours))} hours old and verified.`, ...base };
}

/** The running server's scheduler (server/index.ts): a look at the clock now and every minute; stopped before the database closes. */
export function startBackups(db: Database, config: { backup: BackupConfig; mediaDir: string }, log: SchedulerOptions['log']): BackupScheduler {
  const scheduler = backupScheduler(db, { config: config.backup, mediaDir: config.mediaDir, log });
  if (config.backup.hour !== undefined) scheduler.start();
  return scheduler;
}
