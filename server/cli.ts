/**
 * The admin command line: `npm run admin -- <command>`.
 *   create <email>            a new account; password from ADMIN_PASSWORD, else asked at a prompt
 *   reset-password <email>    a new password (same), and every session of that account ends
 *   backup <file>             a consistent copy of the database, safe while the server runs
 *   restore <file>            replace everything with a backup (all sessions end)
 *   export <file.json>        all content as JSON
 *   import <file.json>        replace all content with a JSON export (validated like the API)
 * Uses DATABASE_URL (and ADMIN_EMAIL) like the server.
 */
import { createInterface } from 'node:readline';
import { AccountError, createAccount, resetPassword } from './auth/accounts';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { MaintenanceError, backup, exportToFile, importFromFile, restore } from './maintenance';

const USAGE = `Usage: npm run admin -- <command> <argument>
  create <email>           create an account (password from ADMIN_PASSWORD, else a prompt)
  reset-password <email>   set a new password (same) and end that account's sessions
  backup <file>            copy the database (safe while the server runs)
  restore <file>           replace everything with a backup
  export <file.json>       write all content as JSON
  import <file.json>       replace all content with a JSON export`;

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

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || !arg || argv.length > 2) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  try {
    switch (command) {
      case 'create': {
        await createAccount(db, arg, await newPassword());
        console.log(`Created the account ${arg.trim().toLowerCase()}.`);
        if (arg.trim().toLowerCase() !== config.adminEmail) {
          console.log(`Note: the admin is ${config.adminEmail} (ADMIN_EMAIL); this account will get "Not authorized" at sign-in.`);
        }
        return 0;
      }
      case 'reset-password':
        await resetPassword(db, arg, await newPassword());
        console.log(`Changed the password of ${arg.trim()}; its sessions have ended.`);
        return 0;
      case 'backup':
        await backup(db, arg);
        console.log(`Backed up to ${arg} (integrity check: ok).`);
        return 0;
      case 'restore':
        await restore(db, arg);
        console.log(`Restored from ${arg}. Every session has ended: sign in again.`);
        return 0;
      case 'export':
        await exportToFile(db, arg);
        console.log(`Exported all content to ${arg}.`);
        return 0;
      case 'import': {
        const content = await importFromFile(db, arg);
        console.log(`Imported ${content.releases.length} releases and ${content.collaborators.length} collaborators from ${arg}.`);
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
