import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 3000, a file under ./data and the site config admin e-mail', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.databaseUrl).toMatch(/^file:\/.*\/data\/scena\.db$/);
    expect(config.adminEmail).toBe('admin@tudorvale.ro');
    expect(config.trustProxy).toBe(false);
  });

  it('takes PORT, HOST, a plain path or a libsql URL, ADMIN_EMAIL (lower-cased) and TRUST_PROXY', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: '/srv/scena.db', ADMIN_EMAIL: 'Owner@Example.com', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'file:/srv/scena.db', adminEmail: 'owner@example.com', trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    expect(loadConfig({ DATABASE_URL: 'libsql://db.example.com' }).databaseUrl).toBe('libsql://db.example.com');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('fails with the list of everything that is wrong', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x/y', ADMIN_EMAIL: 'not-an-email', TRUST_PROXY: 'true', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_EMAIL', 'TRUST_PROXY', 'LOG_LEVEL']) expect(problems).toContain(key);
    expect((error as ConfigError).problems).toHaveLength(5);
  });
});
