/**
 * The admin command line's commands for running Scena on a server (server/cli.ts hands them over here):
 *   doctor [--json] [--send-test]   one line per check (ok / warn / fail and what to do)
 *   systemd-unit                    a hardened systemd unit, on stdout
 *   caddyfile <domain> [--no-log]   a Caddyfile for HTTPS on the domain, on stdout; the TRUST_PROXY to set, on stderr
 *   update-check                    whether the database needs a migration at the next start
 *   backup-now                      take a scheduled-style backup now (BACKUP_DIR; verified, then pruned)
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { backupScheduler } from './backups';
import { formatResults, runDoctor } from './doctor';
import { updateCheck } from './update';
import { CADDY_TRUST_PROXY, caddyfile, domainProblem, systemdUnit, unitOptions } from './service';

export const OPS_USAGE = `  doctor [--json] [--send-test]
                           check what the site needs (admin, mail, proxy, disk, backups, database,
                           permissions, HTTPS at PUBLIC_URL or siteUrl); non-zero exit on a failure
  systemd-unit             print a hardened systemd service for Scena (a dedicated user, restarted on failure)
  caddyfile <domain>       print a Caddyfile for HTTPS on the domain and www., and the TRUST_PROXY to set
  update-check             say whether the database needs a migration (the server backs it up first)
  backup-now               take a backup into BACKUP_DIR now, as the server does each day (verified,
                           then the older ones pruned: 7 daily, 4 weekly, 12 monthly)`;

type Command = (args: string[], options: string[]) => Promise<number>;

const COMMANDS: Record<string, { options: string[]; args: number; run: Command }> = {
  'update-check': {
    options: [],
    args: 0,
    run: async () => {
      const check = await updateCheck(loadConfig());
      console.log(check.message);
      return check.state === 'newer' ? 1 : 0;
    },
  },
  'systemd-unit': {
    options: [],
    args: 0,
    run: async () => {
      process.stdout.write(systemdUnit(unitOptions(loadConfig())));
      return 0;
    },
  },
  caddyfile: {
    options: ['--no-log'],
    args: 1,
    run: async ([domain], options) => {
      const problem = domainProblem(domain!);
      if (problem) {
        console.error(problem);
        return 64;
      }
      const config = loadConfig();
      const host = config.host === 'localhost' ? '127.0.0.1' : config.host;
      const accessLog = options.includes('--no-log') ? undefined : '/var/log/caddy/scena-access.log';
      process.stdout.write(caddyfile({ domain: domain!, upstream: `${host}:${config.port}`, accessLog }));
      console.error(
        `Set TRUST_PROXY=${CADDY_TRUST_PROXY} in Scena's environment (${config.trustProxy === false ? 'it is off now' : `it is ${String(config.trustProxy)} now`}), and keep HOST=127.0.0.1 so only Caddy reaches Scena.`,
      );
      return 0;
    },
  },
  doctor: {
    options: ['--json', '--send-test'],
    args: 0,
    run: async (_args, options) => {
      const results = await runDoctor({ sendTest: options.includes('--send-test') });
      console.log(options.includes('--json') ? JSON.stringify(results, null, 2) : formatResults(results));
      return results.some((r) => r.state === 'fail') ? 1 : 0;
    },
  },
  'backup-now': {
    options: [],
    args: 0,
    run: async () => {
      const config = loadConfig();
      const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
      try {
        const run = await backupScheduler(db, { config: config.backup, mediaDir: config.mediaDir }).now();
        if (!run.ok) {
          console.error(`The backup failed: ${run.error}`);
          return 1;
        }
        console.log(
          `Backed up to ${config.backup.dir}/${run.folder} (verified; database ${(run.dbBytes! / 1e6).toFixed(2)} MB, images ${(run.mediaBytes! / 1e6).toFixed(2)} MB, ${run.ms} ms).`,
        );
        if (run.pruned.length) console.log(`Pruned ${run.pruned.length} older backup${run.pruned.length === 1 ? '' : 's'}: ${run.pruned.join(', ')}.`);
        if (run.restic) console.log(run.restic.ok ? 'Copied off-site with restic.' : `The off-site copy failed: ${run.restic.message}`);
        return run.restic && !run.restic.ok ? 1 : 0;
      } finally {
        db.close();
      }
    },
  },
};

/** Runs an ops command and resolves with its exit status, or undefined when `argv` is not one. */
export async function runOpsCommand(argv: string[], usage: string): Promise<number | undefined> {
  const options = argv.filter((a) => a.startsWith('--'));
  const [command, ...args] = argv.filter((a) => !a.startsWith('--'));
  const entry = command ? COMMANDS[command] : undefined;
  if (!entry) return undefined;
  const unknown = options.filter((o) => !entry.options.includes(o));
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(', ')} for "${command}".\n${usage}`);
    return 64;
  }
  if (args.length !== entry.args) {
    console.error(usage);
    return 64;
  }
  return entry.run(args, options);
}
