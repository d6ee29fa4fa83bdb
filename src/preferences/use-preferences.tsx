import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../content/model';
import { hasLanguage, loadLanguage, showLanguage } from '../i18n/translate';
import { initialLanguage, languageFromPath, languagePath, saveLanguage } from './language';
import { initialReduceMotion, saveReduceMotion, watchSystemMotion } from './motion';

export interface Preferences {
  reduceMotion: boolean;
  toggleReduceMotion(): void;
}

const PreferencesContext = createContext<Preferences>({ reduceMotion: false, toggleReduceMotion() {} });

/** useLayoutEffect in the browser (no flash of the wrong state), nothing on the server. */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Language and reduce-motion state. The first render matches the prerendered HTML (`lang`, motion on);
 * the visitor's real preferences apply right after hydration, before the splash has gone.
 */
export function usePreferenceState(renderedLang: Language) {
  const [lang, setLangState] = useState<Language>(renderedLang);
  // The visitor has switched the language on this page (the switch, not the saved choice applied after hydration): a
  // block not yet live (src/site/shared/near-block.tsx) then comes live in the new language at once.
  const [switched, setSwitched] = useState(false);
  const [reduceMotion, setReduceMotion] = useState(false);

  useIsomorphicLayoutEffect(() => {
    setLangState(languageFromPath(location.pathname) ?? initialLanguage());
    setReduceMotion(initialReduceMotion());
    return watchSystemMotion(setReduceMotion);
  }, []);

  useIsomorphicLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  useIsomorphicLayoutEffect(() => {
    document.documentElement.dataset.motion = reduceMotion ? 'reduce' : 'full';
  }, [reduceMotion]);

  const setLang = useCallback((next: Language) => {
    saveLanguage(next);
    const apply = () => {
      showLanguage(next);
      setLangState(next);
      setSwitched(true);
      // On a language's own address, move to the other language's address.
      if (languageFromPath(location.pathname)) history.replaceState(history.state, '', languagePath(next) + location.hash);
    };
    // The public page's bundle holds no dictionary (src/i18n/translate.ts): the other language's words come first
    // (already here once the visitor reached for the switch), then the page changes at once, whole. Words that could not
    // come: the page changes all the same, in the words it has (English's, else its own first words).
    if (hasLanguage(next)) apply();
    else void loadLanguage(next).then(apply, apply);
  }, []);

  const toggleReduceMotion = useCallback(() => {
    saveReduceMotion(!reduceMotion);
    setReduceMotion(!reduceMotion);
  }, [reduceMotion]);

  const preferences = useMemo(() => ({ reduceMotion, toggleReduceMotion }), [reduceMotion, toggleReduceMotion]);
  return { lang, setLang, switched, preferences };
}

export function PreferencesProvider(props: { value: Preferences; children: ReactNode }) {
  return <PreferencesContext.Provider value={props.value}>{props.children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  return useContext(PreferencesContext);
}
