/**
 * A kind of content as the admin's forms see it, made from its declaration (src/content/kinds): which
 * inputs it has, their words, and the conversions between a stored value and the form's text values.
 * Nothing here names a kind or a field: a new one needs no admin code.
 */
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldDecl, FieldWords, Kind, Words } from '../../content/fields/declare';
import { kindSchema } from '../../content/fields/schema';
import { KINDS, WORDS } from '../../content/kinds';
import { LANGUAGES, type Language } from '../../content/model';
import { adminLanguage } from '../language';
import { LANGUAGE_WORDS } from '../words';
import { fieldProblem, type Agreement } from '../field-problem';
import { RO_SUBJECTS } from '../../content/kinds/ro-subjects';
import { siteConfig } from '../../../site.config';

/**
 * The admin's language when this module loaded. @deprecated It does not follow the header's switch: read
 * adminLanguage() (../language.ts) where the words are made, at render time (docs/decisions/0031).
 */
export const ADMIN_LANGUAGE: Language = adminLanguage();
/** How the admin names each language of the content, in the admin's language (a new language fails to compile until named). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  get en() {
    return say(LANGUAGE_WORDS.en);
  },
  get ro() {
    return say(LANGUAGE_WORDS.ro);
  },
};

/** Words in the admin's language now (the header's switch): call it where the words are shown, never at module load. */
export const say = (words: Words): string => words[adminLanguage()];

/** A stored value, as the backend reads and writes it. */
export type Value = Record<string, unknown>;
export type Item = Value & { id: string };
/** The form's values: text for every input (a number too, until it is saved), a link group as an object. */
export type FormValues = Record<string, string | string[] | Record<string, string>>;

type LooseWords = { label: Words; fields: Record<string, FieldWords & { links?: Record<string, FieldWords>; options?: Record<string, Words> }> };
/** A kind's words, looked up by field name. */
export const wordsOf = (kind: Kind): LooseWords =>
  (WORDS[kind.name as keyof typeof WORDS] as unknown as LooseWords | undefined) ?? { label: { en: kind.name, ro: kind.name }, fields: {} };

/** One input: its form name ('bio1_en', 'links.spotify'), what the label shows and how an error names it. */
export interface Input {
  name: string;
  field: FieldDecl;
  label: string;
  /** The label with its context ("Hero title, Romanian"), as a list of fields names it (a version's changes). */
  errorName: string;
  /**
   * The field as a sentence about it names it, in the admin's language: "Hero title, Romanian must…" / „Titlul
   * principal în română trebuie…” (articulated: src/content/kinds/ro-subjects.ts), and what a Romanian message agrees with.
   */
  subject: string;
  agree?: Agreement;
  language?: Language;
  /** A choice's options, each with its label from the kind's words. */
  options?: { value: string; label: string }[];
}

/** One declared field: a single input, or a fieldset (a value per language, a group of links). */
export interface Block {
  name: string;
  field: FieldDecl;
  label: string;
  help?: string;
  group: 'pair' | 'links' | undefined;
  inputs: Input[];
}

/**
 * A field as a sentence names it: in Romanian its articulated subject („Țara”, not the label „Țară”) and its gender and
 * number; a value per language with the language („Titlul în română”); English, the label as a list names it.
 */
function subjectOf(label: Words, errorName: string, language?: Language): Pick<Input, 'subject' | 'agree'> {
  const ro = RO_SUBJECTS[label.ro];
  if (adminLanguage() !== 'ro' || !ro) return { subject: errorName, ...(ro && { agree: ro }) };
  const the = language ? `${ro.the} în ${LANGUAGE_NAMES[language].toLocaleLowerCase('ro')}` : ro.the;
  return { subject: the, agree: { gender: ro.gender, ...(ro.plural && { plural: ro.plural }) } };
}

export function blocksOf(kind: Kind): Block[] {
  const words = wordsOf(kind);
  return Object.entries(kind.fields).map(([name, field]) => {
    // A field without words (only in a test: the declarations' test requires them) is named by its name.
    const w = words.fields[name] ?? { label: { en: name, ro: name } };
    const label = say(w.label);
    const help = w.help && say(w.help);
    if (field.type === 'links') {
      const inputs = Object.keys(field.links).map((key) => {
        const words = w.links?.[key]?.label ?? { en: key, ro: key };
        const own = say(words);
        return { name: `${name}.${key}`, field, label: own, errorName: own, ...subjectOf(words, own) };
      });
      return { name, field, label, help, group: 'links' as const, inputs };
    }
    if ('perLanguage' in field && field.perLanguage) {
      const inputs = LANGUAGES.map((language) => ({
        name: `${name}_${language}`,
        field,
        language,
        label: LANGUAGE_NAMES[language],
        errorName: `${label}, ${LANGUAGE_NAMES[language]}`,
        ...subjectOf(w.label, `${label}, ${LANGUAGE_NAMES[language]}`, language),
      }));
      return { name, field, label, help, group: 'pair' as const, inputs };
    }
    const options =
      field.type === 'choice' || field.type === 'choices'
        ? field.options.map((value) => ({ value, label: w.options?.[value] ? say(w.options[value]) : value }))
        : undefined;
    return {
      name,
      field,
      label,
      help,
      group: undefined,
      inputs: [{ name, field, label, errorName: label, ...subjectOf(w.label, label), ...(options && { options }) }],
    };
  });
}

export const inputsOf = (kind: Kind): Input[] => blocksOf(kind).flatMap((b) => b.inputs);

export function valueAt(values: Record<string, unknown> | undefined, name: string): unknown {
  return name.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), values);
}

function setAt(values: Record<string, unknown>, name: string, value: unknown) {
  const [head, rest] = name.split(/\.(.*)/s) as [string, string | undefined];
  if (rest === undefined) values[head] = value;
  else setAt((values[head] ??= {}) as Record<string, unknown>, rest, value);
}

/**
 * A stored value as form values. An input with nothing stored shows `defaults[name]` when given (what
 * visitors see then); `defaulted` lists those inputs.
 */
export function toForm(
  kind: Kind,
  stored: Value | undefined,
  defaults: Readonly<Record<string, string>> = {},
): { values: FormValues; defaulted: ReadonlySet<string> } {
  const values: FormValues = {};
  const defaulted = new Set<string>();
  for (const { name, field } of inputsOf(kind)) {
    const saved = valueAt(stored, name);
    // A set of options is a list of the ticked checkboxes' values.
    if (field.type === 'choices') {
      setAt(values, name, Array.isArray(saved) ? saved.map(String) : []);
      continue;
    }
    // A choice always holds one of its options (a select cannot show none): the first, as stored data reads. A new
    // item's country is the artist's (Romania would be option 189 of 251); a stored one keeps what it holds.
    const unset = field.type === 'choice' ? field.options[0] : field.type === 'country' && stored === undefined ? siteConfig.artist.country : '';
    let text = saved === undefined || saved === null ? unset : String(saved);
    if (text.trim() === '' && defaults[name] !== undefined) {
      text = defaults[name];
      defaulted.add(name);
    }
    setAt(values, name, text);
  }
  return { values, defaulted };
}

/**
 * Form values as the value to store: numbers parsed (an empty one is `emptyNumber` when given, else not a
 * number, which the schema refuses), links and addresses trimmed (a pasted space is not part of a link).
 */
export function fromForm(kind: Kind, values: FormValues, emptyNumber?: number): Value {
  const stored: Value = {};
  for (const { name, field } of inputsOf(kind)) {
    if (field.type === 'choices') {
      // Several ticked boxes give a list, one a string, none false or nothing.
      const ticked = valueAt(values, name);
      setAt(stored, name, Array.isArray(ticked) ? ticked.map(String) : typeof ticked === 'string' && ticked !== '' ? [ticked] : []);
      continue;
    }
    const text = String(valueAt(values, name) ?? '');
    const value =
      field.type === 'wholeNumber' || field.type === 'decimal'
        ? text.trim() === ''
          ? (emptyNumber ?? Number.NaN)
          : Number(text)
        : field.type === 'link' || field.type === 'links' || field.type === 'email'
          ? text.trim()
          : text;
    setAt(stored, name, value);
  }
  return stored;
}

const schemas = new Map<Kind, ReturnType<typeof kindSchema>>();
/** The kind's own schema (the server's and the adapters'), through the zod resolver, on the converted values. */
export function kindResolver(kind: Kind, emptyNumber?: number): Resolver<FormValues, unknown, Value> {
  if (!schemas.has(kind)) schemas.set(kind, kindSchema(kind));
  const resolve = zodResolver(schemas.get(kind)!) as unknown as Resolver<Value, unknown, Value>;
  return async (values, context, options) => {
    const result = await resolve(fromForm(kind, values, emptyNumber), context, options as never);
    // The schema's messages are English; beside a field they read in the admin's language (docs/decisions/0031), another
    // field they name by its label ("must be after Starts") and its choice by its words.
    const inputs = inputsOf(kind);
    wordMessages(
      result.errors,
      (params) => namedIn(kind, params),
      (path) => inputs.find((input) => input.name === path)?.agree,
    );
    return result as never;
  };
}

/** A check's parameters that name a field (`than`, `field`) or its choice (`equals`), in the admin's words. */
function namedIn(kind: Kind, params: Record<string, string>): Record<string, string> {
  const words = wordsOf(kind).fields;
  const label = (name: string | undefined) => (name && words[name] ? say(words[name].label) : name);
  const option = params.field && words[params.field]?.options?.[params.equals ?? ''];
  return {
    ...params,
    ...(params.than ? { than: label(params.than)! } : {}),
    ...(params.field ? { field: label(params.field)! } : {}),
    ...(option ? { equals: say(option) } : {}),
  };
}

/**
 * Every error message of a resolver's result (nested: `links.spotify`), worded in the admin's language, in place,
 * agreeing with the field it is beside (`agree`, by its form name).
 */
function wordMessages(
  errors: unknown,
  named: (params: Record<string, string>) => Record<string, string>,
  agree: (path: string) => Agreement | undefined,
  path = '',
) {
  if (!errors || typeof errors !== 'object') return;
  const error = errors as { message?: unknown; ref?: unknown };
  if (typeof error.message === 'string') error.message = fieldProblem(error.message, named, agree(path));
  for (const [key, value] of Object.entries(errors)) if (key !== 'ref' && key !== 'message') wordMessages(value, named, agree, path ? `${path}.${key}` : key);
}

/**
 * The server names the field it refuses ("links.spotify must be…"), and the admin in Romanian by its label ("Spotify:
 * trebuie…", ../problem-words.ts); beside the field, its label does that.
 */
export function ownMessage(message: string, field: string): string {
  if (message.startsWith(`${field} `)) return message.slice(field.length + 1);
  for (const input of KINDS.flatMap(inputsOf).filter((i) => i.name === field))
    for (const name of [input.subject, input.errorName]) if (message.startsWith(`${name}: `)) return message.slice(name.length + 2);
  return message;
}
