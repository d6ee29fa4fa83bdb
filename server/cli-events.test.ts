/** The admin CLI's changes leave one JSON security event each on stderr, never with the password. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './test/helpers';
import { runCliSplit, securityEvents } from './test/run-cli';

const tmp = tempDir('scena-cli-events-');
afterAll(() => tmp.remove());

describe('npm run admin: security events', () => {
  it('logs account created, password changed, backup, restore and import, without a password', async () => {
    const env = { DATABASE_URL: join(tmp.dir, 'scena.db') };
    const first = 'violet-harbour-1987';
    const second = 'amber-meadow-5521';
    const runs = [];

    const created = await runCliSplit(['create', 'Admin@TudorVale.ro'], { ...env, ADMIN_PASSWORD: first });
    runs.push(created);
    expect(created.code, created.stderr).toBe(0);
    expect(securityEvents(created.stderr)).toEqual([
      expect.objectContaining({ security: 'account.created', email: 'admin@tudorvale.ro', msg: 'security event' }),
    ]);

    // From standard input this time, as at a prompt.
    const reset = await runCliSplit(['reset-password', 'admin@tudorvale.ro'], env, `${second}\n`);
    runs.push(reset);
    expect(reset.code, reset.stderr).toBe(0);
    expect(securityEvents(reset.stderr)).toEqual([expect.objectContaining({ security: 'password.changed', email: 'admin@tudorvale.ro' })]);

    const backupFile = join(tmp.dir, 'backup.db');
    const backedUp = await runCliSplit(['backup', backupFile], env);
    runs.push(backedUp);
    expect(securityEvents(backedUp.stderr)).toEqual([expect.objectContaining({ security: 'backup', file: resolve(backupFile) })]);

    const restored = await runCliSplit(['restore', backupFile], env);
    runs.push(restored);
    expect(securityEvents(restored.stderr)).toEqual([
      expect.objectContaining({ security: 'restore', file: resolve(backupFile), reason: 'accounts-kept', sessionsEnded: 0 }),
    ]);

    const json = join(tmp.dir, 'content.json');
    writeFileSync(json, JSON.stringify({ format: 'scena-content', version: 1, content: { releases: [], collaborators: [] } }));
    const imported = await runCliSplit(['import', json], env);
    runs.push(imported);
    expect(securityEvents(imported.stderr)).toEqual([expect.objectContaining({ security: 'import', file: resolve(json) })]);

    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      // stdout keeps the human messages; every stderr line is one JSON event.
      expect(securityEvents(run.stdout)).toEqual([]);
      for (const line of run.stderr.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
      for (const secret of [first, second]) expect(run.stdout + run.stderr).not.toContain(secret);
    }
  }, 60_000);

  it('logs nothing when a command fails', async () => {
    const env = { DATABASE_URL: join(tmp.dir, 'failing.db'), ADMIN_PASSWORD: 'password123' };
    const weak = await runCliSplit(['create', 'admin@tudorvale.ro'], env);
    expect(weak.code).toBe(1);
    expect(securityEvents(weak.stderr)).toEqual([]);
    expect(weak.stdout + weak.stderr).not.toContain('password123');
  }, 30_000);
});
