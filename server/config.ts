/**
 * The server's configuration, from environment variables, parsed and validated once at start.
 * A bad configuration fails with the whole list of what is wrong, not just the first problem.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { adminEmailFallback, siteConfig } from '../site.config';
import { isEmail } from '../src/content/model';
import { backupConfig, type BackupConfig } from './ops/backup-config';
import { dkimDir } from './mail/dkim';

const ROOT = resolve(import.meta.dirname, '..');

const int = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} (got "${v}")` });
        return z.NEVER;
      }
      return n;
    });

/** TRUST_PROXY: unset/false (default: X-Forwarded-* ignored), a hop count, or a list of proxy addresses/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: "TRUST_PROXY=true would trust any client's X-Forwarded-For; give the proxy's address (e.g. 127.0.0.1) or a hop count",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s) && !['loopback', 'linklocal', 'uniquelocal'].includes(s));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY has entries that are not addresses or CIDR ranges: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host);
}

/**
 * Why a remote libsql URL must not be used, or undefined. Over http:// or ws:// (or libsql:// with
 * ?tls=0) every query, the admin's password hashes and DATABASE_AUTH_TOKEN cross the network in the
 * clear: allowed only when the server is on this machine.
 */
function plainRemoteProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `DATABASE_URL is not a valid URL (got "${value}")`;
  }
  if (!url.hostname) return `DATABASE_URL names no host (got "${value}")`;
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const plain = scheme === 'http' || scheme === 'ws' || (scheme === 'libsql' && url.searchParams.get('tls') === '0');
  if (!plain || isLoopbackHost(url.hostname)) return undefined;
  const how = scheme === 'libsql' ? 'libsql:// with ?tls=0' : `plain ${scheme}://`;
  return (
    `DATABASE_URL would reach the database at ${url.hostname} over ${how}, unencrypted (queries, password hashes and ` +
    'DATABASE_AUTH_TOKEN readable on the way): use https://, wss:// or libsql:// (TLS), or a loopback address (127.0.0.1, ::1, localhost)'
  );
}

const EnvSchema = z.object({
  PORT: int('PORT', 0, 65535, 3000),
  HOST: z.string().trim().min(1, { error: 'HOST must not be empty' }).default('localhost'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return `file:${resolve(ROOT, 'data', 'scena.db')}`;
      if (/^(libsql|https?|wss?):\/\//i.test(v)) {
        const problem = plainRemoteProblem(v);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return v;
      }
      if (/^file:/i.test(v)) return v;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) {
        ctx.addIssue({ code: 'custom', message: `DATABASE_URL must be a file path, file:, libsql:, http(s): or ws(s): URL (got "${v}")` });
        return z.NEVER;
      }
      return `file:${isAbsolute(v) ? v : resolve(process.cwd(), v)}`;
    }),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isEmail(v), { error: 'ADMIN_EMAIL must be an e-mail address' }),
  TRUST_PROXY: trustProxy,
  SESSION_IDLE_MINUTES: int('SESSION_IDLE_MINUTES', 1, 24 * 60, 30),
  SESSION_MAX_HOURS: int('SESSION_MAX_HOURS', 1, 24 * 30, 12),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DIST_DIR: z.string().trim().optional(),
  // E-mail notices of booking requests (docs/decisions/0025-booking-requests.md): off unless both are set.
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || smtpUrlProblem(v) === undefined, { error: 'SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port' }),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || mailAddress(v) !== undefined, { error: 'MAIL_FROM must be an e-mail address, or Name <address>' }),
  NOTIFY_TO: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isEmail(v), { error: 'NOTIFY_TO must be an e-mail address' }),
  MEDIA_DIR: z.string().trim().optional(),
  // The site's public address, for the absolute links in mail (the fans' confirm and unsubscribe links): siteUrl of
  // site.config.ts when unset. https://, or http:// on a loopback address (a test, a machine of one's own).
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || publicUrlProblem(v) === undefined, { error: 'PUBLIC_URL must be an https:// address (http:// only on a loopback address)' }),
  // Letters to the fans (docs/decisions/0035-fans-by-email.md, Letters): the most mails a minute (providers cap
  // senders); unset or 0: as fast as the mail server takes them.
  MAIL_RATE_PER_MINUTE: int('MAIL_RATE_PER_MINUTE', 0, 100_000, 0),
  // Faults (docs/decisions/0041-chaos-and-resources.md): how long after a start the pieces of an upload a crash cut off
  // are removed (default a minute; a chaos test shortens it), and a wall-clock limit for one audio conversion in place
  // of the one its length gives (unset or 0: by its length; a test sets a tiny one to see the limit at work).
  UPLOAD_CUT_OFF_MS: int('UPLOAD_CUT_OFF_MS', 500, 3_600_000, 60_000),
  AUDIO_TIME_LIMIT_MS: int('AUDIO_TIME_LIMIT_MS', 0, 3_600_000, 0),
});

/** Why PUBLIC_URL cannot be used, or undefined. */
export function publicUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return undefined;
  return 'not https';
}

/** The database file's path for a file: URL (file:/abs/path or file:///abs/path), else undefined (a remote database). */
function databaseFile(url: string): string | undefined {
  if (!/^file:/i.test(url)) return undefined;
  return url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** Lower-cased. */
  adminEmail: string;
  trustProxy: false | number | string[];
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  /** Holds client/ (the static site) and server/ (entry-server.js, template.html). */
  distDir: string;
  /**
   * The uploaded images' files (docs/decisions/0023-images.md): MEDIA_DIR, else `media/` beside the database
   * file (backups and restores take both), else (a remote database) data/media.
   */
  mediaDir: string;
  /** Booking notices by e-mail: set only when SMTP_URL and MAIL_FROM both are; `to` is NOTIFY_TO or the admin's address. */
  mail?: {
    smtpUrl: string;
    from: { name: string; address: string };
    to: string;
    /** Where the DKIM key is kept (server/mail/dkim.ts): every mail is signed once one exists for MAIL_FROM's domain. */
    dkimDir?: string;
    /** Letters: at most this many mails a minute (MAIL_RATE_PER_MINUTE); 0, no limit. */
    ratePerMinute?: number;
  };
  /** Scheduled backups (server/ops/backup-config.ts): BACKUP_DIR, BACKUP_HOUR, BACKUP_RESTIC_*. */
  backup: BackupConfig;
  /** The site's public origin, for links in mail: PUBLIC_URL, else siteUrl of site.config.ts. */
  publicUrl: string;
  /** How long after the start a crash's cut-off upload pieces go (UPLOAD_CUT_OFF_MS; server/media/chunked.ts). */
  uploadCutOffMs?: number;
  /** One audio conversion's wall-clock limit (AUDIO_TIME_LIMIT_MS), when set; else the one the file's length gives. */
  audioTimeLimitMs?: number;
}

/** Why an SMTP_URL cannot be used, or undefined: smtp:// (STARTTLS when offered) or smtps://, with a host. */
export function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'not smtp: or smtps:';
  if (!url.hostname) return 'no host';
  return undefined;
}

/** MAIL_FROM as a name and an address: `site@example.com` or `Scena <site@example.com>`; no line breaks or quotes. */
export function mailAddress(value: string): { name: string; address: string } | undefined {
  if (/[\r\n"]/.test(value)) return undefined;
  const named = /^([^<>]*?)\s*<([^<>\s]+)>$/.exec(value);
  const name = named ? named[1]!.trim() : '';
  const address = named ? named[2]! : value;
  return isEmail(address) ? { name, address } : undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        return issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const mediaDir = mediaDirOf(e.MEDIA_DIR, e.DATABASE_URL);
  const backup = backupConfig(env, { databaseFile: databaseFile(e.DATABASE_URL), mediaDir, root: ROOT });
  if (backup.problems.length) throw new ConfigError(backup.problems);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN || undefined,
    adminEmail: (e.ADMIN_EMAIL || adminEmailFallback).toLowerCase(),
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    distDir: e.DIST_DIR ? resolve(process.cwd(), e.DIST_DIR) : resolve(ROOT, 'dist'),
    mediaDir,
    backup: backup.config,
    publicUrl: new URL(e.PUBLIC_URL || siteConfig.siteUrl).origin,
    uploadCutOffMs: e.UPLOAD_CUT_OFF_MS,
    ...(e.AUDIO_TIME_LIMIT_MS ? { audioTimeLimitMs: e.AUDIO_TIME_LIMIT_MS } : {}),
    ...(e.SMTP_URL && e.MAIL_FROM
      ? {
          mail: {
            smtpUrl: e.SMTP_URL,
            from: mailAddress(e.MAIL_FROM)!,
            to: (e.NOTIFY_TO || e.ADMIN_EMAIL || adminEmailFallback).toLowerCase(),
            dkimDir: dkimDir(e.DATABASE_URL),
            ratePerMinute: e.MAIL_RATE_PER_MINUTE,
          },
        }
      : {}),
  };
}

export function mediaDirOf(mediaDir: string | undefined, databaseUrl: string): string {
  if (mediaDir) return resolve(process.cwd(), mediaDir);
  const file = databaseFile(databaseUrl);
  return file ? resolve(dirname(resolve(file)), 'media') : resolve(ROOT, 'data', 'media');
}
