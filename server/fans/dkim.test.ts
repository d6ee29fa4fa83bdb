/**
 * Signed mail: `npm run admin -- dkim <selector>` makes the key (0600, beside the database) and prints the TXT record;
 * every mail through server/mail/transport.ts (a booking notice here) is then signed, and mailauth verifies it with
 * that record; the doctor says whether the key exists and matches MAIL_FROM's domain.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailTransport } from '../mail/transport';
import { runDoctor } from '../ops/doctor';
import { runCli } from '../test/child-server';
import { tempDir } from '../test/helpers';
import { smtpSink } from '../test/smtp';

const tmp = tempDir('scena-dkim-');
afterAll(() => tmp.remove());

describe('DKIM', () => {
  it('makes a key and its DNS record, signs every mail with it, and the doctor checks it against MAIL_FROM', async () => {
    const sink = await smtpSink();
    const env = { DATABASE_URL: join(tmp.dir, 'scena.db'), MAIL_FROM: 'Tudor Vale <letters@tudorvale.ro>', SMTP_URL: `smtp://127.0.0.1:${sink.port}` };
    const noKey = (await runDoctor({ env: { ...env, BACKUP_HOUR: 'off' }, publicUrl: 'http://localhost/', timeoutMs: 2_000 })).find((r) => r.check === 'dkim')!;
    expect(noKey.state).toBe('warn');

    const made = await runCli(['dkim', 'scena1'], env);
    expect(made.code, made.out).toBe(0);
    const value = /value: (v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+)/.exec(made.out)?.[1];
    expect(made.out).toContain('name:  scena1._domainkey.tudorvale.ro');
    expect(value).toBeDefined();
    expect(statSync(join(tmp.dir, 'dkim.key')).mode & 0o777).toBe(0o600);
    expect((await runCli(['dkim', 'not a selector'], env)).code).toBe(64);

    // A booking notice (no List-Unsubscribe) through the one transport: signed, and the record verifies it.
    const transport = mailTransport(loadConfig(env).mail!);
    await transport.sendMail({ from: 'letters@tudorvale.ro', to: 'artist@example.com', subject: 'Booking request', text: 'Hello' });
    transport.close();
    const verified = await dkimVerify(sink.received[0]!.raw, {
      resolver: async (name: string) => {
        if (name !== 'scena1._domainkey.tudorvale.ro') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        return [[value!]];
      },
    });
    expect(verified.results[0]!.status.result).toBe('pass');
    await sink.close();

    const doctor = async (from: string) =>
      (await runDoctor({ env: { ...env, MAIL_FROM: from, SMTP_URL: '', BACKUP_HOUR: 'off' }, publicUrl: 'http://localhost/', timeoutMs: 2_000 })).find(
        (r) => r.check === 'dkim',
      )!;
    expect(await doctor('letters@tudorvale.ro')).toMatchObject({ state: 'warn', message: expect.stringContaining('mail is not set up') });
    const ok = (await runDoctor({ env: { ...env, BACKUP_HOUR: 'off' }, publicUrl: 'http://localhost/', timeoutMs: 2_000 })).find((r) => r.check === 'dkim')!;
    expect(ok).toMatchObject({ state: 'ok', message: expect.stringContaining('selector scena1') });
    const other = (
      await runDoctor({ env: { ...env, MAIL_FROM: 'me@another.example', BACKUP_HOUR: 'off' }, publicUrl: 'http://localhost/', timeoutMs: 2_000 })
    ).find((r) => r.check === 'dkim')!;
    expect(other).toMatchObject({ state: 'fail', message: expect.stringContaining('the key is for tudorvale.ro but MAIL_FROM is at another.example') });
  }, 60_000);
});
