/**
 * Where a show is (issue 23; docs/decisions/0033-shows-model.md): the countries a venue may be in and the time zones
 * its clock may follow. Zod-free and small, for the schemas, the admin and the public pages alike.
 */

/**
 * ISO 3166-1 alpha-2: the 249 officially assigned codes, and XK (Kosovo, user-assigned but used by the EU, CLDR and
 * every browser's Intl.DisplayNames). Fixed here, not read from Intl: a country is valid on every backend and in every
 * browser alike. Shown by name in the reader's language with Intl.DisplayNames (countryName).
 */
export const COUNTRIES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRIES);
export const isCountry = (value: string): boolean => COUNTRY_SET.has(value);

/** A country's name in `lang` ("Portugal", "Portugalia"), or its code where the runtime has no names. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The most a time zone's name may hold ("America/Argentina/ComodRivadavia" is 32). */
export const TIME_ZONE_MAX = 64;
/** A zone name's characters, as IANA spells them: capitalised parts joined by '/' ("Europe/Lisbon", "Etc/GMT+5", "UTC"). */
export const TIME_ZONE_NAME = /^[A-Z][A-Za-z_-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

const zones = new Map<string, boolean>();
/**
 * Whether `name` is a time zone this runtime's Intl knows (its clock can be read), spelled as IANA spells it: a
 * canonical name or an alias ("Europe/Kyiv" and "Europe/Kiev" alike), never another case ("europe/lisbon") or an offset.
 */
export function isTimeZone(name: string): boolean {
  let known = zones.get(name);
  if (known === undefined) {
    known = name.length <= TIME_ZONE_MAX && TIME_ZONE_NAME.test(name);
    if (known)
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: name });
      } catch {
        known = false;
      }
    if (zones.size < 1_000) zones.set(name, known);
  }
  return known;
}

/** The zones the admin offers, `first` (the artist's) first, then every other this runtime lists, in order. */
export function timeZoneChoices(first: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [first, ...listed.filter((z) => z !== first && z !== 'UTC'), 'UTC'];
}
