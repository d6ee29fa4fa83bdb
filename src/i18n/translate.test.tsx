// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { I18nProvider, useI18n } from './i18n';
import { ro } from './ro';
import { translate, translateWith } from './translate';

describe('translations', () => {
  it('English and Romanian have exactly the same keys', () => {
    expect(Object.keys(ro).sort()).toEqual(Object.keys(en).sort());
  });

  it('has no empty text in either language, and the same {placeholders} in both', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim(), key).not.toBe('');
      expect(ro[key].trim(), key).not.toBe('');
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(ro[key]), key).toEqual(names(en[key]));
    }
  });

  it('writes Romanian with comma-below ș ț, never the cedilla ş ţ or a tilde ã', () => {
    const all = Object.values(ro).join('\n');
    expect(all).not.toMatch(/[şţŞŢã]/);
    expect(all).toMatch(/[ăâîșț]/);
  });

  it('falls back to English, then to the key itself', () => {
    expect(translate('ro', 'nav.home')).toBe('Acasă');
    const withHole: Record<string, string> = { ...ro };
    delete withHole['nav.home'];
    expect(translateWith({ en, ro: withHole }, 'ro', 'nav.home')).toBe('Home');
    expect(translateWith({ en, ro: withHole }, 'ro', 'nav.about')).toBe('Despre');
    expect(translate('ro', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('fills {placeholders} and leaves unknown ones visible', () => {
    expect(translate('en', 'music.songs.other', { count: 9 })).toBe('9 songs');
    expect(translate('ro', 'music.songs.other', { count: 9 })).toBe('9 de piese');
    expect(translate('en', 'music.songs.other')).toBe('{count} songs');
  });

  it('the accessor throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useI18n();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/I18nProvider/);
  });

  it('the accessor translates inside its provider', () => {
    function Label() {
      return <p>{useI18n().t('nav.contact')}</p>;
    }
    const { container } = render(
      <I18nProvider lang="ro" setLang={() => {}}>
        <Label />
      </I18nProvider>,
    );
    expect(container.textContent).toBe('Contact');
  });
});
