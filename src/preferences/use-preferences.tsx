import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../content/model';
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
    setLangState(next);
    // On a language's own address, move to the other language's address.
    if (languageFromPath(location.pathname)) history.replaceState(history.state, '', languagePath(next) + location.hash);
  }, []);

  const toggleReduceMotion = useCallback(() => {
    saveReduceMotion(!reduceMotion);
    setReduceMotion(!reduceMotion);
  }, [reduceMotion]);

  const preferences = useMemo(() => ({ reduceMotion, toggleReduceMotion }), [reduceMotion, toggleReduceMotion]);
  return { lang, setLang, preferences };
}

export function PreferencesProvider(props: { value: Preferences; children: ReactNode }) {
  return <PreferencesContext.Provider value={props.value}>{props.children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  return useContext(PreferencesContext);
}
