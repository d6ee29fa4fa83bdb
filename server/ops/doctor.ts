/**
 * `npm run admin -- doctor [--json] [--send-test]`: what a person would ask an engineer, one line per check
 * (ok / warn / fail, and what to do); a failure makes the exit status non-zero.
 */
import { existsSync, readdirSync, statfsSync, statSync } from 'node:fs';
import { request } from 'node:https';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { dirname, join } from 'node:path';
import nodemailer from 'nodemailer';
import { dkimDir, domainOf, readDkim } from '../mail/dkim';
import { siteConfig } from '../../site.config';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { integrityCheck } from '../maintenance';
import { SCHEMA_VERSION } from '../db/migrations';
import { BACKUP_FILE, backupStatus, ensureOpsTable, listBackups, verifyBackup } from './backups';
import { folderWritable } from './health';
import { readProxySeen } from './proxy-seen';

export type State = 'ok' | 'warn' | 'fail';

class NeedsMigration extends Error {
  constructor(readonly from: number) {
    super(`schema version ${from}`);
  }
}
export interface CheckResult {
  check: string;
  state: State;
  message: string;
}

export interface DoctorOptions {
  env?: NodeJS.ProcessEnv;
  sendTest?: boolean;
  now?: number;
  /** The public address checked over HTTPS: PUBLIC_URL, else siteUrl of site.config.ts. */
  publicUrl?: string;
  /** Milliseconds each network check may take. */
  timeoutMs?: number;
  /** A CA to trust for the HTTPS check besides the system's (tests). */
  ca?: Buffer;
}

const DAY = 86_400_000;
const MB = 1e6;

const result = (check: string, state: State, message: string): CheckResult => ({ check, state, message });

async function adminChecks(db: Database, config: Config): Promise<CheckResult[]> {
  const row = (await db.client.execute({ sql: 'SELECT created_at, updated_at FROM accounts WHERE email = ? COLLATE NOCASE', args: [config.adminEmail] }))
    .rows[0];
  if (!row) {
    return [result('admin account', 'fail', `No account for ${config.adminEmail} (ADMIN_EMAIL): create it with npm run admin -- create ${config.adminEmail}`)];
  }
  const account = result('admin account', 'ok', `${config.adminEmail} exists`);
  const changed = Number(row.updated_at) > Number(row.created_at);
  return [
    account,
    changed
      ? result('admin password', 'ok', 'changed since the account was made')
      : result('admin password', 'warn', 'still the first password given: change it in the admin (Account), or npm run admin -- reset-password'),
  ];
}

async function mailCheck(config: Config, env: NodeJS.ProcessEnv, options: DoctorOptions): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  out.push(
    env.ADMIN_EMAIL?.trim()
      ? result('ADMIN_EMAIL', 'ok', config.adminEmail)
      : result('ADMIN_EMAIL', 'warn', `not set: the admin is site.config.ts's fallback ${config.adminEmail}; set ADMIN_EMAIL to the artist's address`),
  );
  if (!config.mail) {
    const missing = [!env.SMTP_URL?.trim() && 'SMTP_URL', !env.MAIL_FROM?.trim() && 'MAIL_FROM'].filter(Boolean).join(' and ');
    out.push(result('mail', 'warn', `booking requests are not e-mailed (${missing} not set): set both to be told of each request`));
    return out;
  }
  const transport = nodemailer.createTransport({
    url: config.mail.smtpUrl,
    connectionTimeout: options.timeoutMs ?? 10_000,
    greetingTimeout: options.timeoutMs ?? 10_000,
    socketTimeout: options.timeoutMs ?? 10_000,
  });
  const host = new URL(config.mail.smtpUrl).host;
  try {
    // EHLO, STARTTLS when offered (smtp://) or TLS from the start (smtps://), and AUTH with the URL's user.
    await transport.verify();
    out.push(result('mail', 'ok', `${host} accepts the sign-in; notices go from ${config.mail.from.address} to ${config.mail.to}`));
    if (options.sendTest) {
      await transport.sendMail({
        from: config.mail.from,
        to: config.mail.to,
        subject: 'Scena: test notice',
        text: 'This is a test notice from npm run admin -- doctor --send-test. Booking requests will reach you like this.',
      });
      out.push(result('mail test', 'ok', `a test notice was sent to ${config.mail.to}: check that it arrived (and not in spam)`));
    }
  } catch (error) {
    out.push(result('mail', 'fail', `${host}: ${(error as Error).message}. Check SMTP_URL (host, port, user, password) with your mail provider`));
  } finally {
    transport.close();
  }
  return out;
}

/** Signed mail (server/mail/dkim.ts): whether a key exists and is MAIL_FROM's domain's; the DNS record is the admin's to check. */
function dkimCheck(config: Config): CheckResult {
  const dir = config.mail?.dkimDir ?? dkimDir(config.databaseUrl);
  const key = readDkim(dir);
  const from = config.mail?.from.address;
  if (!key) {
    return result('dkim', 'warn', `no key: mail is not signed, and often lands in spam. Make one with npm run admin -- dkim scena1 (it prints the DNS record)`);
  }
  if (!from) return result('dkim', 'warn', `a key for ${key.domain} (selector ${key.selector}), but mail is not set up (SMTP_URL and MAIL_FROM)`);
  if (key.domain !== domainOf(from)) {
    return result(
      'dkim',
      'fail',
      `the key is for ${key.domain} but MAIL_FROM is at ${domainOf(from)}: mail is not signed. Make a new key with npm run admin -- dkim ${key.selector}`,
    );
  }
  return result('dkim', 'ok', `mail from ${from} is signed (selector ${key.selector}): the DNS needs the TXT record ${key.selector}._domainkey.${key.domain}`);
}

async function proxyCheck(db: Database, config: Config): Promise<CheckResult> {
  const seen = await readProxySeen(db);
  const trusted = config.trustProxy !== false;
  if (!seen || seen.forwarded + seen.direct === 0) {
    return result('TRUST_PROXY', 'ok', `${trusted ? `set (${String(config.trustProxy)})` : 'off'}; no requests seen yet to compare with`);
  }
  if (!trusted && seen.forwarded > 0) {
    return result(
      'TRUST_PROXY',
      'fail',
      `off, but ${seen.forwarded} of the last ${seen.forwarded + seen.direct} requests came through a proxy (X-Forwarded-For): visitors all look like the proxy (one sign-in limit for everyone), and cookies are not Secure. Set TRUST_PROXY=${seen.forwardedFromLoopback === seen.forwarded ? '127.0.0.1' : "the proxy's address"}`,
    );
  }
  if (trusted && seen.forwarded === 0) {
    return result(
      'TRUST_PROXY',
      'warn',
      `set, but none of the last ${seen.direct} requests came through a proxy: if Scena faces the internet directly, unset it`,
    );
  }
  return result('TRUST_PROXY', 'ok', trusted ? `set; the last requests came through the proxy` : 'off; the last requests came directly');
}

function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const info = statSync(join(dir, name), { throwIfNoEntry: false });
    if (info?.isFile()) total += info.size;
  }
  return total;
}

/** Bytes a day the disk loses: each backup copies the database, and new images land twice (the media folder, the backup). */
async function dailyGrowth(db: Database, now: number): Promise<number | undefined> {
  await ensureOpsTable(db);
  const rows = (
    await db.client.execute({
      sql: 'SELECT finished_at, db_bytes, media_bytes FROM ops_backups WHERE ok = 1 AND finished_at >= ? ORDER BY finished_at',
      args: [now - 8 * DAY],
    })
  ).rows.map((r) => ({ at: Number(r.finished_at), db: Number(r.db_bytes), media: Number(r.media_bytes) }));
  if (rows.length < 2) return undefined;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const days = Math.max((last.at - first.at) / DAY, 1);
  const averageDb = rows.reduce((n, r) => n + r.db, 0) / rows.length;
  return averageDb + (2 * Math.max(0, last.media - first.media)) / days;
}

async function diskCheck(db: Database, config: Config, now: number): Promise<CheckResult> {
  const backupDir = existsSync(config.backup.dir) ? config.backup.dir : join(config.backup.dir, '..');
  const newest = listBackups(config.backup.dir)[0];
  const dbFile = db.file;
  const oneBackup = newest
    ? folderBytes(join(config.backup.dir, newest))
    : (dbFile && existsSync(dbFile) ? statSync(dbFile).size : 0) + folderBytes(config.mediaDir);
  const media = folderBytes(config.mediaDir);
  const worst = [config.mediaDir, backupDir]
    .filter((dir) => existsSync(dir))
    .map((dir) => {
      const fs = statfsSync(dir);
      return { dir, free: fs.bavail * fs.bsize, total: fs.blocks * fs.bsize };
    })
    .sort((a, b) => a.free - b.free)[0];
  if (!worst) return result('disk', 'warn', 'neither the media nor the backup folder exists yet');
  const growth = await dailyGrowth(db, now);
  const daysLeft = growth ? Math.floor(worst.free / growth) : undefined;
  const free = `${(worst.free / MB).toFixed(0)} MB free on the disk of ${worst.dir} (media ${(media / MB).toFixed(1)} MB, a backup ${(oneBackup / MB).toFixed(1)} MB${
    growth ? `; at the last days' growth, ${(growth / MB).toFixed(1)} MB a day, full in ${daysLeft} days` : ''
  })`;
  if (worst.free < oneBackup || worst.free < 20 * MB || (daysLeft !== undefined && daysLeft < 7)) {
    return result('disk', 'fail', `${free}: the backups will soon not fit; free space or move BACKUP_DIR to a larger disk`);
  }
  if (worst.free < Math.max(2 * oneBackup, 100 * MB) || worst.free / worst.total < 0.1 || (daysLeft !== undefined && daysLeft < 30)) {
    return result('disk', 'warn', `${free}: free space within the month`);
  }
  return result('disk', 'ok', free);
}

async function backupCheck(db: Database, config: Config, now: number): Promise<CheckResult> {
  const status = await backupStatus(db, config.backup, now);
  if (status.state === 'failed') return result('backups', 'fail', status.message);
  if (status.state === 'missing') return result('backups', status.newest ? 'fail' : 'warn', status.message);
  if (status.state === 'off') return result('backups', 'warn', `${status.message} Set BACKUP_HOUR, or take backups another way`);
  const newest = listBackups(config.backup.dir)[0];
  if (!newest) return result('backups', 'fail', `the newest backup recorded (${status.newest!.folder}) is not in ${config.backup.dir}: was it moved?`);
  try {
    await verifyBackup(join(config.backup.dir, newest, BACKUP_FILE));
  } catch (error) {
    return result('backups', 'fail', `the newest backup ${newest} no longer passes its check: ${(error as Error).message}. Run npm run admin -- backup-now`);
  }
  return result('backups', 'ok', `${status.message}${status.newest?.restic === 'ok' ? ' Copied off-site with restic.' : ''}`);
}

/**
 * The media and backup folders take a file (the check /readyz makes of the media folder): a read-only one is a
 * failure naming it, as uploads or the nightly backup would fail there. A folder not made yet is made in its parent.
 */
async function foldersCheck(config: Config): Promise<CheckResult> {
  const failing: string[] = [];
  for (const [name, dir] of [
    ['media folder', config.mediaDir],
    ['backup folder', config.backup.dir],
  ] as const) {
    let near = dir;
    while (!existsSync(near) && dirname(near) !== near) near = dirname(near);
    if ((await folderWritable(near)) === 'fail') failing.push(`the ${name} ${near} is read-only`);
  }
  if (failing.length) {
    return result('folders', 'fail', `${failing.join('; ')}: uploads or backups fail there; make it writable by the user that runs Scena (chown, chmod u+w)`);
  }
  return result('folders', 'ok', `the media folder (${config.mediaDir}) and the backup folder (${config.backup.dir}) take files`);
}

function permissionsCheck(config: Config, dbFile: string): CheckResult {
  const wide: string[] = [];
  const want = (path: string, mode: number) => {
    const info = statSync(path, { throwIfNoEntry: false });
    if (info && (info.mode & 0o077) !== 0) wide.push(`${path} is ${(info.mode & 0o777).toString(8)} (want ${mode.toString(8)})`);
  };
  want(dbFile, 0o600);
  for (const suffix of ['-wal', '-shm']) want(`${dbFile}${suffix}`, 0o600);
  want(config.mediaDir, 0o700);
  want(config.backup.dir, 0o700);
  for (const name of listBackups(config.backup.dir)) {
    want(join(config.backup.dir, name), 0o700);
    want(join(config.backup.dir, name, BACKUP_FILE), 0o600);
  }
  if (wide.length)
    return result(
      'permissions',
      'fail',
      `${wide.slice(0, 3).join('; ')}${wide.length > 3 ? ` and ${wide.length - 3} more` : ''}: run chmod (others could read the password hashes)`,
    );
  return result('permissions', 'ok', 'the database and backups are readable by this user only (0600 files, 0700 folders)');
}

/** One GET of the address: its status, the certificate, and whether it is trusted (the system's CAs, NODE_EXTRA_CA_CERTS, or `ca`). */
function httpsGet(url: URL, timeoutMs: number, ca?: Buffer): Promise<{ status: number; cert: PeerCertificate; authorized: boolean; error?: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: 'GET', rejectUnauthorized: false, timeout: timeoutMs, ...(ca ? { ca } : {}), agent: false }, (res) => {
      const socket = res.socket as TLSSocket;
      const error = socket.authorizationError ? String(socket.authorizationError) : undefined;
      const answer = { status: res.statusCode ?? 0, cert: socket.getPeerCertificate(), authorized: socket.authorized, ...(error ? { error } : {}) };
      res.resume();
      res.once('end', () => resolvePromise(answer));
    });
    req.once('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    req.once('error', reject);
    req.end();
  });
}

async function httpsCheck(publicUrl: string, now: number, timeoutMs: number, ca?: Buffer): Promise<CheckResult> {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return result('https', 'fail', `PUBLIC_URL is not an address: ${publicUrl}`);
  }
  if (url.protocol !== 'https:') return result('https', 'fail', `${publicUrl} is not https: serve the site over HTTPS (docs/operating.md, Caddy)`);
  try {
    const { status, cert, authorized, error } = await httpsGet(url, timeoutMs, ca);
    if (!authorized) return result('https', 'fail', `${url.host} answers with a certificate browsers refuse (${error}): check the proxy's certificate`);
    const days = Math.floor((Date.parse(cert.valid_to) - now) / DAY);
    if (days < 14) {
      return result(
        'https',
        'fail',
        `${url.host}'s certificate ends in ${days} days (${cert.valid_to}): is the proxy renewing it? (Caddy does by itself when ports 80 and 443 reach it)`,
      );
    }
    if (status >= 500) return result('https', 'fail', `${url.href} answers ${status}: is Scena running behind the proxy?`);
    return result('https', 'ok', `${url.host} answers ${status} over HTTPS; the certificate is valid ${days} more days`);
  } catch (error) {
    return result('https', 'fail', `${url.host} does not answer over HTTPS: ${(error as Error).message}`);
  }
}

export async function runDoctor(options: DoctorOptions = {}): Promise<CheckResult[]> {
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const results: CheckResult[] = [];
  let config: Config;
  try {
    config = loadConfig(env);
    results.push(result('configuration', 'ok', 'every variable is valid'));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [result('configuration', 'fail', `${error.problems.join('; ')}: fix these first`)];
  }
  // The doctor never migrates: an older database is the server's to back up and migrate at its next start.
  let db: Database;
  try {
    db = await openDatabase(config.databaseUrl, config.databaseAuthToken, {
      beforeMigrate: async (_db, from) => {
        throw new NeedsMigration(from);
      },
    });
  } catch (error) {
    if (!(error instanceof NeedsMigration)) throw error;
    return [
      ...results,
      result(
        'database',
        'fail',
        `at schema version ${error.from}, older than this Scena's (${SCHEMA_VERSION}): restart the server (it backs the database up, then migrates it), then run the doctor again`,
      ),
    ];
  }
  try {
    results.push(...(await adminChecks(db, config)));
    results.push(...(await mailCheck(config, env, { ...options, timeoutMs })));
    results.push(dkimCheck(config));
    results.push(await proxyCheck(db, config));
    results.push(await diskCheck(db, config, now));
    results.push(await foldersCheck(config));
    results.push(await backupCheck(db, config, now));
    const integrity = await integrityCheck(db);
    results.push(
      integrity === 'ok'
        ? result('database', 'ok', 'integrity check: ok')
        : result('database', 'fail', `integrity check: ${integrity.split('\n')[0]}. Restore the newest backup (docs/operating.md, Restore)`),
    );
    if (db.file) results.push(permissionsCheck(config, db.file));
    results.push(await httpsCheck(options.publicUrl ?? (env.PUBLIC_URL?.trim() || siteConfig.siteUrl), now, timeoutMs, options.ca));
  } finally {
    db.close();
  }
  return results;
}

export function formatResults(results: CheckResult[]): string {
  return results.map((r) => `${r.state.padEnd(4)}  ${r.check}: ${r.message}`).join('\n');
}
