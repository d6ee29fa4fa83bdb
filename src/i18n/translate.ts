import type { Language } from '../content/constants';
import { fill } from '../lib/fill';
import { en, type TranslationKey } from './en';
import { ro } from './ro';

export type Vars = Record<string, string | number>;
export type Lookup = Partial<Record<string, string>>;

const dictionaries: Record<Language, Lookup> = { en, ro };

/** A missing key falls back to English, then to the key itself. */
export function translateWith(dicts: Record<Language, Lookup>, lang: Language, key: string, vars?: Vars): string {
  const template = dicts[lang]?.[key] ?? dicts.en[key] ?? key;
  if (!vars) return template;
  return fill(template, vars);
}

export function translate(lang: Language, key: TranslationKey | (string & {}), vars?: Vars): string {
  return translateWith(dictionaries, lang, key, vars);
}
