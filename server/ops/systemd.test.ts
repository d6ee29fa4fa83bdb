/**
 * The systemd unit: `systemd-analyze verify` accepts it, and `systemd-analyze security --offline=true` rates it within
 * the budget (≤ 3.0, "OK"; decision 0030 records the score). Only files are read: no service is started.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/child-server';
import { tempDir } from '../test/helpers';

const ANALYZE = '/usr/bin/systemd-analyze';
const EXPOSURE_BUDGET = 3.0;
const tmp = tempDir('scena-unit-');
afterAll(() => tmp.remove());

describe('npm run admin -- systemd-unit', () => {
  it('prints a unit that systemd-analyze verifies, hardened to an exposure of 3.0 or less', async () => {
    if (!existsSync(ANALYZE)) throw new Error(`${ANALYZE} is missing: install Debian's systemd (npm test does: scripts/test.mjs)`);
    const data = join(tmp.dir, 'data');
    const backups = join(tmp.dir, 'backups');
    const printed = await runCli(['systemd-unit'], { DATABASE_URL: join(data, 'scena.db'), BACKUP_DIR: backups });
    expect(printed.code).toBe(0);
    const unit = printed.out.slice(printed.out.indexOf('# Scena'));
    for (const line of [
      'User=scena',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      `ReadWritePaths=${data} ${backups}`,
      'PrivateTmp=yes',
      'ProtectHome=yes',
      'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
      'SystemCallFilter=@system-service',
    ]) {
      expect(unit.split('\n'), line).toContain(line);
    }
    const file = join(tmp.dir, 'scena.service');
    writeFileSync(file, unit);
    const verify = spawnSync(ANALYZE, ['verify', file], { encoding: 'utf8' });
    expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('');
    expect(verify.status).toBe(0);
    const security = execFileSync(ANALYZE, ['security', '--offline=true', '--no-pager', file], { encoding: 'utf8' });
    const score = Number(/Overall exposure level for scena\.service: (\d+\.\d)/.exec(security)?.[1]);
    expect(score).toBeLessThanOrEqual(EXPOSURE_BUDGET);
    expect(security).toMatch(/: \d+\.\d OK/);
  }, 20_000);
});
