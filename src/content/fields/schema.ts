/**
 * The zod schema of each field kind, and of a kind of content from its declaration. The messages are the
 * API's (tests and the admin read them): the API prefixes the field's name ("links.spotify must be…").
 */
import { z } from 'zod';
import {
  CONTROL,
  EMAIL_MAX,
  INVISIBLE_MESSAGE,
  ITEM_ID,
  LOCAL_MEDIA,
  MEDIA_ID,
  PLACEHOLDER,
  PLACEHOLDER_MAX,
  QUERY,
  URL_MAX,
  SLUG,
  LINE_BREAK,
  hasInvisible,
  hostAllowed,
  httpsHost,
  isDay,
  isEmail,
  isInstant,
  linkCount,
  wordCount,
} from './checks';
import { isCountry, isTimeZone, TIME_ZONE_MAX } from '../places';
import { localTimeProblem, parseLocal, wallTime, zonedInstant, zonedTimeProblem, ZONED_DATE_TIME } from '../zoned-time';
import {
  isGiven,
  isRequired,
  storedFields,
  type DateTimeDecl,
  type FieldDecl,
  type FileSourceDecl,
  type FieldType,
  type ItemCheck,
  type Kind,
  type ListKind,
  type Stored,
} from './declare';

/** Every text of the model (titles, names, roles, meta, bios): one rule, so it is easy to state and to mirror in the rules. */
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !CONTROL.test(s), { error: 'must not contain control characters' })
    .refine((s) => !hasInvisible(s), { error: INVISIBLE_MESSAGE });

/** Only https links, parsed the way a browser would parse them; '' is "not set". */
export function httpsUrl(hosts?: readonly string[]) {
  const url = z
    .string({ error: 'must be text' })
    .max(URL_MAX, { error: `must be at most ${URL_MAX} characters` })
    .refine((s) => s === '' || httpsHost(s) !== undefined, { error: 'must be an https:// link' });
  return hosts ? url.refine((s) => s === '' || hostAllowed(httpsHost(s) ?? '', hosts), { error: `must be a link to ${hosts.join(' or ')}` }) : url;
}

/** A token: an id another service gave (a Kit form's uid), or ''. */
const TOKEN = /^[0-9A-Za-z]*$/;

/** A text with a declaration's further rules: at least `min` characters, one line, at most `maxLinks` links. */
function declaredText(f: { max: number; min?: number; oneLine?: boolean; maxLinks?: number; maxWords?: number; token?: boolean }) {
  let schema: z.ZodType<string> = text(f.max);
  if (f.token) schema = schema.refine((s) => TOKEN.test(s), { error: 'must be letters and digits only (A-Z, a-z, 0-9)' });
  if (f.min) schema = schema.refine((s) => s.trim().length >= f.min!, { error: f.min === 1 ? 'must not be empty' : `must be at least ${f.min} characters` });
  if (f.oneLine) schema = schema.refine((s) => !LINE_BREAK.test(s), { error: 'must be one line (no line breaks)' });
  if (f.maxLinks !== undefined) {
    const most = f.maxLinks;
    schema = schema.refine((s) => linkCount(s) <= most, { error: `must hold at most ${most} link${most === 1 ? '' : 's'}` });
  }
  if (f.maxWords !== undefined) {
    const most = f.maxWords;
    schema = schema.refine((s) => wordCount(s) <= most, { error: `must be at most ${most} words` });
  }
  return schema;
}

/** A visitor's own address: required and plain (no mailto:), as a Reply-To takes it. */
const visitorEmail = () =>
  z
    .string({ error: 'must be text' })
    .max(EMAIL_MAX, { error: `must be at most ${EMAIL_MAX} characters` })
    .refine((s) => s !== '', { error: 'must not be empty' })
    .refine((s) => s === '' || isEmail(s), { error: 'must be an e-mail address' });

/** The contact e-mail: a plain address, or a mailto: link to one. */
const contactEmail = () =>
  z
    .string({ error: 'must be text' })
    .max(EMAIL_MAX + 'mailto:'.length, { error: `must be at most ${EMAIL_MAX} characters` })
    .refine((s) => !QUERY.test(s), { error: 'must be a plain e-mail address, without a ?subject=, ?cc= or ?bcc= part (no ?, # or %)' })
    .refine((s) => s === '' || isEmail(s.replace(/^mailto:/i, '')), { error: 'must be an e-mail address' });

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be ${min} or more` })
    .max(max, { error: `must be at most ${max}` });

/** A chosen image: a media item's id, or '' (none). */
const imageRef = () =>
  z
    .string({ error: 'must be text' })
    .max(64, { error: 'must be at most 64 characters' })
    .refine((s) => s === '' || MEDIA_ID.test(s), { error: 'must be the id of an image in the media library' });

/** An image file's address: an upload on Scena's server, or an https:// link. */
const imageSource = () =>
  z
    .string({ error: 'must be text' })
    .max(URL_MAX, { error: `must be at most ${URL_MAX} characters` })
    .refine((s) => LOCAL_MEDIA.test(s) || httpsHost(s) !== undefined, { error: 'must be an https:// link to an image' });

const placeholder = () =>
  z
    .string({ error: 'must be text' })
    .max(PLACEHOLDER_MAX, { error: `must be at most ${PLACEHOLDER_MAX} characters` })
    .refine((s) => s === '' || PLACEHOLDER.test(s), { error: 'must be a data:image/webp;base64, preview' });

/** One of the declared options. */
const choice = (options: readonly string[]) =>
  z.string({ error: 'must be text' }).refine((s) => options.includes(s), { error: `must be one of: ${options.join(', ')}` });

/** A wall-clock time that exists in the zone, or '' (none). */
const dateTime = (zone: string) =>
  z
    .string({ error: 'must be text' })
    .max(16, { error: 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T00:00)' })
    .superRefine((s, ctx) => {
      const problem = localTimeProblem(s, zone);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/**
 * A time on the item's own clock (DateTimeDecl.zoneField): its shape here (a wall time, with an offset only when it
 * is one the clock repeats); whether that clock has it is checked with the whole item (itemChecks).
 */
const zonedDateTime = (required: boolean | undefined) =>
  z
    .string({ error: 'must be text' })
    .max(22, { error: 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T21:00)' })
    .superRefine((s, ctx) => {
      if (s === '') {
        if (required) ctx.addIssue({ code: 'custom', message: 'must be a date and time (for example 2026-12-05T21:00)' });
      } else if (!ZONED_DATE_TIME.test(s))
        ctx.addIssue({ code: 'custom', message: 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T21:00)' });
      else if (!parseLocal(wallTime(s))) ctx.addIssue({ code: 'custom', message: 'must be a date and time that exist (no 30 February, no hour 24)' });
    });

const timeZoneName = () =>
  z
    .string({ error: 'must be text' })
    .max(TIME_ZONE_MAX, { error: `must be at most ${TIME_ZONE_MAX} characters` })
    .refine((s) => s === '' || isTimeZone(s), { error: 'must be a time zone such as Europe/Lisbon (an IANA name), or empty for yours' });

const countryCode = () =>
  z
    .string({ error: 'must be text' })
    .max(2, { error: 'must be a country’s two-letter code in capitals, such as RO or PT' })
    .refine((s) => s !== '', { error: 'must be chosen' })
    .refine((s) => s === '' || isCountry(s), { error: 'must be a country’s two-letter code in capitals, such as RO or PT' });

/** An address part, or '' (the store makes one from the `from` field). Unique in its list: the store checks that. */
const slug = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => s === '' || SLUG.test(s), {
      error: 'must be lower-case letters (a-z), digits and single hyphens, such as lumini-de-oras: no spaces, /, . or other signs',
    });

/** Another list's item, by its id, or '' (none). */
const itemRef = () =>
  z
    .string({ error: 'must be text' })
    .max(100, { error: 'must be at most 100 characters' })
    .refine((s) => s === '' || ITEM_ID.test(s), { error: 'must be the id of an item' });

/** A number with a fraction, from min to max (a loudness). */
const decimal = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .refine((n) => Number.isFinite(n), { error: 'must be a number' })
    .refine((n) => n >= min, { error: `must be ${min} or more` })
    .refine((n) => n <= max, { error: `must be at most ${max}` });

/** An uploaded file's address: an upload on Scena's server, or an https:// link. */
const fileSource = (of: FileSourceDecl['of']) =>
  z
    .string({ error: 'must be text' })
    .max(URL_MAX, { error: `must be at most ${URL_MAX} characters` })
    .refine((s) => LOCAL_MEDIA.test(s) || httpsHost(s) !== undefined, {
      error: of === 'audio' ? 'must be an https:// link to an audio file' : 'must be an https:// link to a file',
    });

/** A waveform: two lower-case hex digits per point, at most `points` points, or ''. */
const waveform = (points: number) =>
  z
    .string({ error: 'must be text' })
    .max(points * 2, { error: `must hold at most ${points} points` })
    .refine((s) => /^(?:[0-9a-f]{2})*$/.test(s), { error: 'must be a waveform: two hex digits (0-9, a-f) per point' });

/** Some of the declared options, each at most once. */
const choices = (options: readonly string[]) =>
  z
    .array(z.string({ error: `must be a list of: ${options.join(', ')}` }), { error: `must be a list of: ${options.join(', ')}` })
    .max(options.length, { error: `must be a list of: ${options.join(', ')}` })
    .refine((list) => list.every((o) => options.includes(o)), { error: `must be a list of: ${options.join(', ')}` })
    .refine((list) => new Set(list).size === list.length, { error: 'must name each option at most once' });

/** One entry per field kind: adding a kind to FieldDecl fails to compile until it has its schema. */
const SCHEMAS: { [T in FieldType]: (field: FieldDecl & { type: T }) => z.ZodType } = {
  text: (f) => declaredText(f),
  longText: (f) => declaredText(f),
  link: (f) => httpsUrl(f.hosts),
  email: (f) => (f.required ? visitorEmail() : contactEmail()),
  wholeNumber: (f) => wholeNumber(f.min, f.max),
  decimal: (f) => decimal(f.min, f.max),
  fileSource: (f) => fileSource(f.of),
  waveform: (f) => waveform(f.points),
  choices: (f) => choices(f.options),
  image: () => imageRef(),
  imageSource: () => imageSource(),
  placeholder: () => placeholder(),
  choice: (f) => choice(f.options),
  dateTime: (f) =>
    f.zoneField ? zonedDateTime(f.required) : f.required ? dateTime(f.zone).refine((v) => v !== '', { error: 'must not be empty' }) : dateTime(f.zone),
  timeZone: () => timeZoneName(),
  country: () => countryCode(),
  slug: (f) => slug(f.max),
  itemRef: () => itemRef(),
  day: () =>
    z
      .string({ error: 'must be text' })
      .max(10, { error: 'must be a date as YYYY-MM-DD (for example 2026-12-05)' })
      .refine((s) => s === '' || isDay(s), { error: 'must be a date that exists, as YYYY-MM-DD (for example 2026-12-05)' }),
  instant: () =>
    z
      .string({ error: 'must be text' })
      .max(24, { error: 'must be a moment as 2026-12-05T20:00:00.000Z' })
      .refine((s) => s === '' || isInstant(s), { error: 'must be a moment as 2026-12-05T20:00:00.000Z' }),
  links: (f) =>
    z.strictObject(Object.fromEntries(Object.entries(f.links).map(([key, l]) => [key, httpsUrl(l.hosts).optional()])), {
      error: 'must be a group of links, one per platform',
    }),
};

export function fieldSchema(field: FieldDecl): z.ZodType {
  return (SCHEMAS[field.type] as (f: FieldDecl) => z.ZodType)(field);
}

/** A kind's shape as zod sees it: each stored field, optional when the kind is merged. */
export type ShapeOf<K extends Kind> = {
  [P in keyof Stored<K['fields']>]-?: K extends { shape: 'singleton'; save: 'merge' }
    ? z.ZodOptional<z.ZodType<Stored<K['fields']>[P]>>
    : z.ZodType<Stored<K['fields']>[P]>;
};

/** The strict object schema of a kind (an unknown field is refused, naming it), with the rules between its fields. */
export function kindSchema<const K extends Kind>(kind: K): z.ZodObject<ShapeOf<K>, z.core.$strict> {
  return objectSchema(kind, () => true, !isRequired(kind)) as unknown as z.ZodObject<ShapeOf<K>, z.core.$strict>;
}

/**
 * What a visitor sends to an inbox (its `visitorFields`, every one required), with the rules between those fields (a
 * live show's city): the same declaration as kindSchema, for the fields a visitor writes.
 */
export function visitorSchema(kind: ListKind & { inbox: NonNullable<ListKind['inbox']> }): z.ZodType<Record<string, unknown>> {
  const visitor = new Set<string>(kind.inbox.visitorFields);
  return objectSchema(kind, (name) => visitor.has(name), false);
}

/** A kind's fields that `has` keeps, as a strict object, with the rules between them (zoned times, ListKind.checks). */
function objectSchema(kind: Kind, has: (name: string) => boolean, optional: boolean): z.ZodType<Record<string, unknown>> {
  const shape = Object.fromEntries(
    storedFields(kind)
      .filter(({ name }) => has(name))
      .map(({ key, field }) => [key, optional ? fieldSchema(field).optional() : fieldSchema(field)]),
  );
  const schema = z.strictObject(shape);
  const zoned = Object.entries(kind.fields).filter((e): e is [string, DateTimeDecl] => has(e[0]) && e[1].type === 'dateTime' && Boolean(e[1].zoneField));
  const checks = ((kind.shape === 'list' && kind.checks) || []).filter((c) => has(c.field) && has(c.check === 'requiredWhen' ? c.when.field : c.than));
  if (zoned.length === 0 && checks.length === 0) return schema;
  // Run even when another field is refused (the admin sees every problem at once), on the fields valid on their own.
  return schema.check(
    z.superRefine(
      (value, ctx) => {
        const refused = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? '')));
        itemChecks(kind, zoned, checks, value as Record<string, unknown>, refused, ctx);
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
    ),
  );
}

/** The clock a zoned field is on: the item's zone field, or the declaration's zone when that is ''. */
export const clockOf = (decl: DateTimeDecl, item: Record<string, unknown>): string => {
  const named = decl.zoneField ? item[decl.zoneField] : '';
  return typeof named === 'string' && named !== '' ? named : decl.zone;
};

/** The rules between a list item's fields (ListKind.checks, and each zoned time on its clock), each refusal on its field. */
function itemChecks(
  kind: Kind,
  zoned: [string, DateTimeDecl][],
  checks: readonly ItemCheck[],
  item: Record<string, unknown>,
  refused: ReadonlySet<string>,
  ctx: z.RefinementCtx,
): void {
  const bad = new Set(refused);
  for (const [name, decl] of zoned) {
    const value = item[name];
    const zone = clockOf(decl, item);
    // An unknown zone is refused on its own field: its times are not judged on a clock nobody knows.
    if (typeof value !== 'string' || value === '' || bad.has(name) || !isTimeZone(zone) || (decl.zoneField && bad.has(decl.zoneField))) continue;
    const problem = zonedTimeProblem(value, zone);
    if (problem) {
      bad.add(name);
      ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  }
  const instant = (name: string): number | undefined => {
    const decl = kind.fields[name];
    const value = item[name];
    if (decl?.type !== 'dateTime' || typeof value !== 'string' || value === '' || bad.has(name)) return undefined;
    const zone = clockOf(decl, item);
    return isTimeZone(zone) ? zonedInstant(value, zone) : undefined;
  };
  for (const check of checks) {
    if (bad.has(check.field)) continue;
    if (check.check === 'requiredWhen') {
      const v = item[check.field];
      if (item[check.when.field] === check.when.equals && !isGiven(v))
        ctx.addIssue({ code: 'custom', path: [check.field], message: `must be given when ${check.when.field} is ${check.when.equals}` });
      continue;
    }
    const [a, b] = [instant(check.field), instant(check.than)];
    if (a === undefined || b === undefined) continue;
    if (check.check === 'later' && a <= b) ctx.addIssue({ code: 'custom', path: [check.field], message: `must be after ${check.than}` });
    if (check.check === 'notLater' && a > b) ctx.addIssue({ code: 'custom', path: [check.field], message: `must not be after ${check.than}` });
  }
}
