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
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: '/srv/scena.db',
      ADMIN_EMAIL: 'Owner@Example.com',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'file:/srv/scena.db',
      adminEmail: 'owner@example.com',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
    });
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

  it('refuses a remote libsql server over plain http:// or ws:// (or ?tls=0), naming DATABASE_URL and the host', () => {
    for (const url of [
      'http://db.example.com:8080',
      'ws://db.example.com',
      'HTTP://10.0.0.5:8080',
      'libsql://db.example.com:8080?tls=0',
      'http://[2001:db8::1]:8080',
      'http://127.0.0.1.nip.io:8080',
    ]) {
      let error: unknown;
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (e) {
        error = e;
      }
      expect(error, url).toBeInstanceOf(ConfigError);
      const [problem] = (error as ConfigError).problems;
      expect(problem).toMatch(/^DATABASE_URL would reach the database at \S+ over (plain (http|ws):\/\/|libsql:\/\/ with \?tls=0), unencrypted/);
      expect(problem).toContain('use https://, wss:// or libsql:// (TLS), or a loopback address');
    }
  });

  it('takes TLS URLs anywhere, and plain http:// or ws:// on loopback only', () => {
    for (const url of [
      'https://db.example.com',
      'wss://db.example.com',
      'libsql://db.example.com',
      'libsql://db.example.com?tls=1',
      'http://127.0.0.1:8080',
      'http://127.3.4.5:8080',
      'ws://localhost:8080',
      'http://LOCALHOST:8080',
      'http://[::1]:8080',
      'libsql://127.0.0.1:8080?tls=0',
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl, url).toBe(url);
    }
  });
});
