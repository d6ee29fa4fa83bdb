import type { Language } from '../content/model';

const SEPARATOR: Record<Language, string> = { en: ',', ro: '.' };

/**
 * A whole number as the page shows it: groups of three digits, "," in English and "." in Romanian,
 * exactly what Intl.NumberFormat('en-GB' / 'ro-RO') prints for whole numbers (a unit test compares
 * the two). Written by hand because the first Intl.NumberFormat a page builds loads ICU's locale
 * data: about 35 ms of main thread on a phone, measured in the hydration profile, for two integers.
 * Anything that is not a whole number falls back to Intl.
 */
export function formatCount(value: number, lang: Language): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat(lang === 'ro' ? 'ro-RO' : 'en-GB').format(value);
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? group + SEPARATOR[lang] + grouped : group;
  }
  return value < 0 ? '-' + grouped : grouped;
}
