import { describe, expect, it } from 'vitest';
import { commonPasswords, hashPassword, passwordProblem, verifyPassword } from './password';

describe('password policy', () => {
  it('accepts 8 to 128 characters of anything that is not a common password', () => {
    expect(passwordProblem('violet-harbour-1987')).toBeUndefined();
    expect(passwordProblem('ăîșț ȘȚ 🎵 ok')).toBeUndefined();
    expect(passwordProblem('x7$kQ2!m')).toBeUndefined();
    expect(passwordProblem('k'.repeat(64) + 'Z9')).toBeUndefined();
    expect(passwordProblem('q'.repeat(127) + 'Z')).toBeUndefined();
  });

  it('refuses short, overlong, common and e-mail passwords', () => {
    expect(passwordProblem('x7$kQ2!')).toMatch(/at least 8/);
    expect(passwordProblem('a'.repeat(129))).toMatch(/at most 128/);
    for (const common of ['password', 'PASSWORD', '12345678', 'iloveyou', 'qwertyuiop', 'football']) {
      expect(passwordProblem(common), common).toMatch(/common/);
    }
    expect(passwordProblem('admin@tudorvale.ro', 'Admin@TudorVale.ro')).toMatch(/e-mail/);
  });

  it('ships a list of thousands of common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(5000);
  });

  it('hashes with argon2id at OWASP strength, salted, and verifies', async () => {
    const a = await hashPassword('violet-harbour-1987');
    const b = await hashPassword('violet-harbour-1987');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'violet-harbour-1987')).toBe(true);
    expect(await verifyPassword(a, 'violet-harbour-1988')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
