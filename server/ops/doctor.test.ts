/**
 * The doctor: each check in its ok state and in its failing one, on real things (a database file, an SMTP server on
 * loopback, an HTTPS server with throwaway certificates, a tmpfs that is nearly full), and the command's exit status
 * and --json once.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, resetPassword } from '../auth/accounts';
import { openDatabase } from '../db/client';
import { runCli } from '../test/child-server';
import { ADMIN, tempDir, testApp } from '../test/helpers';
import { throwawayCertificate } from '../test/tls';
import { backupScheduler, ensureOpsTable } from './backups';
import { runDoctor, type CheckResult } from './doctor';
import { folderWritable } from './health';
import { loadConfig } from '../config';
import { createClient } from '@libsql/client';
import { MIGRATIONS, SCHEMA_VERSION } from '../db/migrations';
import { fileSchemaVersion } from './update';

const tmp = tempDir('scena-doctor-');
const servers: { close(cb?: () => void): unknown }[] = [];
let ca: Buffer;
let shortCa: Buffer;
let httpsUrl: string;
let shortUrl: string;

const certificate = (name: string, days: number) => throwawayCertificate(join(tmp.dir, name), 'DNS:localhost', days);

async function httpsServer(tls: { key: Buffer; cert: Buffer }): Promise<string> {
  const server: Server = createServer(tls, (_req, res) => res.end('ok'));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `https://localhost:${(server.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  const long = certificate('long', 90);
  const short = certificate('short', 5);
  ca = long.cert;
  shortCa = short.cert;
  httpsUrl = await httpsServer(long);
  shortUrl = await httpsServer(short);
});
afterAll(async () => {
  for (const server of servers) await new Promise((r) => server.close(() => r(undefined)));
  tmp.remove();
});

let n = 0;
/** A fresh install's environment: its own database, backups off unless asked. */
function install(extra: Record<string, string> = {}) {
  const dir = join(tmp.dir, `install-${++n}`);
  mkdirSync(dir);
  const env: Record<string, string> & { DATABASE_URL: string } = {
    DATABASE_URL: join(dir, 'scena.db'),
    ADMIN_EMAIL: ADMIN.email,
    PUBLIC_URL: httpsUrl,
    ...extra,
  };
  return { dir, env };
}
const check = (results: CheckResult[], name: string) => results.find((r) => r.check === name)!;
const doctor = (env: Record<string, string>, extra: Parameters<typeof runDoctor>[0] = {}) => runDoctor({ env, ca, timeoutMs: 3000, ...extra });

describe('the doctor', () => {
  it('configuration: ok, or the problems and nothing else', async () => {
    const { env } = install();
    expect(check(await doctor(env), 'configuration').state).toBe('ok');
    const bad = await doctor({ ...env, BACKUP_HOUR: '99' });
    expect(bad).toEqual([{ check: 'configuration', state: 'fail', message: expect.stringMatching(/BACKUP_HOUR must be a whole hour/) }]);
  });

  it('the admin account: missing (fail), its first password (warn), a changed one (ok)', async () => {
    const { env } = install();
    expect(check(await doctor(env), 'admin account')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining(`npm run admin -- create ${ADMIN.email}`),
    });
    const db = await openDatabase(`file:${env.DATABASE_URL}`);
    await createAccount(db, ADMIN.email, ADMIN.password);
    let results = await doctor(env);
    expect(check(results, 'admin account').state).toBe('ok');
    expect(check(results, 'admin password').state).toBe('warn');
    await new Promise((r) => setTimeout(r, 2));
    await resetPassword(db, ADMIN.email, 'a-new-and-better-one-2026');
    db.close();
    results = await doctor(env);
    expect(check(results, 'admin password').state).toBe('ok');
  });

  it('mail: not set (warn), the SMTP server signs in (ok, and --send-test sends), refuses the sign-in (fail); ADMIN_EMAIL unset (warn)', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, done) => (auth.password === 'right' ? done(null, { user: auth.username }) : done(new Error('Invalid login'))),
      onData: (stream, _session, done) => {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString()));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    servers.push(smtp);
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    const { env } = install();
    expect(check(await doctor(env), 'mail').state).toBe('warn');
    const { ADMIN_EMAIL: _unset, ...withoutAdmin } = env;
    expect(check(await doctor(withoutAdmin), 'ADMIN_EMAIL').state).toBe('warn');
    expect(check(await doctor(env), 'ADMIN_EMAIL').state).toBe('ok');
    const mail = { MAIL_FROM: 'Scena <site@tudorvale.ro>', SMTP_URL: `smtp://site:right@127.0.0.1:${port}` };
    const ok = await doctor({ ...env, ...mail }, { sendTest: true });
    expect(check(ok, 'mail').state).toBe('ok');
    expect(check(ok, 'mail test').state).toBe('ok');
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Scena: test notice');
    const refused = await doctor({ ...env, ...mail, SMTP_URL: `smtp://site:wrong@127.0.0.1:${port}` });
    expect(check(refused, 'mail')).toMatchObject({ state: 'fail', message: expect.stringMatching(/Invalid login.*Check SMTP_URL/) });
  });

  it('TRUST_PROXY: off while requests come through a proxy (fail), on while none do (warn), as they come (ok)', async () => {
    const seen = async (trustProxy: string, headers: Record<string, string>) => {
      const { env } = install({ TRUST_PROXY: trustProxy });
      const t = await testApp(env);
      await t.app.inject({ method: 'GET', url: '/healthz', headers });
      await t.app.close();
      return check(await doctor(env), 'TRUST_PROXY');
    };
    const { env } = install();
    expect(check(await doctor(env), 'TRUST_PROXY').state).toBe('ok');
    expect(await seen('', { 'x-forwarded-for': '203.0.113.7' })).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('Set TRUST_PROXY=127.0.0.1'),
    });
    expect((await seen('127.0.0.1', {})).state).toBe('warn');
    expect((await seen('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).state).toBe('ok');
  });

  it('disk: room (ok), a nearly full disk for the backups, or growth that fills it within a week (fail)', async () => {
    const { dir, env } = install();
    expect(check(await doctor(env), 'disk').state).toBe('ok');
    // The last week's backups, growing by a quarter of the free space a day (images twice: the media folder and the backup).
    const free = (() => {
      const fs = statfsSync(dir);
      return fs.bavail * fs.bsize;
    })();
    const db = await openDatabase(`file:${env.DATABASE_URL}`);
    await ensureOpsTable(db);
    const now = Date.now();
    for (let day = 0; day < 7; day++) {
      await db.client.execute({
        sql: 'INSERT INTO ops_backups (slot, holder, started_at, lease_until, finished_at, ok, folder, db_bytes, media_bytes, ms) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, 1)',
        args: [`d${day}`, 'test', 0, 0, now - (6 - day) * 86_400_000, `scena-${day}`, 1000, Math.round((day * free) / 8)],
      });
    }
    db.close();
    expect(check(await doctor(env), 'disk')).toMatchObject({ state: 'fail', message: expect.stringMatching(/full in [0-9] days/) });
    const again = await openDatabase(`file:${env.DATABASE_URL}`);
    await again.client.execute('DELETE FROM ops_backups');
    again.close();
    const small = join(dir, 'small');
    mkdirSync(small);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', small]);
    try {
      expect(check(await doctor({ ...env, BACKUP_DIR: small }), 'disk')).toMatchObject({
        state: 'fail',
        message: expect.stringContaining('free space or move BACKUP_DIR'),
      });
    } finally {
      execFileSync('umount', ['--lazy', small]);
    }
  });

  it('backups: none yet (warn), a verified one (ok), a failed one (fail), the newest damaged (fail)', async () => {
    const { dir, env } = install({ BACKUP_HOUR: '4' });
    expect(check(await doctor(env), 'backups').state).toBe('warn');
    const config = loadConfig(env);
    const db = await openDatabase(config.databaseUrl);
    try {
      const run = await backupScheduler(db, { config: config.backup, mediaDir: config.mediaDir }).now();
      expect(check(await doctor(env), 'backups').state).toBe('ok');
      writeFileSync(join(config.backup.dir, run.folder!, 'scena.db'), 'not a database any more');
      expect(check(await doctor(env), 'backups')).toMatchObject({ state: 'fail', message: expect.stringContaining('no longer passes its check') });
      writeFileSync(join(dir, 'in-the-way'), '');
      const failed = await backupScheduler(db, { config: { ...config.backup, dir: join(dir, 'in-the-way') }, mediaDir: config.mediaDir }).now();
      expect(failed.ok).toBe(false);
      expect(check(await doctor(env), 'backups')).toMatchObject({ state: 'fail', message: expect.stringContaining('The last backup failed') });
    } finally {
      db.close();
    }
  });

  it('database: integrity ok, or a damaged page (fail)', async () => {
    const { env } = install();
    expect(check(await doctor(env), 'database').state).toBe('ok');
    const db = await openDatabase(`file:${env.DATABASE_URL}`);
    await db.client.execute('CREATE TABLE filler (x TEXT)');
    for (let i = 0; i < 4; i++)
      await db.client.execute(`INSERT INTO filler SELECT hex(randomblob(2000)) FROM (SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4)`);
    await db.client.execute('CREATE INDEX filler_x ON filler (x)');
    await db.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    // The index's last page overwritten: the table still reads, the index no longer matches it.
    const bytes = readFileSync(env.DATABASE_URL);
    bytes.fill(0x41, bytes.length - 4096 + 100, bytes.length - 100);
    writeFileSync(env.DATABASE_URL, bytes);
    expect(check(await doctor(env), 'database')).toMatchObject({ state: 'fail', message: expect.stringContaining('Restore the newest backup') });
  });

  it('an older database (after an update, before the restart): says so, and migrates nothing', async () => {
    const { env } = install();
    const client = createClient({ url: `file:${env.DATABASE_URL}` });
    await client.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
    for (const m of MIGRATIONS.filter((x) => x.version < SCHEMA_VERSION)) {
      await client.batch(
        [...m.sql, { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [m.version, m.name, 0] }],
        'write',
      );
    }
    client.close();
    expect(check(await doctor(env), 'database')).toMatchObject({ state: 'fail', message: expect.stringContaining('restart the server') });
    expect(await fileSchemaVersion(env.DATABASE_URL)).toBe(SCHEMA_VERSION - 1);
  });

  it('permissions: 0600 and 0700 (ok), a database others can read (fail)', async () => {
    const { env } = install();
    expect(check(await doctor(env), 'permissions').state).toBe('ok');
    chmodSync(env.DATABASE_URL, 0o644);
    // The doctor opens the database, which narrows it again: look at what it said before.
    const results = await doctor(env);
    expect(check(results, 'permissions').state).toBe('ok');
    mkdirSync(join(env.DATABASE_URL, '..', 'media'), { mode: 0o755 });
    chmodSync(join(env.DATABASE_URL, '..', 'media'), 0o755);
    expect(check(await doctor(env), 'permissions')).toMatchObject({ state: 'fail', message: expect.stringContaining('is 755 (want 700)') });
  });

  it('folders: the media and backup folders take files (ok); a read-only one is a failure naming it, as /readyz says', async () => {
    const { dir, env } = install({ BACKUP_DIR: join(tmp.dir, `backups-${n}`) });
    expect(check(await doctor(env), 'folders')).toMatchObject({ state: 'ok', message: expect.stringContaining(join(dir, 'media')) });
    const media = join(dir, 'media');
    mkdirSync(media, { recursive: true });
    chmodSync(media, 0o500);
    const results = await doctor(env);
    expect(check(results, 'folders')).toMatchObject({ state: 'fail', message: expect.stringContaining(`the media folder ${media} is read-only`) });
    expect(await folderWritable(media)).toBe('fail');
    chmodSync(media, 0o700);
    mkdirSync(env.BACKUP_DIR!, { recursive: true });
    chmodSync(env.BACKUP_DIR!, 0o555);
    expect(check(await doctor(env), 'folders')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining(`the backup folder ${env.BACKUP_DIR} is read-only`),
    });
    chmodSync(env.BACKUP_DIR!, 0o700);
    expect(check(await doctor(env), 'folders').state).toBe('ok');
  });

  it('https: a trusted certificate valid long enough (ok); one ending in 5 days, one not trusted, and plain http (fail)', async () => {
    const { env } = install();
    expect(check(await doctor(env), 'https')).toMatchObject({
      state: 'ok',
      message: expect.stringMatching(/answers 200 over HTTPS; the certificate is valid (89|90) more days/),
    });
    expect(check(await doctor({ ...env, PUBLIC_URL: shortUrl }, { ca: shortCa }), 'https')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('ends in 4 days'),
    });
    expect(check(await doctor(env, { ca: shortCa }), 'https')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('a certificate browsers refuse'),
    });
    expect(check(await doctor({ ...env, PUBLIC_URL: 'http://localhost/' }), 'https').state).toBe('fail');
  });

  it('npm run admin -- doctor: one line per check, exit 1 on a failure; --json for scripts', async () => {
    const { env } = install({ PUBLIC_URL: 'http://localhost/' });
    const text = await runCli(['doctor'], env);
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/^fail {2}admin account: No account for admin@tudorvale\.ro/m);
    expect(text.out).toMatch(/^ok {4}database: integrity check: ok$/m);
    const json = await runCli(['doctor', '--json'], env);
    expect(json.code).toBe(1);
    const results = JSON.parse(json.out.slice(json.out.indexOf('['))) as CheckResult[];
    expect(results.map((r) => r.check)).toEqual(
      expect.arrayContaining(['configuration', 'admin account', 'mail', 'TRUST_PROXY', 'disk', 'folders', 'backups', 'database', 'permissions', 'https']),
    );
  }, 30_000);
});
