/**
 * Test values for every field kind (fast-check), valid and invalid mixed, and an oracle of what each kind
 * accepts, written apart from the schemas (./schema.ts) so that the two can disagree and a test see it.
 * The property suites (server/test/validation-suite.ts) take one case per stored field of every
 * declaration: a new field is tested without a line of test code. Tests only: the app never imports this.
 */
import fc from 'fast-check';
import { EMAIL_MAX, PICTOGRAPH_RANGES, URL_MAX } from './checks';
import { emptyValue, isGiven, isRequired, storedFields, type FieldDecl, type FieldType, type Kind } from './declare';

// ---- what is sent ---------------------------------------------------------------------------
const SCHEMES = ['javascript', 'data', 'vbscript', 'http', 'file', 'blob', 'ftp', 'https'];
const sprinkle = (s: string) =>
  fc
    .array(fc.constantFrom('', '', '', '\t', '\n', '\r', '\u0000', ' ', '\u00ad', '%09'), { minLength: s.length, maxLength: s.length })
    .map((extra) => [...s].map((ch, i) => ch + extra[i]).join(''));
/** javascript:, data: and vbscript: (and others) in every spelling a browser or a careless parser might accept. */
export const trickyUrl = fc
  .tuple(
    fc.constantFrom('', ' ', '\u0000', '\t', '\u200b', '\ufeff'),
    fc
      .constantFrom(...SCHEMES)
      .chain((s) => fc.mixedCase(fc.constant(s)))
      .chain(sprinkle),
    fc.constantFrom(':', ':', '%3a', '&#58;', '&colon;', '\\u003a', '://', ':/\\', ':\\\\'),
    fc.oneof(
      fc.constant('alert(1)'),
      fc.constant('//evil.example/%0aalert(1)'),
      fc.constant('text/html;base64,PHNjcmlwdD4='),
      fc.webPath(),
      fc.string({ maxLength: 30 }),
    ),
  )
  .map((parts) => parts.join(''));
export const urlValue = fc.oneof(
  { weight: 4, arbitrary: trickyUrl },
  { weight: 2, arbitrary: fc.webUrl({ validSchemes: ['https', 'http', 'ftp'], withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.webUrl({ validSchemes: ['https'] }).map((u) => u.replace('https://', 'https://user:pw@')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'https://', 'https:///x', 'https:example.com', '//example.com', 'https://' + 'a'.repeat(URL_MAX)) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);
/** Bidirectional controls and zero-width characters (hasInvisible in ./checks.ts; isPlainText in the rules). */
export const INVISIBLE_CHARS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
];
/** Text with an invisible character, or an emoji joined by U+200D (which is allowed), somewhere in it. */
const invisibleText = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom(...INVISIBLE_CHARS, '🧑\u200D🎤', '🏳\uFE0F\u200D🌈', '\u200D🎤', 'a\u200D🎤', '🎤\u200D'),
    fc.string({ maxLength: 10 }),
  )
  .map((parts) => parts.join(''));
export const textValue = (max: number) =>
  fc.oneof(
    { weight: 2, arbitrary: invisibleText },
    { weight: 3, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ minLength: max - 3, maxLength: max + 3, unit: fc.constantFrom('a', 'ă', '🎵'.charAt(0), ' ') }) },
    { weight: 1, arbitrary: fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', "'; DROP TABLE releases; --") },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
export const emailValue = fc.oneof(
  fc.emailAddress(),
  fc
    .tuple(
      fc.constantFrom('', 'mailto:', 'MAILTO:'),
      fc.emailAddress(),
      fc.constantFrom('?bcc=x%40y.com', '?cc=x%40y.com', '?subject=Hi', '?body=x', '%3Fbcc=x', '%3fcc=y', '#top', '?', '%', '\u202E', '\u200B'),
    )
    .map(([scheme, address, tail]) => `${scheme}${address}${tail}`),
  fc.tuple(fc.emailAddress(), fc.constantFrom('?', '%3F', '#', '\u200D')).map(([address, mark]) => `mailto:${address.replace('@', `${mark}@`)}`),
  fc.emailAddress().map((e) => `mailto:${e}`),
  trickyUrl.map((u) => `${u}@example.com`),
  fc.string({ maxLength: 40 }),
  fc.anything({ maxDepth: 2 }),
);
/** Media ids, and what must never pass for one (paths, links, markup). */
const imageRefValue = fc.oneof(
  fc.constantFrom(
    '',
    '5f0c2a9e-8d1b-4c3a-9e7f-0a1b2c3d4e5f',
    'AbC123xyz09876543210',
    '../etc/passwd',
    'a b',
    'x'.repeat(65),
    '<img>',
    'https://example.com/a.jpg',
  ),
  fc.stringMatching(/^[A-Za-z0-9-]{0,70}$/),
  fc.string({ maxLength: 20 }),
  fc.anything({ maxDepth: 1 }),
);
const HEX64 = 'ab'.repeat(32);
/** Image addresses: uploads, links, and every other scheme or path. */
const imageSourceValue = fc.oneof(
  urlValue,
  fc.constantFrom(
    `/media/${HEX64}`,
    `/media/${HEX64.toUpperCase()}`,
    `/media/${HEX64}.jpg`,
    `/media/../${HEX64}`,
    '/media/',
    `//evil.example/media/${HEX64}`,
    '',
  ),
  fc.stringMatching(/^\/media\/[0-9a-f]{60,68}$/),
);
/** Inline previews, and other data: addresses that must never be stored. */
const placeholderValue = fc.oneof(
  fc.base64String({ maxLength: 200 }).map((b) => `data:image/webp;base64,${b}`),
  fc.constantFrom('', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/webp,abc', 'javascript:alert(1)'),
  fc.string({ maxLength: 30 }),
  fc.constant(`data:image/webp;base64,${'A'.repeat(1500)}`),
  fc.anything({ maxDepth: 1 }),
);
/** Every option, look-alikes of them and anything else. */
const choiceValue = (options: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...options) },
    { weight: 2, arbitrary: fc.constantFrom('', ...options.map((o) => o.toUpperCase()), ...options.map((o) => `${o} `), ...options.map((o) => `${o}\u0000`)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
  );
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Wall times: real ones, days that do not exist, the hour skipped in spring, other spellings of a time. */
const dateTimeValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
      )
      .map(([y, mo, d, h, mi]) => `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '2026-02-30T12:00',
      '2026-02-29T00:00',
      '2028-02-29T00:00',
      '2100-02-29T00:00',
      '2026-04-31T10:00',
      '2026-03-29T03:30',
      '2027-03-28T03:00',
      '2026-10-25T03:30',
      '2026-12-05T24:00',
      '2026-12-05T23:60',
      '2026-12-05 10:00',
      '2026-12-05T10:00:00',
      '2026-12-05T10:00Z',
      '2026-12-05',
      '1899-12-31T23:59',
      '3000-01-01T00:00',
      '0000-00-00T00:00',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);
/** Times of a show's clock: the wall times above, and with offsets (right, wrong, on a time that happens once). */
const zonedDateTimeValue = fc.oneof(
  { weight: 4, arbitrary: dateTimeValue },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2026-10-25T03:30+03:00',
      '2026-10-25T03:30+02:00',
      '2026-10-25T03:30+01:00',
      '2026-10-25T03:00',
      '2026-10-25T04:00',
      '2026-10-25T02:59',
      '2027-10-31T03:15',
      '2026-12-05T21:00+02:00',
      '2026-12-05T21:00+2:00',
      '2026-12-05T21:00Z',
      '2026-10-25T03:30+03:00 ',
    ),
  },
);
/** Zone names: every one Intl lists, other spellings of them, aliases, made-up places and offsets. */
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Lisbon'];
const knownZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};
const timeZoneValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ZONES) },
  { weight: 2, arbitrary: fc.constantFrom(...ZONES).map((z) => z.toLowerCase()) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'UTC',
      'Europe/Atlantis',
      'Mars/Olympus_Mons',
      '+02:00',
      'UTC+2',
      'Europe/Lisbon ',
      ' Europe/Lisbon',
      'Europe//Lisbon',
      'a'.repeat(65),
    ),
  },
  // Random text that is no zone at all (a short one could spell an old alias such as "NZ").
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).filter((v) => v === '' || !knownZone(v)) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);
/** Country codes: assigned ones, other spellings, reserved and made-up codes. */
const countryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('RO', 'PT', 'DE', 'GB', 'XK', 'MD', 'HU') },
  { weight: 2, arbitrary: fc.constantFrom('', 'ro', 'Ro', 'UK', 'EU', 'ZZ', 'AA', 'ROU', 'R', 'RO ', '01', 'Romania') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{2}$/) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);
/** The ISO 3166-1 alpha-2 codes, written apart from src/content/places.ts: officially assigned (by region), and XK. */
const ISO_COUNTRIES = new Set(
  `AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI CV KH CM CA KY CF
  TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR
  GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU
  MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MK MP NO OM PK PW PS PA PG PY PE
  PH PN PL PT PR QA RE RO RU RW BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ SE CH SY TW TJ
  TZ TH TL TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW XK`.split(/\s+/),
);
/** Whether a stored zoned time exists on the artist's clock (Europe/Bucharest) and says which when repeated, written apart from zoned-time.ts. */
function bucharestZonedTime(v: unknown): boolean {
  if (v === '') return true;
  if (typeof v !== 'string') return false;
  const wall = v.slice(0, 16);
  if (!bucharestTime(wall) || wall === '') return false;
  const [y, mo, d, h] = [Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10)), Number(v.slice(11, 13))];
  // The EU's clocks go back at 04:00 on the last Sunday of October: 03:00-03:59 happens twice in Bucharest.
  const lastSundayOfOctober = 31 - ((new Date(Date.UTC(y, 9, 31)).getUTCDay() + 7) % 7);
  const repeated = y >= 1997 && mo === 10 && d === lastSundayOfOctober && h === 3;
  return repeated ? /^\+0[23]:00$/.test(v.slice(16)) : v.length === 16;
}

/** Address parts, and what must never be one: paths, dots, spaces, capitals, marks. Never '' (the store fills that in). */
const slugValue = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,4}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('a/b', '..', '../etc', 'a--b', '-a', 'a-', 'a b', 'Lumini', 'lumini-de-oraș', '%2e%2e', 'x'.repeat(81), 'x'.repeat(80)),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }).filter((v) => v !== '') },
);
const itemRefValue = fc.oneof(
  fc.constantFrom('', 'sample-release-1', '5f0c2a9e-8d1b-4c3a-9e7f-0a1b2c3d4e5f', 'a_b', '../x', 'a b', 'x'.repeat(101), '<b>'),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,105}$/),
  fc.anything({ maxDepth: 1 }),
);
/** Numbers with fractions around the range, and what is no number at all. */
const decimalValue = (min: number, max: number) =>
  fc.oneof(
    fc.double({ min: min - 10, max: max + 10, noNaN: true }),
    fc.constantFrom(min, max, 0, -0, Number.NaN, Number.POSITIVE_INFINITY, '-14.2', ''),
    fc.anything({ maxDepth: 1 }),
  );
/** Audio addresses: uploads, links, and every other scheme or path. */
const fileSourceValue = imageSourceValue;
/** Waveforms: hex pairs, too many points, capitals, odd lengths, markup. */
const waveformValue = (points: number) =>
  fc.oneof(
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: points + 3 }).map((a) => a.map((n) => n.toString(16).padStart(2, '0')).join('')),
    fc.constantFrom('', 'FF', 'f', '0g', '<svg>', 'javascript:alert(1)'),
    fc.string({ maxLength: 12 }),
    fc.anything({ maxDepth: 1 }),
  );
/** Sets of options, with repeats, unknown ones and other shapes. */
const choicesValue = (options: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.subarray([...options]) },
    { weight: 2, arbitrary: fc.array(fc.constantFrom(...options, options[0]!.toUpperCase(), '', 'x'), { maxLength: options.length + 2 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
const numberValue = (min: number, max: number) =>
  fc.oneof(fc.integer({ min: min - 10, max: Math.min(2 * max, 2 ** 31 - 1) }), fc.double(), fc.nat(), fc.anything({ maxDepth: 2 }));

// ---- what may be accepted (written independently of the schemas) -----------------------------
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const INVISIBLE_CODES = new Set(INVISIBLE_CHARS.filter((c) => c !== '\u200D').map((c) => c.codePointAt(0)));
const pictograph = (cp: number | undefined) => cp !== undefined && PICTOGRAPH_RANGES.some(([from, to]) => cp >= from && cp <= to);
/** An invisible character anywhere, or a zero-width joiner not between a pictograph (or U+FE0F after one) and a pictograph. */
export function invisible(v: string): boolean {
  const cps = [...v].map((ch) => ch.codePointAt(0)!);
  return cps.some((cp, i) => INVISIBLE_CODES.has(cp) || (cp === 0x200d && !((pictograph(cps[i - 1]) || cps[i - 1] === 0xfe0f) && pictograph(cps[i + 1]))));
}
export const isText = (v: unknown, max: number) => typeof v === 'string' && v.length <= max && !CONTROL.test(v) && !LONE.test(v) && !invisible(v);
/** A stored link is '' or https:// (and on a declared host). */
export function safeHttps(v: unknown, hosts?: readonly string[]): boolean {
  if (v === '') return true;
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    const host = url.hostname;
    return url.protocol === 'https:' && (!hosts || hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host !== h.slice(2) : host === h)));
  } catch {
    return false;
  }
}
/** A stored contact address never carries a mailto: query, fragment or escape, nor an invisible character. */
export const safeEmail = (v: unknown) =>
  v === '' ||
  (typeof v === 'string' &&
    v.length <= EMAIL_MAX + 7 &&
    /^(mailto:)?[^\s:@]+@[^\s:@]+$/i.test(v) &&
    !/[?#%]/.test(v) &&
    !invisible(v) &&
    !v.includes('\u200D'));
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** The last Sunday of March, when the EU's clocks skip 03:00-03:59 in Europe/Bucharest (since 1997). */
const lastSundayOfMarch = (y: number) => 31 - ((new Date(Date.UTC(y, 2, 31)).getUTCDay() + 7) % 7);
/** A wall time that exists in Europe/Bucharest, or ''; written apart from src/content/zoned-time.ts. */
export function bucharestTime(v: unknown): boolean {
  if (v === '') return true;
  if (typeof v !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return false;
  if (d > (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]!)) return false;
  return !(y >= 1997 && mo === 3 && d === lastSundayOfMarch(y) && h === 3);
}
export const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /^[\s\u0000-\u001f]*(j[\s\u0000-\u001f]*a[\s\u0000-\u001f]*v[\s\u0000-\u001f]*a[\s\u0000-\u001f]*s[\s\u0000-\u001f]*c[\s\u0000-\u001f]*r[\s\u0000-\u001f]*i[\s\u0000-\u001f]*p[\s\u0000-\u001f]*t|d[\s\u0000-\u001f]*a[\s\u0000-\u001f]*t[\s\u0000-\u001f]*a|v[\s\u0000-\u001f]*b[\s\u0000-\u001f]*s[\s\u0000-\u001f]*c[\s\u0000-\u001f]*r[\s\u0000-\u001f]*i[\s\u0000-\u001f]*p[\s\u0000-\u001f]*t)/i;

/** A day that exists, YYYY-MM-DD, written apart from ./checks.ts's isDay. */
export function existingDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  return y >= 1900 && y <= 2999 && mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]!);
}
const dayValue = fc.oneof(
  fc.constantFrom('', '2026-02-29', '2028-02-29', '2026-13-01', '2026-04-31', '2026-1-5', '0999-01-01', '2026-12-05T00:00', ' 2026-12-05'),
  fc.date({ min: new Date('1800-01-01'), max: new Date('3100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.string({ maxLength: 12 }),
  fc.anything({ maxDepth: 1 }),
);
const instantValue = fc.oneof(
  fc.date({ min: new Date('1970-01-01'), max: new Date('2999-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('', '2026-12-05T20:00:00Z', '2026-12-05T20:00:00.000+02:00', '2026-02-30T00:00:00.000Z', '2026-12-05'),
  fc.string({ maxLength: 26 }),
  fc.anything({ maxDepth: 1 }),
);
/** A text's further rules, written apart from the schema: at least `min` characters once trimmed, one line, at most `maxLinks` links. */
function declaredText(v: unknown, f: { max: number; min?: number; oneLine?: boolean; maxLinks?: number; maxWords?: number; token?: boolean }): boolean {
  if (!isText(v, f.max)) return false;
  const s = v as string;
  if (f.token && !/^[0-9A-Za-z]*$/.test(s)) return false;
  if (f.min && s.trim().length < f.min) return false;
  if (f.oneLine && (s.includes('\n') || s.includes('\r'))) return false;
  if (f.maxLinks !== undefined && s.toLowerCase().split(/https?:\/\/|www\./).length - 1 > f.maxLinks) return false;
  // Words written apart from wordCount(): what is left after removing the separators at either end, split at each run.
  if (
    f.maxWords !== undefined &&
    s
      .replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')
      .split(/[ \t\r\n]+/)
      .filter((w) => w !== '').length > f.maxWords
  )
    return false;
  return true;
}
const declaredTextValue = (f: { max: number; maxLinks?: number; maxWords?: number; token?: boolean }) =>
  f.maxWords !== undefined
    ? fc.oneof(
        textValue(f.max),
        // Around the limit: words of a letter or two, separated by one or more spaces, tabs or line breaks.
        fc
          .array(fc.tuple(fc.constantFrom('a', 'ță', 'x'), fc.constantFrom(' ', '  ', '\t', '\n', ' \n ')), {
            minLength: f.maxWords - 2,
            maxLength: f.maxWords + 2,
          })
          .map((words) => words.map(([w, gap]) => w + gap).join('')),
      )
    : f.token
      ? fc.oneof(textValue(f.max), fc.constantFrom('', '8f3c2a1b7e', 'AbC123', '8f3c-2a1b', '8f3c 2a1b', 'x'.repeat(f.max), 'x'.repeat(f.max + 1)))
      : f.maxLinks === undefined
        ? textValue(f.max)
        : fc.oneof(
            textValue(f.max),
            fc
              .array(fc.constantFrom('https://a.example/x ', 'HTTP://b.example ', 'www.c.example ', 'word ', 'http:/ ', 'wwwx '), { maxLength: f.maxLinks + 3 })
              .map((parts) => parts.join('')),
          );

// ---- one case per stored field ------------------------------------------------------------------
export interface FieldCase {
  kind: Kind;
  /** Where the value goes in a body: ['heroTitle_en'], ['links', 'spotify']. */
  path: string[];
  arbitrary: fc.Arbitrary<unknown>;
  /** When the (JSON round-tripped) value must be accepted; absent: only `safe` is checked. */
  accepts?: (value: unknown) => boolean;
  /** Whatever is stored must pass this (links and addresses: nothing unsafe ever gets in). */
  safe?: (stored: unknown) => boolean;
}
type Case = Omit<FieldCase, 'kind' | 'path'>;

/** One entry per field kind: adding a kind to FieldDecl fails to compile until it has its test values. */
const CASES: { [T in FieldType]: (field: FieldDecl & { type: T }) => { path: string[]; case: Case }[] } = {
  text: (f) => [{ path: [], case: { arbitrary: declaredTextValue(f), accepts: (v) => declaredText(v, f) } }],
  longText: (f) => [{ path: [], case: { arbitrary: declaredTextValue(f), accepts: (v) => declaredText(v, f) } }],
  link: (f) => [{ path: [], case: { arbitrary: urlValue, safe: (v) => safeHttps(v, f.hosts) && !UNSAFE.test(String(v)) } }],
  email: (f) => [
    {
      path: [],
      case: { arbitrary: emailValue, safe: (v) => safeEmail(v) && !UNSAFE.test(String(v)) && (!f.required || (v !== '' && !/^mailto:/i.test(String(v)))) },
    },
  ],
  wholeNumber: (f) => [
    { path: [], case: { arbitrary: numberValue(f.min, f.max), accepts: (v) => Number.isInteger(v) && (v as number) >= f.min && (v as number) <= f.max } },
  ],
  decimal: (f) => [
    {
      path: [],
      case: { arbitrary: decimalValue(f.min, f.max), accepts: (v) => typeof v === 'number' && Number.isFinite(v) && v >= f.min && v <= f.max },
    },
  ],
  fileSource: () => [
    {
      path: [],
      case: {
        arbitrary: fileSourceValue,
        safe: (v) => typeof v === 'string' && (/^\/media\/[0-9a-f]{64}$/.test(v) || (v !== '' && safeHttps(v))) && !UNSAFE.test(v),
      },
    },
  ],
  waveform: (f) => [
    {
      path: [],
      case: {
        arbitrary: waveformValue(f.points),
        accepts: (v) => typeof v === 'string' && v.length <= f.points * 2 && v.length % 2 === 0 && /^[0-9a-f]*$/.test(v),
      },
    },
  ],
  choices: (f) => [
    {
      path: [],
      case: {
        arbitrary: choicesValue(f.options),
        accepts: (v) => Array.isArray(v) && v.every((o) => typeof o === 'string' && f.options.includes(o)) && new Set(v).size === v.length,
      },
    },
  ],
  // Whether an id-shaped value is accepted depends on the library (Scena's server refuses an id it does not
  // hold; Firestore's rules cannot look it up): only what is stored is checked, never a path, link or markup.
  image: () => [{ path: [], case: { arbitrary: imageRefValue, safe: (v) => v === '' || (typeof v === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(v)) } }],
  imageSource: () => [
    {
      path: [],
      case: {
        arbitrary: imageSourceValue,
        safe: (v) => typeof v === 'string' && (/^\/media\/[0-9a-f]{64}$/.test(v) || (v !== '' && safeHttps(v))) && !UNSAFE.test(v),
      },
    },
  ],
  placeholder: () => [
    {
      path: [],
      case: {
        arbitrary: placeholderValue,
        accepts: (v) => v === '' || (typeof v === 'string' && v.length <= 1500 && /^data:image\/webp;base64,[A-Za-z0-9+/]+={0,2}$/.test(v)),
      },
    },
  ],
  choice: (f) => [{ path: [], case: { arbitrary: choiceValue(f.options), accepts: (v) => typeof v === 'string' && f.options.includes(v) } }],
  // The oracle knows the EU's rule (Europe/Bucharest); another zone is checked for what is stored only.
  // On an item's own clock, with the item's other times valid ('' for those not required), the value alone decides
  // on the artist's clock (the zone field is '' in the valid item): a start exists and says which when repeated. An
  // optional one is then also compared with the start (after it, not after it): only what is stored is checked.
  dateTime: (f) => [
    {
      path: [],
      case: f.zoneField
        ? f.required
          ? { arbitrary: zonedDateTimeValue, accepts: (v) => v !== '' && bucharestZonedTime(v) }
          : { arbitrary: zonedDateTimeValue, safe: (v) => bucharestZonedTime(v) }
        : f.zone === 'Europe/Bucharest'
          ? { arbitrary: dateTimeValue, accepts: bucharestTime }
          : { arbitrary: dateTimeValue, safe: (v) => v === '' || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) },
    },
  ],
  timeZone: () => [
    {
      path: [],
      case: {
        arbitrary: timeZoneValue,
        accepts: (v) => v === '' || (typeof v === 'string' && v.length <= 64 && /^[A-Z]/.test(v) && !/\s|\/\//.test(v) && (ZONES.includes(v) || v === 'UTC')),
      },
    },
  ],
  country: () => [{ path: [], case: { arbitrary: countryValue, accepts: (v) => typeof v === 'string' && ISO_COUNTRIES.has(v) } }],
  // '' is accepted and made from the title (the generated values never send it, so what is stored is what was sent).
  slug: (f) => [
    {
      path: [],
      case: { arbitrary: slugValue, accepts: (v) => v === '' || (typeof v === 'string' && v.length <= f.max && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v)) },
    },
  ],
  itemRef: () => [{ path: [], case: { arbitrary: itemRefValue, accepts: (v) => v === '' || (typeof v === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(v)) } }],
  day: () => [{ path: [], case: { arbitrary: dayValue, accepts: (v) => v === '' || (typeof v === 'string' && existingDay(v)) } }],
  instant: () => [
    {
      path: [],
      case: {
        arbitrary: instantValue,
        accepts: (v) => v === '' || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v) && new Date(v).toISOString() === v),
      },
    },
  ],
  links: (f) =>
    Object.entries(f.links).map(([key, l]) => ({
      path: [key],
      case: { arbitrary: urlValue, safe: (v: unknown) => safeHttps(v, l.hosts) && !UNSAFE.test(String(v)) },
    })),
};

/** Every stored field of a kind as a test case; a field may be left out of a merged kind's body or a list item's. */
export function fieldCases(kind: Kind): FieldCase[] {
  const required = isRequired(kind);
  // A value that makes another field required (ListKind.checks: a rescheduled show's previous start) is refused
  // beside the valid value when that leaves the other field empty (a show's previous start); where the valid value
  // fills it (a booking's city), it is accepted.
  const valid = validValue(kind);
  const requiring = new Map<string, unknown[]>();
  for (const check of (kind.shape === 'list' && kind.checks) || [])
    if (check.check === 'requiredWhen' && !isGiven(valid[check.field]))
      requiring.set(check.when.field, [...(requiring.get(check.when.field) ?? []), check.when.equals]);
  return storedFields(kind).flatMap(({ key, field }) =>
    (CASES[field.type] as (f: FieldDecl) => { path: string[]; case: Case }[])(field).map(({ path, case: raw }) => {
      const c: Case = requiring.has(key) && raw.accepts ? { ...raw, accepts: (v) => raw.accepts!(v) && !requiring.get(key)!.includes(v) } : raw;
      return {
        kind,
        path: [key, ...path],
        ...c,
        // Left out, a merged singleton's field keeps its value and a list item's is stored at its empty value (accepted
        // when that value is: a media item's width of 0 is not); a replaced singleton needs every field.
        ...(c.accepts && {
          accepts: (v: unknown) =>
            v === undefined ? !required || (kind.shape === 'list' && path.length === 0 && c.accepts!(emptyValue(field))) : c.accepts!(v),
        }),
      };
    }),
  );
}

/** A value of each field kind that every check accepts. */
const VALID: { [T in FieldType]: (field: FieldDecl & { type: T }) => unknown } = {
  text: () => 'T',
  longText: () => 'Line one\nline two',
  link: (f) => (f.hosts ? `https://${f.hosts[0]}/x` : 'https://example.com/r'),
  email: () => 'booking@example.com',
  wholeNumber: (f) => f.min,
  decimal: (f) => f.min,
  fileSource: () => 'https://audio.example.com/mix.m4a',
  waveform: () => '00ff80',
  choices: (f) => [f.options[0]],
  links: () => ({}),
  image: () => '',
  imageSource: () => 'https://images.example.com/cover.jpg',
  placeholder: () => '',
  choice: (f) => f.options[0],
  // A time on an item's own clock is '' unless required (its order against the others is the item's checks').
  dateTime: (f) => (f.zoneField && !f.required ? '' : '2026-12-05T20:00'),
  timeZone: () => '',
  country: () => 'RO',
  // A new one each time: two items never share an address part.
  slug: () => `valid-slug-${++slugs}`,
  itemRef: () => '',
  day: () => '',
  instant: () => '2026-12-05T20:00:00.000Z',
};
let slugs = 0;
/** A valid body of a kind: every field for a list item or a replaced singleton, nothing for a merge. */
export function validValue(kind: Kind): Record<string, unknown> {
  if (!isRequired(kind)) return {};
  return Object.fromEntries(storedFields(kind).map(({ key, field }) => [key, (VALID[field.type] as (f: FieldDecl) => unknown)(field)]));
}
