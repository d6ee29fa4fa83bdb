import type { Language } from '../content/constants';
import { fill } from '../lib/fill';
import type { TranslationKey } from './en';
import { en as bundledEn, ro as bundledRo } from './words-bundled';

export type Vars = Record<string, string | number>;
export type Lookup = Partial<Record<string, string>>;

/**
 * The public page's own bundle holds no dictionary: there './words-bundled' is './words-apart' (vite.config.ts). The page
 * carries the first words of its language in its HTML (src/i18n/first-words.ts, given here by src/main.tsx), and each
 * language's whole dictionary is a chunk of its own: the shown one's comes with the first block's code
 * (src/site/shared/lazy-block.tsx loadBlock), the other as the visitor reaches for the language switch. The server's
 * render, the build's, the admin and the tests hold both.
 */
const dictionaries: Partial<Record<Language, Lookup>> = { en: bundledEn, ro: bundledRo };
/** The first words the page carries, by language. */
const given: Partial<Record<Language, Lookup>> = {};

const loaders: Record<Language, () => Promise<Lookup>> = {
  en: () => import('./en').then((module) => module.en),
  ro: () => import('./ro').then((module) => module.ro),
};
const loading: Partial<Record<Language, Promise<void>>> = {};

/** The page's first words in `lang` (its HTML's): translate answers them before the whole dictionary is here. */
export function givePageWords(lang: Language, words: Lookup) {
  given[lang] = words;
}

/** Whether all of `lang`'s words are here. */
export const hasLanguage = (lang: Language) => dictionaries[lang] !== undefined;

/** Brings `lang`'s whole dictionary (once; a failed load may be tried again). */
export function loadLanguage(lang: Language): Promise<void> {
  if (hasLanguage(lang)) return Promise.resolve();
  return (loading[lang] ??= loaders[lang]().then(
    (dictionary) => void (dictionaries[lang] = dictionary),
    (error: unknown) => {
      delete loading[lang];
      throw error;
    },
  ));
}

let shown: Language = 'en';
/** The language the page shows (src/main.tsx before hydration, then the switch): the one wordsReady brings. */
export function showLanguage(lang: Language) {
  shown = lang;
}
/** Settles when the shown language's whole dictionary is here: what a block's code waits for before it renders. */
export const wordsReady = () => loadLanguage(shown);

/** A missing key falls back to English, then to the key itself. */
export function translateWith(dicts: Partial<Record<Language, Lookup>>, lang: Language, key: string, vars?: Vars): string {
  const template = dicts[lang]?.[key] ?? dicts.en?.[key] ?? key;
  if (!vars) return template;
  return fill(template, vars);
}

/**
 * `key` in `lang`: its dictionary's, else the page's first words in it, else English's; a page whose other language's
 * words could not come keeps its own first words rather than show a key.
 */
export function translate(lang: Language, key: TranslationKey | (string & {}), vars?: Vars): string {
  const template = dictionaries[lang]?.[key] ?? given[lang]?.[key] ?? dictionaries.en?.[key] ?? given.en?.[key] ?? given.ro?.[key] ?? key;
  return vars ? fill(template, vars) : template;
}
