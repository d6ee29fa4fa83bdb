// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, initialLanguage, LANGUAGE_KEY, languageFromPath, saveLanguage } from './language';

afterEach(() => localStorage.clear());

describe('language on load', () => {
  it('uses a saved choice only when it is exactly en or ro', () => {
    expect(chooseLanguage('ro', 'en-US')).toBe('ro');
    expect(chooseLanguage('en', 'ro-RO')).toBe('en');
    for (const bad of ['RO', 'ro-RO', ' en', 'fr', '', 'null']) {
      expect(chooseLanguage(bad, 'en-GB')).toBe('en');
      expect(chooseLanguage(bad, 'ro-RO')).toBe('ro');
    }
  });

  it('falls back to ro when the browser language starts with ro, else en', () => {
    expect(chooseLanguage(null, 'ro')).toBe('ro');
    expect(chooseLanguage(null, 'ro-MD')).toBe('ro');
    expect(chooseLanguage(null, 'RO-ro')).toBe('ro');
    expect(chooseLanguage(null, 'rm')).toBe('en');
    expect(chooseLanguage(null, 'de-DE')).toBe('en');
    expect(chooseLanguage(null, undefined)).toBe('en');
  });

  it('is saved at once under the artist name plus "lang", and read back', () => {
    expect(LANGUAGE_KEY).toBe('tudorvale_lang');
    saveLanguage('ro');
    expect(localStorage.getItem('tudorvale_lang')).toBe('ro');
    expect(initialLanguage()).toBe('ro');
  });

  it('survives storage that throws', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => saveLanguage('ro')).not.toThrow();
    expect(['en', 'ro']).toContain(initialLanguage());
    expect(spy).toHaveBeenCalled();
  });

  it('reads the language fixed by a language address', () => {
    expect(languageFromPath('/ro/')).toBe('ro');
    expect(languageFromPath('/en/')).toBe('en');
    expect(languageFromPath('/')).toBeUndefined();
    expect(languageFromPath('/romania/')).toBeUndefined();
  });
});
