// @vitest-environment jsdom
/** The admin's language (docs/decisions/0031): first from the browser, then the admin's choice, kept; <html lang> follows. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The admin's modules as a page load imports them, fresh: a reload. */
async function load() {
  vi.resetModules();
  const language = await import('./language');
  const model = await import('./kinds/form-model');
  const words = await import('./words');
  return { ...language, ...model, ...words };
}

const browserLanguages = (languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]!);
};

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
});
afterEach(() => vi.restoreAllMocks());

describe("the admin's language", () => {
  it('starts, on a first visit, in Romanian for a browser in Romanian (ro, ro-RO, ro-MD) and in English for any other', async () => {
    for (const first of ['ro', 'ro-RO', 'RO-md']) {
      browserLanguages([first, 'en-US']);
      localStorage.clear();
      const admin = await load();
      expect(admin.adminLanguage(), first).toBe('ro');
      expect(document.documentElement.lang).toBe('ro');
      expect(admin.say({ en: 'Save', ro: 'Salvați' })).toBe('Salvați');
    }
    for (const first of ['en-US', 'de-DE', 'rom', 'fr-RO']) {
      browserLanguages([first, 'ro-RO']);
      const admin = await load();
      expect(admin.adminLanguage(), first).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    }
  });

  it("follows a switch at once (say, the languages' names, the hook, <html lang>) and keeps it after a reload, over the browser's", async () => {
    browserLanguages(['en-GB']);
    let admin = await load();
    const { KINDS } = await import('../content/kinds');
    const settings = KINDS.find((k) => k.name === 'settings')!;
    const hook = renderHook(() => admin.useAdminLanguage());
    expect(hook.result.current).toBe('en');
    expect(admin.t('signIn')).toBe('Sign in');
    expect(admin.inputsOf(settings)[1]!.errorName).toBe('Hero title, Romanian');

    act(() => admin.setAdminLanguage('ro'));
    expect(hook.result.current).toBe('ro');
    expect(admin.adminLanguage()).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');
    expect(admin.t('signIn')).toBe('Conectați-vă');
    expect(admin.inputsOf(settings)[1]!.errorName).toBe('Titlul principal, Română');
    expect(localStorage.getItem(admin.LANGUAGE_KEY)).toBe('ro');
    hook.unmount();

    // A reload: the choice, not the browser, decides.
    admin = await load();
    expect(admin.adminLanguage()).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');
    admin.setAdminLanguage('en');
    admin = await load();
    expect(admin.adminLanguage()).toBe('en');
  });

  it('ignores a stored value that is not a language, and survives a browser that refuses storage', async () => {
    browserLanguages(['ro-RO']);
    localStorage.setItem('scena.admin.language', 'fr');
    expect((await load()).adminLanguage()).toBe('ro');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const admin = await load();
    expect(admin.adminLanguage()).toBe('ro');
    admin.setAdminLanguage('en');
    expect(admin.adminLanguage()).toBe('en');
  });
});
