/**
 * The admin command line's commands for running Scena on a server (server/cli.ts hands them over here):
 *   doctor [--json] [--send-test]   one line per check (ok / warn / fail and what to do)
 *   backup-now                      take a scheduled-style backup now (BACKUP_DIR; verified, then pruned)
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { backupScheduler } from './backups';
import { formatResults, runDoctor } from './doctor';

export const OPS_USAGE = `  doctor [--json] [--send-test]
                           check what the site needs (admin, mail, proxy, disk, backups, database,
                           permissions, HTTPS at PUBLIC_URL or siteUrl); non-zero exit on a failure
  backup-now               take a backup into BACKUP_DIR now, as the server does each day (verified,
                           then the older ones pruned: 7 daily, 4 weekly, 12 monthly)`;

type Command = (args: string[], options: string[]) => Promise<number>;

const COMMANDS: Record<string, { options: string[]; args: number; run: Command }> = {
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
