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
  /** At least this many characters (a name a visitor must give); absent: may be ''. */
  min?: number;
  /** One line: no CR or LF (a name that goes into an e-mail's header). */
  oneLine?: boolean;
  /** At most this many links (http://, https:// or www.) in it: a cap on a visitor's spam. */
  maxLinks?: number;
  /** At most this many words (runs of characters between spaces, tabs and line breaks): a short bio's 60. */
  maxWords?: number;
  /**
   * Letters and digits only (A-Z, a-z, 0-9), or '': an id another service gave (a Kit form's uid). Its Firestore
   * rule is one matches(), where a plain text's is four: the settings rule stays under Firestore's 1,000
   * evaluated expressions.
   */
  token?: boolean;
}
/**
 * An https:// link, or '' (not set). `hosts`: the only hosts it may point to (lower-case), when given; an entry
 * `*.bandcamp.com` stands for any name under bandcamp.com (tudorvale.bandcamp.com), not bandcamp.com itself.
 */
export interface LinkDecl extends PerLanguage {
  type: 'link';
  hosts?: readonly string[];
}
/** A contact e-mail: an address or mailto: and an address, never a query; or '' (not set). */
export interface EmailDecl {
  type: 'email';
  /** A plain address must be given (not '', not mailto:): a visitor's own, used as a Reply-To. */
  required?: boolean;
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
/**
 * One of a few fixed values (a release's kind, draft or published). An item stored before the field existed
 * reads as the first option, so list the value old content had first.
 */
export interface ChoiceDecl<O extends string = string> {
  type: 'choice';
  options: readonly [O, ...O[]];
}
/**
 * A date and time on the artist's wall clock, `YYYY-MM-DDTHH:mm` in `zone` (an IANA name), or '' (none).
 * Only times that exist are accepted: not 30 February, not the hour the clocks skip in spring.
 *
 * With `zoneField`, the clock is the item's own: the time zone that field holds (a `timeZone` field; `zone` when it is
 * ''), checked with the whole item (a show's start on its venue's clock). A time that clock repeats (the hour repeated
 * in autumn) must then say which of the two it is, by its UTC offset: `2026-10-25T03:30+03:00` (the first) or
 * `…+02:00` (the second); any other time carries none (src/content/zoned-time.ts).
 */
export interface DateTimeDecl {
  type: 'dateTime';
  zone: string;
  zoneField?: string;
  /** Never '' (a show's start). */
  required?: boolean;
}
/**
 * An IANA time zone the server's Intl knows, spelled as IANA spells it ("Europe/Lisbon"), or '' (the `dateTime` fields
 * that name it fall back to their own `zone`: the artist's). At most 64 characters.
 */
export interface TimeZoneDecl {
  type: 'timeZone';
}
/** A country, by its ISO 3166-1 alpha-2 code in capitals ("RO", "PT"; src/content/places.ts COUNTRIES); never ''. */
export interface CountryDecl {
  type: 'country';
}
/**
 * A list item's address part (`lumini-de-oras`): lower-case letters, digits and single hyphens, unique in its
 * list. Written as '', it is made from the `from` field (and numbered when taken); once set it is kept,
 * whatever the `from` field becomes, so an address never breaks.
 */
export interface SlugDecl {
  type: 'slug';
  /**
   * The field it is made from, or several joined with '-' in this order (a show's start, city and venue:
   * "2026-12-31-bucuresti-control"); of a `dateTime` or a `day`, only the day is taken.
   */
  from: string | readonly string[];
  max: number;
}
/** One item of another list, by its id, or '' (none). Nothing checks that it exists: readers fall back when it does not. */
export interface ItemRefDecl {
  type: 'itemRef';
  list: string;
}
/** A calendar day, `YYYY-MM-DD`, that exists (not 30 February), or '' (none). */
export interface DayDecl {
  type: 'day';
  /**
   * A visitor may not send a day in the past (today on the earliest clock on Earth counts as today); the admin's
   * writes keep a day that has since passed.
   */
  future?: boolean;
}
/**
 * A moment the backend sets when the item is created (a booking's arrival): ISO 8601 in UTC with milliseconds in the
 * model and on Scena's server, a timestamp on Firestore (the create's request.time), or '' (none). Not edited.
 */
export interface InstantDecl {
  type: 'instant';
}
/**
 * A number with a fraction (a loudness in LUFS, a peak in dBTP), from min to max. Set by the backend where it measures
 * it (Scena's server); 0 where it is not known.
 */
export interface DecimalDecl {
  type: 'decimal';
  min: number;
  max: number;
}
/**
 * Where an uploaded file is: an upload Scena's server keeps (`/media/<64 hex digits>`, the hash of the original: an
 * audio original is never served itself, its renditions are; a document is served as a download) or, where the backend
 * stores no files (Firebase), an https:// address of the file. Never empty. `of`: what the file is, for the messages.
 */
export interface FileSourceDecl {
  type: 'fileSource';
  of: 'audio' | 'document';
}
/**
 * A waveform's outline: one byte per point (0–255, the loudest sample of its slice), two lower-case hex digits each,
 * at most `points` points, or '' (none yet). Made by the backend that decodes the audio.
 */
export interface WaveformDecl {
  type: 'waveform';
  points: number;
}
/** Some of a few fixed values, each at most once, in any order (a credit's roles): stored as a list, [] for none. */
export interface ChoicesDecl<O extends string = string> {
  type: 'choices';
  options: readonly [O, ...O[]];
}
export type FieldDecl =
  | TimeZoneDecl
  | CountryDecl
  | DecimalDecl
  | FileSourceDecl
  | WaveformDecl
  | ChoicesDecl
  | TextDecl
  | LinkDecl
  | EmailDecl
  | WholeNumberDecl
  | LinkGroupDecl
  | ImageDecl
  | ImageSourceDecl
  | PlaceholderDecl
  | ChoiceDecl
  | DateTimeDecl
  | SlugDecl
  | ItemRefDecl
  | DayDecl
  | InstantDecl;
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
export const choice = <const O extends string, const D extends Omit<ChoiceDecl<O>, 'type'>>(d: D & { options: readonly [O, ...O[]] }) =>
  ({ type: 'choice', ...d }) as const;
export const dateTime = <const D extends Omit<DateTimeDecl, 'type'>>(d: D) => ({ type: 'dateTime', ...d }) as const;
export const timeZone = <const D extends Omit<TimeZoneDecl, 'type'>>(d: D) => ({ type: 'timeZone', ...d }) as const;
export const country = <const D extends Omit<CountryDecl, 'type'>>(d: D) => ({ type: 'country', ...d }) as const;
export const slug = <const D extends Omit<SlugDecl, 'type'>>(d: D) => ({ type: 'slug', ...d }) as const;
export const itemRef = <const D extends Omit<ItemRefDecl, 'type'>>(d: D) => ({ type: 'itemRef', ...d }) as const;
export const day = <const D extends Omit<DayDecl, 'type'>>(d: D) => ({ type: 'day', ...d }) as const;
export const instant = <const D extends Omit<InstantDecl, 'type'>>(d: D) => ({ type: 'instant', ...d }) as const;
export const decimal = <const D extends Omit<DecimalDecl, 'type'>>(d: D) => ({ type: 'decimal', ...d }) as const;
export const fileSource = <const D extends Omit<FileSourceDecl, 'type'>>(d: D) => ({ type: 'fileSource', ...d }) as const;
export const waveform = <const D extends Omit<WaveformDecl, 'type'>>(d: D) => ({ type: 'waveform', ...d }) as const;
export const choices = <const O extends string, const D extends Omit<ChoicesDecl<O>, 'type'>>(d: D & { options: readonly [O, ...O[]] }) =>
  ({ type: 'choices', ...d }) as const;
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
  /** Shown on a page of its own (OwnPage), never on the home page. */
  page?: OwnPage;
}
/**
 * A page of its own for a kind (the press kit's bios, photos, quotes and documents: /en/press/): public, but left out of
 * the home page's snapshot (the JSON every home page carries, the Firebase reads of a visitor's home page), so that the
 * home page never grows with it. The page's own renderer and the build read it.
 */
export type OwnPage = 'press';
/**
 * An ordered list (releases, collaborators): every field stored, at most `max` items, ordered by the admin.
 * A write may leave a field out: it is stored at its empty value (emptyValue), as an item older than the field reads.
 */
export interface ListKind<F extends Fields = Fields> {
  name: string;
  shape: 'list';
  /** One item, as code names it (`isRelease` in the rules). */
  item: string;
  max: number;
  fields: F;
  /** Shown on a page of its own (OwnPage), never on the home page. */
  page?: OwnPage;
  /**
   * Only items whose `field` holds `equals` are public (a published release); the others are the admin's alone:
   * never in the public snapshot, the public page or its reads, and on Firestore readable by the admin only.
   */
  publicWhen?: {
    field: string;
    equals: string;
    /**
     * A dateTime field: a public item dated ahead is not out until then (a release), and the admin says Scheduled with
     * its date (src/admin/kinds/publishing.ts).
     */
    scheduledBy?: string;
  };
  /**
   * An inbox (booking requests): visitors create items, sending exactly `visitorFields`; every other field starts at
   * its empty value (a choice at its first option) and an `instant` at the moment of creation. Nobody but the admin
   * reads, lists, changes or removes them: never public (not in the public snapshot, the page, its reads, the
   * sitemap or the page cache, whose version a write to it does not change), on Firestore a create-only collection
   * for visitors (docs/decisions/0025-booking-requests.md).
   */
  inbox?: { visitorFields: readonly (string & keyof F)[] };
  /**
   * Rules between an item's fields (a show's end after its start), checked with the whole item by its schema on every
   * backend and in the admin's form, each refusal naming its field; the Firestore rules state what they can of them.
   */
  checks?: readonly ItemCheck<string & keyof F>[];
}

/**
 * A rule between two fields of one item (ListKind.checks), as data:
 * - `later`: `field`, when set, is after `than` (two `dateTime` fields on one clock); `orSame` lets it be equal.
 * - `notLater`: `field`, when set, is not after `than` (doors not after the start).
 * - `requiredWhen`: `field` is not '' (nor 0) when the field `when.field` holds `when.equals` (a rescheduled show's previous start).
 */
export type ItemCheck<N extends string = string> =
  { check: 'later'; field: N; than: N } | { check: 'notLater'; field: N; than: N } | { check: 'requiredWhen'; field: N; when: { field: N; equals: string } };
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
    [F in keyof K['fields']]: FieldWords &
      (K['fields'][F] extends { type: 'links'; links: infer L }
        ? { links: { [P in keyof L]: FieldWords } }
        : K['fields'][F] extends { type: 'choice' | 'choices'; options: readonly (infer O extends string)[] }
          ? { options: Record<O, Words> }
          : unknown);
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

/** A value a `requiredWhen` check counts as given: not absent, not 0, not blank text (a city of spaces). */
export const isGiven = (value: unknown): boolean => (typeof value === 'string' ? value.trim() !== '' : value !== 0 && value !== undefined);

/** Whether a stored field must be present: every field of a list item and of a replaced singleton. */
export const isRequired = (kind: Kind): boolean => kind.shape === 'list' || kind.save === 'replace';

/**
 * What a list item holds for a field it lacks: an item written before the field existed (a release saved before
 * covers) reads as if saved with it empty, on every backend, so old data, backups and exports stay valid; a write
 * that leaves the field out stores the same. A choice's empty value is its first option.
 */
const EMPTY_VALUE: { readonly [T in FieldType]: (field: FieldDecl & { type: T }) => unknown } = {
  text: () => '',
  longText: () => '',
  link: () => '',
  email: () => '',
  wholeNumber: () => 0,
  decimal: () => 0,
  fileSource: () => '',
  waveform: () => '',
  choices: () => [],
  links: () => ({}),
  image: () => '',
  imageSource: () => '',
  placeholder: () => '',
  choice: (f) => f.options[0],
  dateTime: () => '',
  timeZone: () => '',
  // Never valid empty: an item without one is refused until it names its country (shows came with the field).
  country: () => '',
  slug: () => '',
  itemRef: () => '',
  day: () => '',
  instant: () => '',
};
export const emptyValue = (field: FieldDecl): unknown => (EMPTY_VALUE[field.type] as (f: FieldDecl) => unknown)(field);

/** A stored list item with each declared field it lacks at its empty value (emptyValue); a value it has stays as it is. */
export function withMissingFields<V extends Record<string, unknown>>(kind: Kind, value: V): V {
  if (kind.shape !== 'list') return value;
  const missing = storedFields(kind).filter(({ key }) => !(key in value));
  return missing.length ? { ...value, ...Object.fromEntries(missing.map(({ key, field }) => [key, emptyValue(field)])) } : value;
}

/** Whether a kind is in the home page's snapshot: a public kind without a page of its own (OwnPage). */
export const isHomeKind = (kind: Kind): boolean => isPublicKind(kind) && !kind.page;
/** Whether a kind is ever shown to visitors: every kind but an inbox (ListKind.inbox). */
export const isPublicKind = (kind: Kind): boolean => !(kind.shape === 'list' && kind.inbox);

/** Whether a list item is public (ListKind.publicWhen): always, for a list without the rule; never, in an inbox. */
export function isPublicItem(kind: Kind, item: Record<string, unknown>): boolean {
  if (!isPublicKind(kind)) return false;
  if (kind.shape !== 'list' || !kind.publicWhen) return true;
  const { field, equals } = kind.publicWhen;
  const value = field in item ? item[field] : emptyValue(kind.fields[field]!);
  return value === equals;
}

// ---- the TypeScript types a declaration stands for --------------------------------------------

export type ValueOf<D> = D extends { type: 'wholeNumber' | 'decimal' }
  ? number
  : D extends { type: 'choices'; options: readonly (infer O)[] }
    ? O[]
    : D extends { type: 'choice'; options: readonly (infer O)[] }
      ? O
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

/** A kind's value as a write takes it: a list item may leave fields out (stored at their empty values). */
export type InputOfKind<K> = K extends { shape: 'list'; fields: infer F } ? Partial<Stored<F>> : ValueOfKind<K>;

/** A list item with every field, those it leaves out at their empty values (withMissingFields, typed). */
export function fullItem<const K extends ListKind, V extends Partial<ValueOfKind<K>> & { id?: string }>(kind: K, value: V): ValueOfKind<K> & V {
  return withMissingFields(kind, value) as ValueOfKind<K> & V;
}
