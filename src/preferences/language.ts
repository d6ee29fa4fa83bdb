import { siteConfig } from '../../site.config';
import { LANGUAGES, type Language } from '../content/constants';
import { readStored, writeStored } from './storage';

export const LANGUAGE_KEY = `${siteConfig.artist.storageKey}_lang`;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language on load at the plain address: the saved choice if it is exactly en or ro,
 * else ro when the browser language starts with "ro", else en.
 */
export function chooseLanguage(saved: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(saved)) return saved;
  return browserLanguage?.toLowerCase().startsWith('ro') ? 'ro' : 'en';
}

export function initialLanguage(): Language {
  return chooseLanguage(readStored(LANGUAGE_KEY), globalThis.navigator?.language);
}

export function saveLanguage(lang: Language): void {
  writeStored(LANGUAGE_KEY, lang);
}

/** The address of each language's indexable page; the plain address "/" follows the saved choice. */
export function languagePath(lang: Language): string {
  return `/${lang}/`;
}

/** The language fixed by the address, if the address is a language page. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}
