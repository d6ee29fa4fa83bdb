/**
 * Every message the model's checks give (./schema.ts, ./checks.ts, ../zoned-time.ts, the API's own field problems), by
 * a stable id, in English as the API sends it after the field's name ("links.spotify must be an https:// link").
 * `{name}` marks a parameter. The API sends each problem's id and parameters beside its English message, so a client
 * words it in its own language (the admin: src/admin/problem-words.ts, keyed by these ids; docs/decisions/0031).
 *
 * A new message goes here with its id, and in the admin's table with its Romanian words:
 * src/admin/problem-words.test.ts fails on a message of schema.ts this table does not hold, and on an id without Romanian.
 */
export const SCHEMA_MESSAGES = {
  text: 'must be text',
  maxChars: 'must be at most {max} characters',
  minChars: 'must be at least {min} characters',
  notEmpty: 'must not be empty',
  noControl: 'must not contain control characters',
  noInvisible: 'must not contain invisible or direction-changing characters (zero-width or bidirectional controls)',
  oneLine: 'must be one line (no line breaks)',
  token: 'must be letters and digits only (A-Z, a-z, 0-9)',
  linksAtMostOne: 'must hold at most {most} link',
  linksAtMost: 'must hold at most {most} links',
  wordsAtMost: 'must be at most {most} words',
  httpsLink: 'must be an https:// link',
  linkTo: 'must be a link to {hosts}',
  email: 'must be an e-mail address',
  plainEmail: 'must be a plain e-mail address, without a ?subject=, ?cc= or ?bcc= part (no ?, # or %)',
  number: 'must be a number',
  wholeNumber: 'must be a whole number',
  atLeast: 'must be {min} or more',
  atMost: 'must be at most {max}',
  imageId: 'must be the id of an image in the media library',
  imageLink: 'must be an https:// link to an image',
  audioLink: 'must be an https:// link to an audio file',
  fileLink: 'must be an https:// link to a file',
  placeholder: 'must be a data:image/webp;base64, preview',
  oneOf: 'must be one of: {options}',
  listOf: 'must be a list of: {options}',
  onceEach: 'must name each option at most once',
  dateTime: 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T00:00)',
  dateTimeExists: 'must be a date and time that exist (no 30 February, no hour 24)',
  timeSkipped: 'must be a time that exists in {zone} (the clocks skip that hour)',
  slug: 'must be lower-case letters (a-z), digits and single hyphens, such as lumini-de-oras: no spaces, /, . or other signs',
  itemId: 'must be the id of an item',
  waveformPoints: 'must hold at most {points} points',
  waveform: 'must be a waveform: two hex digits (0-9, a-f) per point',
  day: 'must be a date as YYYY-MM-DD (for example 2026-12-05)',
  dayExists: 'must be a date that exists, as YYYY-MM-DD (for example 2026-12-05)',
  instant: 'must be a moment as 2026-12-05T20:00:00.000Z',
  unknownField: 'is not a known field',
  jsonObject: 'must be a JSON object',
  notValid: 'is not valid',
  linkGroup: 'must be a group of links, one per platform',
  unicode: 'must be valid Unicode text (no lone surrogates)',
  // A show's times on its venue's clock, and the checks between fields (src/content/zoned-time.ts, ./schema.ts).
  zonedDateTime: 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T21:00)',
  dateTimeRequired: 'must be a date and time (for example 2026-12-05T21:00)',
  timeSkippedAt: 'must be a time that exists in {zone}: the clocks go forward that night and skip {time}',
  timeRepeated: 'happens twice in {zone} (the clocks go back that night): say which {time} is meant, the first (UTC{first}) or the second (UTC{second})',
  timeOffsetWrong: 'must be {time} at UTC{first} or UTC{second} in {zone}',
  timeNoOffset: 'must not carry an offset: {time} happens once in {zone}',
  timeZone: 'must be a time zone such as Europe/Lisbon (an IANA name), or empty for yours',
  country: 'must be a country’s two-letter code in capitals, such as RO or PT',
  chosen: 'must be chosen',
  after: 'must be after {than}',
  notAfter: 'must not be after {than}',
  givenWhen: 'must be given when {field} is {equals}',
} as const;

export type SchemaMessageId = keyof typeof SCHEMA_MESSAGES;

/** A problem as the API words it: its id and the parameters its English message was made with. */
export interface ProblemWords {
  id: SchemaMessageId;
  params?: Record<string, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = (Object.entries(SCHEMA_MESSAGES) as [SchemaMessageId, string][]).map(([id, template]) => {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/g)
    .map((piece, i) => {
      if (i % 2 === 0) return escape(piece);
      names.push(piece);
      return '(.+?)';
    })
    .join('');
  return { id, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** The id and parameters of a message of the table ("must be at most 200 characters" → maxChars, max 200), or undefined. */
export function problemWords(message: string): ProblemWords | undefined {
  for (const { id, names, pattern } of MATCHERS) {
    const found = pattern.exec(message);
    if (!found) continue;
    return names.length ? { id, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) } : { id };
  }
  return undefined;
}
