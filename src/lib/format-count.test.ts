import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('prints what Intl.NumberFormat prints for en-GB and ro-RO, for any whole number', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('en' as const, 'ro' as const), (n, lang) => {
        expect(formatCount(n, lang)).toBe(new Intl.NumberFormat(lang === 'ro' ? 'ro-RO' : 'en-GB').format(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('groups the figures the admin tests look for', () => {
    expect(formatCount(12_345, 'en')).toBe('12,345');
    expect(formatCount(12_345, 'ro')).toBe('12.345');
    expect(formatCount(999, 'ro')).toBe('999');
    expect(formatCount(0, 'en')).toBe('0');
  });

  it('leaves fractions to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(1234.5, 'ro')).toBe('1.234,5');
  });
});
