/**
 * The Firestore rules of each field kind, and the validation functions of every kind of content, as rules
 * text: scripts/generate-rules.ts writes them into firebase/firestore.rules between its markers. The rules
 * state the same sets and limits as ./checks.ts and ./schema.ts; firebase/rules.test.ts checks them on the
 * emulator, and the property suites check the server against the same values.
 */
import { TIME_ZONE_MAX } from '../places';
import { EMAIL_MAX, PLACEHOLDER_MAX, URL_MAX } from './checks';
import { isRequired, storedFields, type FieldDecl, type FieldType, type ItemCheck, type Kind, type ListKind } from './declare';

/** Rules functions the field kinds call, emitted once each, in this order, when some field uses them. */
const HELPERS = {
  isText: String.raw`
    // Text of at most ${'`max`'} characters, without control characters other than tab and newline.
    function isText(v, max) {
      return v is string && v.size() <= max
        && !v.matches('(?s).*[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F].*');
    }`,
  isPlainText: String.raw`
    // Text that also holds no invisible or direction-changing character: the bidirectional controls
    // (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) and the zero-width ones (U+200B, U+200C,
    // U+2060, U+FEFF; U+200D only between two pictographs, as inside an emoji such as 🧑‍🎤). Pictographs are
    // the emoji blocks by code point (arrows, technical, symbols and dingbats, U+2B00-U+2BFF, U+1F000-U+1FAFF),
    // not \p{So}, whose tables lag behind emoji (the emulator's do not know U+1F9D1).
    // The same rule as hasInvisible() in src/content/fields/checks.ts.
    function isPlainText(v, max) {
      return isText(v, max)
        && !v.matches('(?s).*[\\x{061C}\\x{200B}\\x{200C}\\x{200E}\\x{200F}\\x{202A}-\\x{202E}\\x{2060}\\x{2066}-\\x{2069}\\x{FEFF}].*')
        && !v.matches('(?s)(|.*[^\\x{2190}-\\x{21FF}\\x{2300}-\\x{23FF}\\x{2600}-\\x{27BF}\\x{2B00}-\\x{2BFF}\\x{1F000}-\\x{1FAFF}\\x{FE0F}])\\x{200D}.*')
        && !v.matches('(?s).*\\x{200D}([^\\x{2190}-\\x{21FF}\\x{2300}-\\x{23FF}\\x{2600}-\\x{27BF}\\x{2B00}-\\x{2BFF}\\x{1F000}-\\x{1FAFF}].*)?');
    }`,
  isLink: String.raw`
    // An https:// link with a host and no user-info, or '' (not set). At most ${URL_MAX} characters.
    function isLink(v) {
      return isText(v, ${URL_MAX})
        && (v == '' || v.matches('^[hH][tT][tT][pP][sS]://[^\\s/?#@\\\\]+([/?#][^\\s]*)?$'));
    }`,
  isContactEmail: String.raw`
    // A contact e-mail: an address, or mailto: and an address, or '' (not set). Never a ?, # or %: the
    // public page links it as mailto:, where they would add hidden headers (?bcc=, ?subject=) or escapes (%3F).
    function isContactEmail(v) {
      return isPlainText(v, ${EMAIL_MAX + 'mailto:'.length})
        && !v.matches('.*[?#%\\x{200D}].*')
        && (v == ''
            || (v.size() <= ${EMAIL_MAX} && v.matches('^[^\\s@<>()\\[\\]\\\\,;:"]+@[^\\s@<>()\\[\\]\\\\,;:"]+[.][^\\s@<>()\\[\\]\\\\,;:"]+$'))
            || v.matches('^[mM][aA][iI][lL][tT][oO]:[^\\s@<>()\\[\\]\\\\,;:"]+@[^\\s@<>()\\[\\]\\\\,;:"]+[.][^\\s@<>()\\[\\]\\\\,;:"]+$'));
    }`,
  isWholeNumber: `
    // A whole number from min to max.
    function isWholeNumber(v, min, max) {
      return v is int && v >= min && v <= max;
    }`,
  isDecimal: `
    // A number (whole or with a fraction) from min to max.
    function isDecimal(v, min, max) {
      return (v is int || v is float) && v >= min && v <= max;
    }`,
  isFileSource: String.raw`
    // An uploaded file: an upload on Scena's server (/media/ and a SHA-256 in hex) or an https:// link.
    function isFileSource(v) {
      return isText(v, ${URL_MAX}) && (v.matches('^/media/[0-9a-f]{64}$') || (v != '' && isLink(v)));
    }`,
  isWaveform: `
    // A waveform: two lower-case hex digits per point, at most max points, or '' (none).
    function isWaveform(v, max) {
      return v is string && v.size() <= max * 2 && v.matches('^([0-9a-f]{2})*$');
    }`,
  isImageRef: `
    // An image from the media library: its id, or '' (none).
    function isImageRef(v) {
      return v is string && v.matches('^([A-Za-z0-9-]{1,64})?$');
    }`,
  isImageSource: String.raw`
    // An image file: an upload on Scena's server (/media/ and a SHA-256 in hex) or an https:// link.
    function isImageSource(v) {
      return isText(v, ${URL_MAX}) && (v.matches('^/media/[0-9a-f]{64}$') || (v != '' && isLink(v)));
    }`,
  isPlaceholder: `
    // A blurred preview: a small inline WebP, or '' (none).
    function isPlaceholder(v) {
      return v is string && v.size() <= ${PLACEHOLDER_MAX} && (v == '' || v.matches('^data:image/webp;base64,[A-Za-z0-9+/]+={0,2}$'));
    }`,
  isDateTime: `
    // A wall-clock date and time, YYYY-MM-DDTHH:mm, or '' (none). Whether the day exists (30 February) and the
    // hour is not one the clocks skip is checked by the schema the admin's adapter validates with before a write.
    function isDateTime(v) {
      return v is string && v.matches('^([12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9])?$');
    }`,
  isZonedDateTime: `
    // A wall-clock date and time on an item's own clock, YYYY-MM-DDTHH:mm, with its UTC offset (+03:00) only when
    // that clock repeats the time, or '' (none). Whether the clock has it (skipped, repeated) is checked by the schema
    // the admin's adapter validates with before a write (rules know no time zones).
    function isZonedDateTime(v) {
      return v is string && v.matches('^([12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]([+-](0[0-9]|1[0-4]):[0-5][0-9])?)?$');
    }`,
  isTimeZone: `
    // A time zone's name as IANA spells it (Europe/Lisbon, Etc/GMT+5, UTC), or '' (the artist's). Whether Intl knows
    // it is checked by the schema the admin's adapter validates with.
    function isTimeZone(v) {
      return v is string && v.size() <= ${TIME_ZONE_MAX} && v.matches('^([A-Z][A-Za-z_-]*(/[A-Z][A-Za-z0-9_+-]*){0,2})?$');
    }`,
  isCountry: `
    // A country: an ISO 3166-1 alpha-2 code in capitals. Whether it is an assigned one is checked by the schema.
    function isCountry(v) {
      return v is string && v.matches('^[A-Z]{2}$');
    }`,
  isSlug: `
    // An address part: lower-case letters and digits joined by single hyphens, or '' (made from the title).
    // Unique in its list: the admin's adapter checks that (rules cannot search a collection).
    function isSlug(v, max) {
      return v is string && v.size() <= max && v.matches('^([a-z0-9]+(-[a-z0-9]+)*)?$');
    }`,
  isItemRef: `
    // Another list's item, by its id, or '' (none).
    function isItemRef(v) {
      return v is string && v.matches('^([A-Za-z0-9_-]{1,100})?$');
    }`,
  isDay: `
    // A calendar day, YYYY-MM-DD, or '' (none). Whether it exists (30 February) is checked by the schemas; a
    // visitor's day in the past is refused by the create rule of its inbox (a timestamp cannot be made from one).
    function isDay(v) {
      return v is string && v.matches('^([12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$');
    }`,
  isInstant: `
    // A moment set when the item was created (a timestamp), or '' (none).
    function isInstant(v) {
      return v == '' || v is timestamp;
    }`,
  isOrder: `
    // The admin's ordering of a list: a whole number.
    function isOrder(v) {
      return v is int && v >= 0 && v <= 1000000;
    }`,
} as const;
type Helper = keyof typeof HELPERS;

/** A rules string literal of a regular expression. */
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A link restricted to some hosts (lower-case names; the scheme and host in any case, as URLs allow). */
const escapeHost = (h: string) => h.replace(/[.*+?^${}()|[\]\\-]/g, (c) => `[${c === '\\' || c === ']' || c === '^' ? `\\${c}` : c}]`);
/** `*.example.com` is any name under example.com (one label or more before it). */
const hostPattern = (h: string) => (h.startsWith('*.') ? `([a-z0-9-]+[.])+${escapeHost(h.slice(2))}` : escapeHost(h));
const hostsRegex = (hosts: readonly string[]) => `(?i)^https://(${hosts.map(hostPattern).join('|')})(:[0-9]+)?([/?#].*)?$`;
const linkExpr = (v: string, hosts?: readonly string[]) =>
  hosts ? `(isLink(${v}) && (${v} == '' || ${v}.matches(${quote(hostsRegex(hosts))})))` : `isLink(${v})`;

/** A text's rules with its declaration's further ones: at least `min` characters, one line, at most `maxLinks` links; a token's own. */
function textExpr(f: FieldDecl & { type: 'text' | 'longText' }, v: string): string {
  // A token: letters and digits, one matches() (a plain text's checks cost four).
  if (f.token) return `(${v} is string && ${v}.matches(${quote(`^[0-9A-Za-z]{0,${f.max}}$`)}))`;
  const parts = [`isPlainText(${v}, ${f.max})`];
  if (f.min) parts.push(`${v}.trim().size() >= ${f.min}`);
  if (f.oneLine) parts.push(`!${v}.matches(${quote(String.raw`(?s).*[\r\n].*`)})`);
  // The same links as linkCount() in ./checks.ts: http://, https:// or www., in any case.
  if (f.maxLinks !== undefined) parts.push(`!${v}.matches(${quote(String.raw`(?is)(.*(https?://|www[.])){${f.maxLinks + 1}}.*`)})`);
  // The same words as wordCount() in ./checks.ts: runs between spaces, tabs and line breaks; one more than allowed refused.
  if (f.maxWords !== undefined) parts.push(`!${v}.matches(${quote(String.raw`(?s)[ \t\r\n]*([^ \t\r\n]+[ \t\r\n]+){${f.maxWords}}[^ \t\r\n].*`)})`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' && ')})`;
}

interface FieldRules {
  helpers: Helper[];
  /** The check of a value (`v` is a rules expression), or the name of a function of its own (a group). */
  check: (field: FieldDecl, v: string, fn: string) => string;
  /** Its value when absent from a merged document ('' counts as not set; a choice: its first option). */
  absent: string | ((field: FieldDecl) => string);
  /** Rules functions of its own (a group's), named after the kind and the field. */
  functions?: (field: FieldDecl, fn: string, path: string) => string;
}

/** One entry per field kind: adding a kind to FieldDecl fails to compile until it has its rules. */
const RULES: {
  [T in FieldType]: Omit<FieldRules, 'check' | 'functions'> & {
    check: (field: FieldDecl & { type: T }, v: string, fn: string) => string;
    functions?: (field: FieldDecl & { type: T }, fn: string, path: string) => string;
  };
} = {
  text: { helpers: ['isText', 'isPlainText'], check: (f, v) => textExpr(f, v), absent: "''" },
  longText: { helpers: ['isText', 'isPlainText'], check: (f, v) => textExpr(f, v), absent: "''" },
  link: { helpers: ['isText', 'isLink'], check: (f, v) => linkExpr(v, f.hosts), absent: "''" },
  email: {
    helpers: ['isText', 'isPlainText', 'isContactEmail'],
    // A visitor's own address: given, and plain (a Reply-To takes no mailto:).
    check: (f, v) => (f.required ? `(isContactEmail(${v}) && ${v} != '' && !${v}.matches('(?i)^mailto:.*'))` : `isContactEmail(${v})`),
    absent: "''",
  },
  wholeNumber: { helpers: ['isWholeNumber'], check: (f, v) => `isWholeNumber(${v}, ${f.min}, ${f.max})`, absent: '0' },
  decimal: { helpers: ['isDecimal'], check: (f, v) => `isDecimal(${v}, ${f.min}, ${f.max})`, absent: '0' },
  fileSource: { helpers: ['isText', 'isLink', 'isFileSource'], check: (_, v) => `isFileSource(${v})`, absent: "''" },
  waveform: { helpers: ['isWaveform'], check: (f, v) => `isWaveform(${v}, ${f.points})`, absent: "''" },
  // Each option at most once: a list of distinct declared options.
  choices: {
    helpers: [],
    check: (f, v) =>
      `(${v} is list && ${v}.size() <= ${f.options.length} && ${v}.toSet().size() == ${v}.size() && ${v}.hasOnly([${f.options.map((o) => quote(o)).join(', ')}]))`,
    absent: '[]',
  },
  image: { helpers: ['isImageRef'], check: (_, v) => `isImageRef(${v})`, absent: "''" },
  imageSource: { helpers: ['isText', 'isLink', 'isImageSource'], check: (_, v) => `isImageSource(${v})`, absent: "''" },
  placeholder: { helpers: ['isPlaceholder'], check: (_, v) => `isPlaceholder(${v})`, absent: "''" },
  choice: {
    helpers: [],
    check: (f, v) => `(${v} in [${f.options.map((o) => quote(o)).join(', ')}])`,
    absent: (f) => quote((f as FieldDecl & { type: 'choice' }).options[0]),
  },
  dateTime: {
    helpers: ['isDateTime', 'isZonedDateTime'],
    check: (f, v) => {
      const shape = f.zoneField ? `isZonedDateTime(${v})` : `isDateTime(${v})`;
      return f.required ? `(${shape} && ${v} != '')` : shape;
    },
    absent: "''",
  },
  timeZone: { helpers: ['isTimeZone'], check: (_, v) => `isTimeZone(${v})`, absent: "''" },
  country: { helpers: ['isCountry'], check: (_, v) => `isCountry(${v})`, absent: "''" },
  slug: { helpers: ['isSlug'], check: (f, v) => `isSlug(${v}, ${f.max})`, absent: "''" },
  itemRef: { helpers: ['isItemRef'], check: (_, v) => `isItemRef(${v})`, absent: "''" },
  day: { helpers: ['isDay'], check: (_, v) => `isDay(${v})`, absent: "''" },
  instant: { helpers: ['isInstant'], check: (_, v) => `isInstant(${v})`, absent: "''" },
  links: {
    helpers: ['isText', 'isLink'],
    check: (_, v, fn) => `${fn}(${v})`,
    absent: '{}',
    functions: (f, fn, path) => {
      const keys = Object.keys(f.links);
      const conditions = [
        'l is map',
        `l.keys().hasOnly([${keys.map((k) => `'${k}'`).join(', ')}])`,
        ...keys.map((k) => linkExpr(`l.get('${k}', '')`, f.links[k]!.hosts)),
      ];
      return `\n    // ${path}: only these links, each an https:// link or '' (not set).\n    function ${fn}(l) {\n      return ${conditions.join('\n        && ')};\n    }`;
    },
  },
};
const rulesOf = (field: FieldDecl) => RULES[field.type] as FieldRules;

/** Words of the rules language that cannot follow a dot (`d.service` does not compile): such a field is `d['service']`. */
const RESERVED = new Set(['service', 'match', 'allow', 'if', 'function', 'return', 'let', 'in', 'is', 'true', 'false', 'null', 'rules_version']);
/** A stored field of the document `d`, as a rules expression. */
const at = (key: string) => (RESERVED.has(key) ? `d['${key}']` : `d.${key}`);

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
/** The rules function that validates a kind's documents: isSettings, isStats, isRelease, isCollaborator. */
export const kindFunction = (kind: Kind): string => `is${capital(kind.shape === 'list' ? kind.item : kind.name)}`;
const groupFunction = (kind: Kind, name: string) => `${kindFunction(kind)}${capital(name)}`;

/** A list's strings as a rules list, wrapped to stay readable. */
function keyList(keys: string[], indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const key of keys.map((k) => `'${k}'`)) {
    if (line && line.length + key.length > 80) {
      lines.push(`${line},`);
      line = key;
    } else line = line ? `${line}, ${key}` : key;
  }
  lines.push(line);
  return `[${lines.join(`\n${' '.repeat(indent + 1)}`)}]`;
}

function kindRules(kind: Kind): string {
  const stored = storedFields(kind);
  const required = isRequired(kind);
  // An inbox's item a visitor created has no place in the admin's order (it is listed newest first).
  const inbox = kind.shape === 'list' && kind.inbox;
  const keys = [...stored.map((s) => s.key), ...(kind.shape === 'list' ? ['order'] : [])];
  const conditions = [`d.keys().hasOnly(${keyList(keys, 'd.keys().hasOnly('.length + 13)})`];
  const all = inbox ? stored.map((s) => s.key) : keys;
  if (required) conditions.push(`d.keys().hasAll(${keyList(all, 'd.keys().hasAll('.length + 13)})`);
  const functions: string[] = [];
  for (const { key, name, field } of stored) {
    const rules = rulesOf(field);
    const fn = groupFunction(kind, name);
    if (rules.functions) functions.push(rules.functions(field, fn, `${kind.name}.${name}`));
    const absent = typeof rules.absent === 'function' ? rules.absent(field) : rules.absent;
    conditions.push(rules.check(field, required ? at(key) : `d.get('${key}', ${absent})`, fn));
  }
  if (kind.shape === 'list') conditions.push(inbox ? "isOrder(d.get('order', 0))" : 'isOrder(d.order)');
  if (kind.shape === 'list') for (const check of kind.checks ?? []) conditions.push(checkRule(check, required ? at : (key) => `d.get('${key}', '')`));
  const what =
    kind.shape === 'list'
      ? `// ${kind.name}/{id}: every field, and its place in the admin's order.`
      : kind.save === 'merge'
        ? `// ${kind.name}/main after the write (a merge is checked as the whole merged document).`
        : `// ${kind.name}/main: every field.`;
  const made = `${functions.join('\n')}\n\n    ${what}\n    function ${kindFunction(kind)}(d) {\n      return ${conditions.join('\n        && ')};\n    }`;
  return inbox ? `${made}\n${visitorRules(kind as ListKind & { inbox: NonNullable<ListKind['inbox']> })}` : made;
}

/**
 * A rule between fields (ListKind.checks) as far as rules can state it. Two times on one clock compare as text by
 * their wall time (the first 16 characters sort as the times do); within the hour a clock repeats, where the wall
 * time alone cannot tell, the rules let the schema decide (`later` is checked as not earlier there).
 */
function checkRule(check: ItemCheck, v: (key: string) => string): string {
  const [field, than] = [v(check.field), check.check === 'requiredWhen' ? '' : v(check.than)];
  switch (check.check) {
    case 'requiredWhen':
      // Blank text is not given either (a city of spaces), as in the schema.
      return `(${v(check.when.field)} != ${quote(check.when.equals)} || (${field} is string ? ${field}.trim() != '' : ${field} != 0))`;
    case 'later':
      return `(${field} == '' || ${than} == '' || ${field}[0:16] >= ${than}[0:16])`;
    case 'notLater':
      return `(${field} == '' || ${than} == '' || ${field}[0:16] <= ${than}[0:16])`;
  }
}

/** The rules function of a visitor's create in an inbox: isBookingRequest. */
const visitorFunction = (kind: ListKind) => `${kindFunction(kind)}Request`;

/**
 * What a visitor may create in an inbox: exactly the declared fields, each valid, the visitor's own and the rest at
 * their starting values (a choice at its first option, an instant at the request's time), and a `future` day not
 * before yesterday in UTC (today somewhere on Earth). How often is beyond rules (docs/decisions/0025).
 */
function visitorRules(kind: ListKind & { inbox: NonNullable<ListKind['inbox']> }): string {
  const stored = storedFields(kind);
  const visitor = new Set<string>(kind.inbox.visitorFields);
  const keys = stored.map((s) => s.key);
  const conditions = [
    `d.keys().hasOnly(${keyList(keys, 'd.keys().hasOnly('.length + 13)})`,
    `d.keys().hasAll(${keyList(keys, 'd.keys().hasAll('.length + 13)})`,
  ];
  conditions.push(`${kindFunction(kind)}(d)`);
  for (const { key, name, field } of stored) {
    if (visitor.has(name)) {
      if (field.type === 'day' && field.future) {
        const v = at(key);
        conditions.push(`(${v} == '' || timestamp.date(int(${v}[0:4]), int(${v}[5:7]), int(${v}[8:10])) + duration.value(2, 'd') > request.time)`);
      }
      continue;
    }
    if (field.type === 'instant') conditions.push(`${at(key)} == request.time`);
    else {
      const rules = rulesOf(field);
      conditions.push(`${at(key)} == ${typeof rules.absent === 'function' ? rules.absent(field) : rules.absent}`);
    }
  }
  return `\n    // ${kind.name}/{id} as a visitor creates it: the visitor's fields, the others as they start.\n    function ${visitorFunction(kind)}(d) {\n      return ${conditions.join('\n        && ')};\n    }`;
}

/**
 * Who may read and write a kind's documents: anyone reads (the public page), only the admin writes, a valid
 * document, with its next version in the same batch (docs/decisions/0020-history-on-firebase.md: isRecorded
 * and isReorder are written by hand below the generated part).
 */
function matchRules(kind: Kind): string {
  const check = `${kindFunction(kind)}(request.resource.data)`;
  if (kind.shape === 'singleton') {
    return `
    match /${kind.name}/main {
      allow get: if true;
      allow create, update: if isAdmin() && ${check}
        && isRecorded('${kind.name}~main', request.resource.data, ['create', 'update', 'restore']);
    }`;
  }
  if (kind.inbox) {
    // An inbox: anyone may create one valid request; only the admin reads, lists, changes or removes (with history).
    return `
    match /${kind.name}/{id} {
      allow read: if isAdmin();
      allow create: if ${visitorFunction(kind)}(request.resource.data)
        || (isAdmin() && ${check}
          && isRecorded('${kind.name}~' + id, request.resource.data, ['create', 'restore']));
      allow update: if isAdmin() && ${check}
        && (isReorder() || isRecorded('${kind.name}~' + id, request.resource.data, ['update', 'restore']));
      allow delete: if isAdmin() && isRecorded('${kind.name}~' + id, null, ['remove']);
    }`;
  }
  // An item that is not public (a draft) is the admin's alone; the public page's query asks for public ones only.
  const read = kind.publicWhen ? `isAdmin() || resource.data.${kind.publicWhen.field} == ${quote(kind.publicWhen.equals)}` : 'true';
  return `
    match /${kind.name}/{id} {
      allow read: if ${read};
      allow create: if isAdmin() && ${check}
        && isRecorded('${kind.name}~' + id, request.resource.data, ['create', 'restore']);
      allow update: if isAdmin() && ${check}
        && (isReorder() || isRecorded('${kind.name}~' + id, request.resource.data, ['update', 'restore']));
      allow delete: if isAdmin() && isRecorded('${kind.name}~' + id, null, ['remove']);
    }`;
}

export const GENERATED_BEGIN = '    // ---- generated by scripts/generate-rules.ts from src/content/kinds: edit those, not this ----';
export const GENERATED_END = '    // ---- end of the generated rules ----';

/** The rules functions of the field kinds used and of every kind, between the markers. */
export function generateRules(kinds: readonly Kind[]): string {
  const used = new Set<Helper>(
    kinds.flatMap((k) => [...Object.values(k.fields).flatMap((f) => rulesOf(f).helpers), ...(k.shape === 'list' ? (['isOrder'] as const) : [])]),
  );
  const helpers = (Object.keys(HELPERS) as Helper[]).filter((h) => used.has(h)).map((h) => HELPERS[h]);
  return [GENERATED_BEGIN, ...helpers, ...kinds.map(kindRules), '', ...kinds.map(matchRules), '', GENERATED_END].join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A rules file with its generated part replaced; the hand-written parts around the markers stay as they are. */
export function withGeneratedRules(rules: string, generated: string): string {
  const begin = rules.indexOf(GENERATED_BEGIN);
  const end = rules.indexOf(GENERATED_END);
  if (begin === -1 || end === -1 || end < begin) throw new Error('firebase/firestore.rules has lost its generated-rules markers.');
  return rules.slice(0, begin) + generated + rules.slice(end + GENERATED_END.length);
}
