/**
 * The admin's dictionaries (docs/decisions/0031): every phrase in both languages, as the public page's test checks
 * src/i18n. ADMIN_WORDS (./words.ts) and its part for the Media page (./media/words.ts).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../content/model';
import { MEDIA_WORDS } from './media/words';
import { ADMIN_WORDS } from './words';

const DICTIONARIES = { ADMIN_WORDS, MEDIA_WORDS } as Record<string, Record<string, Record<string, unknown>>>;
const entries = Object.entries(DICTIONARIES).flatMap(([dictionary, words]) =>
  Object.entries(words).map(([key, phrase]) => [`${dictionary}.${key}`, phrase] as const),
);
const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** A phrase's texts: one per language, or one per plural category. */
const texts = (phrase: unknown): string[] => (typeof phrase === 'string' ? [phrase] : Object.values(phrase as Record<string, string>));

describe("the admin's dictionaries", () => {
  it('hold every phrase in every language, none empty', () => {
    for (const [key, phrase] of entries) {
      expect(Object.keys(phrase).sort(), key).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) for (const text of texts(phrase[language])) expect(text.trim(), `${key}.${language}`).not.toBe('');
    }
  });

  it('have the same {placeholders} in both languages', () => {
    for (const [key, phrase] of entries) {
      const [en, ro] = [phrase.en, phrase.ro].map((p) => [...new Set(texts(p).flatMap(names))].sort());
      expect(ro, key).toEqual(en);
    }
  });

  it('count as each language does: English one/other, Romanian one/few/other ("1 zi", "3 zile", "20 de zile")', () => {
    for (const [key, phrase] of entries) {
      if (typeof phrase.en === 'string') continue;
      expect(Object.keys(phrase.en as object).sort(), key).toEqual(['one', 'other']);
      expect(Object.keys(phrase.ro as object).sort(), key).toEqual(['few', 'one', 'other']);
    }
  });

  it('write Romanian with comma-below ș ț, never the cedilla ş ţ or a tilde ã, and its quotes as „…”', () => {
    const romanian = entries.flatMap(([, phrase]) => texts(phrase.ro)).join('\n');
    expect(romanian).not.toMatch(/[şţŞŢã]/);
    expect(romanian).not.toMatch(/[“"][^”"]*”/);
    expect(romanian).toMatch(/[ăâîșț]/);
  });
});
