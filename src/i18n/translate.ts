import type { Language } from '../content/model';
import { en, type TranslationKey } from './en';
import { ro } from './ro';

export type Vars = Record<string, string | number>;
type Lookup = Partial<Record<string, string>>;

const dictionaries: Record<Language, Lookup> = { en, ro };

/** A missing key falls back to English, then to the key itself. */
export function translate(lang: Language, key: TranslationKey | (string & {}), vars?: Vars): string {
  const template = dictionaries[lang]?.[key] ?? (en as Lookup)[key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
