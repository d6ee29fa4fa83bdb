/**
 * The field kinds and kinds of content as plain data (docs/adding-content.md). A declaration says what a
 * field is; what is made from it (the zod schemas, the Firestore mapping, the rules, the test values) lives
 * beside, one file per concern, so the public page imports the mapping without zod or fast-check.
 * Every function here only returns its argument with its type filled in: no logic to drift.
 */
import { LANGUAGES, type Language } from '../constants';

/** A text for the admin, in every language of the site. */
export type Words = Record<Language, string>;

/** What the admin shows for a field: its label and, when the label alone is not enough, one sentence of help. */
export interface FieldWords {
  label: Words;
  help?: Words;
}

/** A value per language: stored as `<name>_en`, `<name>_ro`. */
interface PerLanguage {
  perLanguage?: boolean;
}

/** One line of text (a title, a name); `longText` is the same rule in a taller box (a bio). */
export interface TextDecl extends PerLanguage {
  type: 'text' | 'longText';
  max: number;
}
/** An https:// link, or '' (not set). `hosts`: the only hosts it may point to (lower-case), when given. */
export interface LinkDecl extends PerLanguage {
  type: 'link';
  hosts?: readonly string[];
}
/** A contact e-mail: an address or mailto: and an address, never a query; or '' (not set). */
export interface EmailDecl {
  type: 'email';
}
export interface WholeNumberDecl {
  type: 'wholeNumber';
  min: number;
  max: number;
}
/** A group of optional links under one field (`links.spotify`, …), each with its label and host rule. */
export interface LinkGroupDecl<K extends string = string> {
  type: 'links';
  links: { readonly [key in K]: { hosts?: readonly string[] } };
}
/**
 * An image chosen from the media library (docs/decisions/0023-images.md): the media item's id, or '' (none).
 * The public page shows it only when the item exists and has its alt text in the page's language.
 */
export interface ImageDecl {
  type: 'image';
}
/**
 * Where an image's file is: one Scena's server made from an upload (`/media/<64 hex digits>`, the hash of its
 * content) or, where the backend stores no files (Firebase), an https:// address. Never empty.
 */
export interface ImageSourceDecl {
  type: 'imageSource';
}
/** A blurred preview shown until an image arrives: a `data:image/webp;base64,` address of a few hundred bytes, or ''. */
export interface PlaceholderDecl {
  type: 'placeholder';
}
export type FieldDecl = TextDecl | LinkDecl | EmailDecl | WholeNumberDecl | LinkGroupDecl | ImageDecl | ImageSourceDecl | PlaceholderDecl;
export type FieldType = FieldDecl['type'];
export type Fields = Readonly<Record<string, FieldDecl>>;

export const text = <const D extends Omit<TextDecl, 'type'>>(d: D) => ({ type: 'text', ...d }) as const;
export const longText = <const D extends Omit<TextDecl, 'type'>>(d: D) => ({ type: 'longText', ...d }) as const;
export const link = <const D extends Omit<LinkDecl, 'type'>>(d: D) => ({ type: 'link', ...d }) as const;
export const email = <const D extends Omit<EmailDecl, 'type'>>(d: D) => ({ type: 'email', ...d }) as const;
export const wholeNumber = <const D extends Omit<WholeNumberDecl, 'type'>>(d: D) => ({ type: 'wholeNumber', ...d }) as const;
export const image = <const D extends Omit<ImageDecl, 'type'>>(d: D) => ({ type: 'image', ...d }) as const;
export const imageSource = <const D extends Omit<ImageSourceDecl, 'type'>>(d: D) => ({ type: 'imageSource', ...d }) as const;
export const placeholder = <const D extends Omit<PlaceholderDecl, 'type'>>(d: D) => ({ type: 'placeholder', ...d }) as const;
export const linkGroup = <K extends string, const D extends Omit<LinkGroupDecl<K>, 'type'>>(d: D & Omit<LinkGroupDecl<K>, 'type'>) =>
  ({ type: 'links', ...d }) as const;

/**
 * A singleton (one document: settings, stats). `save: 'merge'` takes any subset of the fields and keeps the
 * others (every field optional); `'replace'` takes them all.
 */
export interface SingletonKind<F extends Fields = Fields> {
  name: string;
  shape: 'singleton';
  save: 'merge' | 'replace';
  fields: F;
}
/** An ordered list (releases, collaborators): every field required, at most `max` items, ordered by the admin. */
export interface ListKind<F extends Fields = Fields> {
  name: string;
  shape: 'list';
  /** One item, as code names it (`isRelease` in the rules). */
  item: string;
  max: number;
  fields: F;
}
export type Kind<F extends Fields = Fields> = SingletonKind<F> | ListKind<F>;

export const singleton = <const F extends Fields, const K extends Omit<SingletonKind<F>, 'shape'>>(k: K & { fields: F }) =>
  ({ shape: 'singleton', ...k }) as const;
export const list = <const F extends Fields, const K extends Omit<ListKind<F>, 'shape'>>(k: K & { fields: F }) => ({ shape: 'list', ...k }) as const;

/**
 * A kind's words for the admin, beside its declaration and apart from it, so the public page (which maps
 * documents by the declaration) never downloads them. Every field must have its label in every language:
 * a field without one fails to compile.
 */
export type KindWords<K extends Kind> = {
  label: Words;
  fields: {
    [F in keyof K['fields']]: FieldWords & (K['fields'][F] extends { type: 'links'; links: infer L } ? { links: { [P in keyof L]: FieldWords } } : unknown);
  };
};

// ---- what a declaration stores ------------------------------------------------------------------

/** The stored names of a field: its name, or one per language. */
export function storedNames(name: string, field: FieldDecl): string[] {
  return 'perLanguage' in field && field.perLanguage ? LANGUAGES.map((lang) => `${name}_${lang}`) : [name];
}

/** Every stored field of a kind, in declaration order, each with its declaration. */
export function storedFields(kind: Kind): { key: string; name: string; language?: Language; field: FieldDecl }[] {
  return Object.entries(kind.fields).flatMap(([name, field]) =>
    storedNames(name, field).map((key) => ({ key, name, field, ...(key === name ? {} : { language: key.slice(name.length + 1) as Language }) })),
  );
}

/** Whether a stored field must be present: every field of a list item and of a replaced singleton. */
export const isRequired = (kind: Kind): boolean => kind.shape === 'list' || kind.save === 'replace';

/**
 * What a list item holds for a field it lacks: an item written before the field existed (a release saved before
 * covers) reads as if saved with it empty, on every backend, so old data, backups and exports stay valid.
 */
export const EMPTY_VALUE: { readonly [T in FieldType]: unknown } = {
  text: '',
  longText: '',
  link: '',
  email: '',
  wholeNumber: 0,
  links: {},
  image: '',
  imageSource: '',
  placeholder: '',
};

/** A stored list item with each declared field it lacks at its empty value (EMPTY_VALUE); a value it has stays as it is. */
export function withMissingFields<V extends Record<string, unknown>>(kind: Kind, value: V): V {
  if (kind.shape !== 'list') return value;
  const missing = storedFields(kind).filter(({ key }) => !(key in value));
  return missing.length ? { ...value, ...Object.fromEntries(missing.map(({ key, field }) => [key, EMPTY_VALUE[field.type]])) } : value;
}

// ---- the TypeScript types a declaration stands for --------------------------------------------

export type ValueOf<D> = D extends { type: 'wholeNumber' }
  ? number
  : D extends { type: 'links'; links: infer L }
    ? { -readonly [K in keyof L]?: string }
    : string;

/** The stored fields of a declaration with their values: `heroTitle` per language is heroTitle_en and heroTitle_ro. */
export type Stored<F> = {
  [K in keyof F & string as F[K] extends { perLanguage: true } ? `${K}_${Language}` : K]: ValueOf<F[K]>;
};
/** A kind's value as the API takes it: a merged singleton takes any subset. */
export type ValueOfKind<K> = K extends { shape: 'singleton'; save: 'merge'; fields: infer F }
  ? Partial<Stored<F>>
  : K extends { fields: infer F }
    ? Stored<F>
    : never;
