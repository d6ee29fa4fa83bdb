/** Another program holding the database's write lock: an `sqlite3` shell left in a transaction, as an operator might. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface HeldLock {
  /** Ends the shell's transaction (nothing it did is kept) and waits until the shell has exited. */
  release(): Promise<void>;
}

/**
 * Takes the write lock in an `sqlite3` shell. With `seconds`, the shell itself lets go after that long (`.shell sleep`):
 * the release must not depend on this process, whose event loop SQLite's busy wait blocks (libsql's calls are
 * synchronous: a request waiting for the lock holds the whole server, and a test in it, until the lock goes).
 */
export async function holdWriteLock(dbFile: string, seconds?: number): Promise<HeldLock> {
  const shell = spawn('sqlite3', [dbFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(shell, 'exit');
  // BEGIN IMMEDIATE takes the write lock at once; the shell prints the word only once it holds it.
  shell.stdin.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n");
  let out = '';
  for await (const chunk of shell.stdout) {
    out += String(chunk);
    if (out.includes('locked')) break;
  }
  if (!out.includes('locked')) throw new Error('the sqlite3 shell did not take the write lock');
  if (seconds !== undefined) shell.stdin.end(`.shell sleep ${seconds}\nROLLBACK;\n.quit\n`);
  return {
    async release() {
      if (!shell.stdin.writableEnded) shell.stdin.end('ROLLBACK;\n.quit\n');
      await exited;
    },
  };
}
