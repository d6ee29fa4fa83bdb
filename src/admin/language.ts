/**
 * The admin's language (docs/decisions/0031-the-admin-in-two-languages.md): English or Romanian, chosen in the
 * header and kept in this browser (localStorage); before any choice, the browser's own language decides (`ro…` →
 * Romanian, anything else → English). `<html lang>` follows. say() (./kinds/form-model.ts) reads it, so every word
 * the admin shows is looked up at render time; the admin's root re-renders its pages on a switch (./main.tsx).
 */
import { useSyncExternalStore } from 'react';
import type { Language } from '../content/model';

export const LANGUAGE_KEY = 'scena.admin.language';
/** How the switch names each language, each in its own words. */
export const OWN_NAMES: Record<Language, string> = { en: 'English', ro: 'Română' };

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ro';

/** The language a first visit starts in: the stored choice, else the browser's first language (`ro`, `ro-RO`, `ro-MD` → Romanian). */
export function firstLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  return /^ro(?:-|$)/i.test(browser[0] ?? '') ? 'ro' : 'en';
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage refused (a privacy setting): the choice lasts until the page is closed.
    return undefined;
  }
}

function initial(): Language {
  let stored: string | null | undefined;
  try {
    stored = storage()?.getItem(LANGUAGE_KEY);
  } catch {
    stored = undefined;
  }
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return firstLanguage(stored, browser);
}

let current: Language = initial();
const listeners = new Set<() => void>();

function showLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
showLanguage(current);

/** The admin's language now. */
export const adminLanguage = (): Language => current;

/** Chooses the admin's language: kept in this browser, `<html lang>` set, every subscriber (the admin's root) told. */
export function setAdminLanguage(language: Language): void {
  try {
    storage()?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not kept (storage full or refused): it still applies now.
  }
  if (language === current) return;
  current = language;
  showLanguage(language);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The admin's language, re-rendering the caller when it changes. */
export function useAdminLanguage(): Language {
  return useSyncExternalStore(subscribe, adminLanguage, adminLanguage);
}

/** A BCP 47 locale for Intl in the admin's language (dates, numbers, currencies, plurals). */
export const localeOf = (language: Language): string => (language === 'ro' ? 'ro-RO' : 'en-GB');
export const adminLocale = (): string => localeOf(current);

/** Re-reads the stored choice and the browser (tests: a reload). */
export function reloadAdminLanguage(): Language {
  current = initial();
  showLanguage(current);
  for (const listener of [...listeners]) listener();
  return current;
}

// ---- unsaved changes: a switch re-renders the pages, so the unsaved-changes guard counts its dirty forms here ----
let dirtyForms = 0;
/** Called by the unsaved-changes guard while its form has changes; the returned function ends that. */
export function holdUnsaved(): () => void {
  dirtyForms += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    dirtyForms -= 1;
  };
}
export const hasUnsavedChanges = (): boolean => dirtyForms > 0;
