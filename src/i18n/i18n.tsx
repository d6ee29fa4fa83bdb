import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../content/model';
import type { TranslationKey } from './en';
import { translate, type Vars } from './translate';

export interface I18n {
  lang: Language;
  setLang(lang: Language): void;
  /** The visitor has switched the language on this page (not the saved choice applied after hydration). */
  switched?: boolean;
  t(key: TranslationKey, vars?: Vars): string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: { lang: Language; setLang(lang: Language): void; switched?: boolean; children: ReactNode }) {
  const { lang, setLang, switched } = props;
  const value = useMemo<I18n>(() => ({ lang, setLang, switched, t: (key, vars) => translate(lang, key, vars) }), [lang, setLang, switched]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

/** The translation accessor; using it outside I18nProvider is a programming error. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>.');
  return value;
}
