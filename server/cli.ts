/**
 * The admin command line: `npm run admin -- <command>`.
 *   create <email>            a new account; password from ADMIN_PASSWORD, else asked at a prompt
 *   reset-password <email>    a new password (same), and every session of that account ends
 *   backup <file>             a consistent copy of the database (0600), safe while the server runs, and the
 *                             images it names in <file>.media/
 *   restore <file> [--with-accounts]
 *                             replace the content with a checked backup's; the accounts stay unless
 *                             --with-accounts (all sessions end)
 *   export <file.json>        all content as JSON
 *   import <file.json>        replace all content with a JSON export (validated like the API)
 *   sample [--replace]        fill an empty database with the sample catalogue (server/sample.ts)
 *   media-gc                  remove the image files no item and no kept version names
 * Uses DATABASE_URL (and ADMIN_EMAIL) like the server. Each change is also logged as one JSON
 * security event on stderr (server/security-events.ts), never with the password.
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { AccountError, createAccount, resetPassword } from './auth/accounts';
import { normalEmail } from './auth/email';
import { ConfigError, loadConfig, mailAddress } from './config';
import { dkimDir, domainOf, makeDkim, SELECTOR } from './mail/dkim';
import { openDatabase } from './db/client';
import { MaintenanceError, backup, exportToFile, importFromFile, loadSample, mediaGc, restore } from './maintenance';
import { cliEventLogger, logSecurityEvent } from './security-events';
import { OPS_USAGE, runOpsCommand } from './ops/cli';

const USAGE = `Usage: npm run admin -- <command> <argument> [option]
  create <email>           create an account (password from ADMIN_PASSWORD, else a prompt)
  reset-password <email>   set a new password (same) and end that account's sessions
  backup <file>            copy the database (safe while the server runs; readable by you only),
                           and its images into <file>.media/
  restore <file>           replace all content with a backup's, after checking it (integrity,
                           schema version, every item valid); the current accounts stay, and
                           every session ends
  restore <file> --with-accounts
                           the same, and the backup's accounts replace the current ones
  export <file.json>       write all content as JSON, its images into <file.json>.media/
  import <file.json>       replace all content with a JSON export (its images from <file.json>.media/)
  sample                   fill an empty database with a sample catalogue (to try Scena, or measure it)
  sample --replace         the same over existing content (all of it is replaced)
  media-gc                 remove the image files that no image and no kept version names
  dkim <selector>          make the key every mail is signed with (DKIM, beside the database, 0600) for
                           MAIL_FROM's domain, and print the DNS TXT record to add; restart the server after
${OPS_USAGE}`;

/** The options each command takes. */
const OPTIONS: Record<string, string[]> = { restore: ['--with-accounts'], sample: ['--replace'] };
/** The commands that take no argument. */
const NO_ARGUMENT = new Set(['sample', 'media-gc']);

/** Reads a line without echoing it when on a terminal; reads the first line of stdin otherwise. */
export function readSecret(question: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const tty = Boolean(process.stdin.isTTY);
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
    if (tty) {
      process.stdout.write(question);
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    }
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      if (tty) process.stdout.write('\n');
      rl.close();
      resolvePromise(line);
    });
    rl.once('close', () => {
      if (!answered) reject(new Error('No password given (set ADMIN_PASSWORD or type it at the prompt).'));
    });
  });
}

async function newPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const first = await readSecret('New password (at least 8 characters): ');
  if (process.stdin.isTTY) {
    const again = await readSecret('The same password again: ');
    if (again !== first) throw new AccountError('The two passwords differ.');
  }
  return first;
}

/** `dkim <selector>`: a new key beside the database, and the TXT record the domain needs. */
function dkimCommand(config: ReturnType<typeof loadConfig>, selector: string): number {
  const from = process.env.MAIL_FROM?.trim() ? mailAddress(process.env.MAIL_FROM.trim()) : undefined;
  if (!from) {
    console.error('Set MAIL_FROM first (the address letters and notices come from): the key is made for its domain.');
    return 1;
  }
  if (!SELECTOR.test(selector)) {
    console.error(`The selector "${selector}" must be letters, digits and hyphens (e.g. scena1).`);
    return 64;
  }
  const dir = config.mail?.dkimDir ?? dkimDir(config.databaseUrl);
  const record = makeDkim(dir, selector, domainOf(from.address));
  console.log(
    [
      `Made a DKIM key for ${domainOf(from.address)} (selector ${selector}) in ${dir}/dkim.key (readable by you only).`,
      'Add this TXT record to the DNS of the domain, then restart Scena: every mail it sends is signed from then on.',
      '',
      `  name:  ${record.name}`,
      `  type:  TXT`,
      `  value: ${record.value}`,
      '',
      'Check it afterwards with: npm run admin -- doctor',
    ].join('\n'),
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  // Running Scena on a server: backups, the doctor, the service and the proxy (server/ops/cli.ts).
  const ops = await runOpsCommand(argv, USAGE);
  if (ops !== undefined) return ops;
  const options = argv.filter((a) => a.startsWith('--'));
  const [command, given, ...extra] = argv.filter((a) => !a.startsWith('--'));
  if (!command || (NO_ARGUMENT.has(command) ? given !== undefined : !given) || extra.length) {
    console.error(USAGE);
    return 64;
  }
  const unknown = options.filter((o) => !(OPTIONS[command] ?? []).includes(o));
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(', ')} for "${command}".\n${USAGE}`);
    return 64;
  }
  const arg = given ?? '';
  const config = loadConfig();
  // Signed mail (server/mail/dkim.ts): needs no database, only MAIL_FROM's domain and the database's folder.
  if (command === 'dkim') return dkimCommand(config, arg);
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  try {
    switch (command) {
      case 'create': {
        await createAccount(db, arg, await newPassword());
        const email = normalEmail(arg);
        logSecurityEvent(cliEventLogger, 'account.created', { email });
        console.log(`Created the account ${email}.`);
        if (email !== config.adminEmail) {
          console.log(`Note: the admin is ${config.adminEmail} (ADMIN_EMAIL); this account will get "Not authorized" at sign-in.`);
        }
        return 0;
      }
      case 'reset-password':
        await resetPassword(db, arg, await newPassword());
        logSecurityEvent(cliEventLogger, 'password.changed', { email: normalEmail(arg), reason: 'cli-reset' });
        console.log(`Changed the password of ${arg.trim()}; its sessions have ended.`);
        return 0;
      case 'backup':
        await backup(db, arg, config.mediaDir);
        logSecurityEvent(cliEventLogger, 'backup', { file: resolve(arg) });
        console.log(`Backed up to ${arg} (integrity check: ok), and its images to ${arg}.media/.`);
        return 0;
      case 'restore': {
        const withAccounts = options.includes('--with-accounts');
        const done = await restore(db, arg, { withAccounts, mediaDir: config.mediaDir });
        logSecurityEvent(cliEventLogger, 'restore', {
          file: resolve(arg),
          reason: withAccounts ? 'accounts-restored' : 'accounts-kept',
          sessionsEnded: done.sessionsEnded,
        });
        const migrated = done.migratedFrom === undefined ? '' : ` (brought from schema version ${done.migratedFrom} to this Scena's)`;
        console.log(`Restored ${done.releases} releases and ${done.collaborators} collaborators from ${arg}${migrated}.`);
        console.log(
          done.accounts === 'kept'
            ? `The ${done.accountCount} current account${done.accountCount === 1 ? ' was' : 's were'} kept (--with-accounts takes the backup's).`
            : `The backup's ${done.accountCount} account${done.accountCount === 1 ? '' : 's'} replaced the current ones.`,
        );
        if (done.accountCount === 0) console.log(`No account exists now: create one with npm run admin -- create ${config.adminEmail}`);
        console.log('Every session has ended: sign in again.');
        return 0;
      }
      case 'export':
        await exportToFile(db, arg, config.mediaDir);
        console.log(`Exported all content to ${arg}.`);
        return 0;
      case 'import': {
        const content = await importFromFile(db, arg, config.mediaDir);
        logSecurityEvent(cliEventLogger, 'import', { file: resolve(arg) });
        console.log(`Imported ${content.releases.length} releases and ${content.collaborators.length} collaborators from ${arg}.`);
        return 0;
      }
      case 'sample': {
        const content = await loadSample(db, options.includes('--replace'), config.mediaDir);
        logSecurityEvent(cliEventLogger, 'import', { file: 'sample catalogue' });
        console.log(
          `Loaded the sample catalogue: ${content.releases.length} releases, ${content.collaborators.length} collaborators, ${content.services.length} services with prices, ${content.credits.length} credits and ${content.testimonials.length} testimonials, ${content.shows.length} shows (${content.shows.filter((s) => s.poster).length} upcoming with posters), settings and stats, a portrait and ${content.releases.length + content.credits.length} covers${content.audio?.length ? `, and ${content.audio.length} recordings (a tagged beat, a mix and a master with their befores, the producer tag) on ${content.samples.length} samples` : ''}.`,
        );
        return 0;
      }
      case 'media-gc': {
        const done = await mediaGc(db, config.mediaDir);
        console.log(`Removed ${done.removed} unused image file${done.removed === 1 ? '' : 's'} (${(done.bytes / 1e6).toFixed(1)} MB); ${done.kept} kept.`);
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n${USAGE}`);
        return 64;
    }
  } finally {
    db.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof AccountError || error instanceof MaintenanceError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
