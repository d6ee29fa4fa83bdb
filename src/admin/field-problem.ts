/**
 * A field's problem in the admin's language, by its message id (src/content/fields/messages.ts): the Romanian words of
 * every id, and the wording of a message beside a field (its label names the field). docs/decisions/0031.
 */
import { problemWords, SCHEMA_MESSAGES, type ProblemWords, type SchemaMessageId } from '../content/fields/messages';
import type { RoSubject } from '../content/kinds/ro-subjects';
import { adminLanguage, localeOf } from './language';

/** What a Romanian message agrees with: its field's gender and number (src/content/kinds/ro-subjects.ts). */
export type Agreement = Pick<RoSubject, 'gender' | 'plural'>;

/**
 * The words of the messages that agree with their field: masculine singular (and neuter), feminine singular,
 * masculine plural, feminine plural (and neuter).
 */
const AGREEING: Readonly<Record<string, readonly [string, string, string, string]>> = {
  completat: ['completat', 'completată', 'completați', 'completate'],
  ales: ['ales', 'aleasă', 'aleși', 'alese'],
  valid: ['valid', 'validă', 'valizi', 'valide'],
  este: ['este', 'este', 'sunt', 'sunt'],
  poate: ['poate', 'poate', 'pot', 'pot'],
};

/** Words with `{=word}` in the form that agrees with `agreement` (a field of unknown gender: the masculine singular). */
function agreeWith(text: string, agreement: Agreement | undefined): string {
  const form = !agreement ? 0 : agreement.plural ? (agreement.gender === 'm' ? 2 : 3) : agreement.gender === 'f' ? 1 : 0;
  return text.replace(/\{=(\w+)\}/g, (whole, word: string) => AGREEING[word]?.[form] ?? whole);
}

/** Romanian words counted by a parameter ("cel mult 1 caracter", "5 caractere", "200 de caractere"). */
type Counted = { by: string; one: string; few: string; other: string };

/**
 * A problem's Romanian words by its id: `{name}` is the English message's parameter; `{=word}` a word that agrees with
 * the field the problem is of, in gender and number (AGREEING: „Țara trebuie aleasă”, „Datele trebuie completate”).
 */
export const PROBLEM_WORDS_RO: Record<SchemaMessageId, string | Counted> = {
  text: 'trebuie să fie text',
  maxChars: {
    by: 'max',
    one: 'trebuie să aibă cel mult {max} caracter',
    few: 'trebuie să aibă cel mult {max} caractere',
    other: 'trebuie să aibă cel mult {max} de caractere',
  },
  minChars: {
    by: 'min',
    one: 'trebuie să aibă cel puțin {min} caracter',
    few: 'trebuie să aibă cel puțin {min} caractere',
    other: 'trebuie să aibă cel puțin {min} de caractere',
  },
  notEmpty: 'trebuie {=completat}',
  noControl: 'nu {=poate} conține caractere de control',
  noInvisible: 'nu {=poate} conține caractere invizibile sau care schimbă direcția textului (de lățime zero sau de control bidirecțional)',
  oneLine: 'trebuie să fie pe un singur rând (fără rânduri noi)',
  token: '{=poate} conține doar litere și cifre (A-Z, a-z, 0-9)',
  linksAtMostOne: '{=poate} conține cel mult {most} link',
  linksAtMost: {
    by: 'most',
    one: '{=poate} conține cel mult {most} link',
    few: '{=poate} conține cel mult {most} linkuri',
    other: '{=poate} conține cel mult {most} de linkuri',
  },
  wordsAtMost: {
    by: 'most',
    one: 'trebuie să aibă cel mult {most} cuvânt',
    few: 'trebuie să aibă cel mult {most} cuvinte',
    other: 'trebuie să aibă cel mult {most} de cuvinte',
  },
  httpsLink: 'trebuie să fie un link https://',
  linkTo: 'trebuie să fie un link către {hosts}',
  email: 'trebuie să fie o adresă de e-mail',
  plainEmail: 'trebuie să fie o adresă de e-mail simplă, fără ?subject=, ?cc= sau ?bcc= (fără ?, # sau %)',
  number: 'trebuie să fie un număr',
  wholeNumber: 'trebuie să fie un număr întreg',
  atLeast: 'trebuie să fie cel puțin {min}',
  atMost: 'trebuie să fie cel mult {max}',
  imageId: 'trebuie să fie o imagine din biblioteca media',
  imageLink: 'trebuie să fie un link https:// către o imagine',
  audioLink: 'trebuie să fie un link https:// către un fișier audio',
  fileLink: 'trebuie să fie un link https:// către un fișier',
  placeholder: 'trebuie să fie o previzualizare data:image/webp;base64,',
  oneOf: 'trebuie să fie una dintre: {options}',
  listOf: 'trebuie să fie o listă dintre: {options}',
  onceEach: '{=poate} numi fiecare opțiune cel mult o dată',
  dateTime: 'trebuie să fie o dată și o oră în forma AAAA-LL-ZZTHH:mm (de exemplu 2026-12-05T00:00)',
  dateTimeExists: 'trebuie să fie o dată și o oră care există (nu 30 februarie, nu ora 24)',
  timeSkipped: 'trebuie să fie o oră care există în {zone} (ceasurile sar peste acea oră)',
  slug: '{=poate} conține doar litere mici (a-z), cifre și cratime simple, de exemplu lumini-de-oras: fără spații, /, . sau alte semne',
  itemId: 'trebuie să fie id-ul unui element',
  waveformPoints: {
    by: 'points',
    one: '{=poate} avea cel mult {points} punct',
    few: '{=poate} avea cel mult {points} puncte',
    other: '{=poate} avea cel mult {points} de puncte',
  },
  waveform: 'trebuie să fie o formă de undă: două cifre hexazecimale (0-9, a-f) pe punct',
  day: 'trebuie să fie o dată în forma AAAA-LL-ZZ (de exemplu 2026-12-05)',
  dayExists: 'trebuie să fie o dată care există, în forma AAAA-LL-ZZ (de exemplu 2026-12-05)',
  instant: 'trebuie să fie un moment în forma 2026-12-05T20:00:00.000Z',
  unknownField: 'nu este un câmp cunoscut',
  jsonObject: 'trebuie să fie un obiect JSON',
  notValid: 'nu {=este} {=valid}',
  linkGroup: 'trebuie să fie un grup de linkuri, câte unul pentru fiecare platformă',
  unicode: 'trebuie să fie text Unicode valid (fără surogate izolate)',
  zonedDateTime: 'trebuie să fie o dată și o oră în forma AAAA-LL-ZZTHH:mm (de exemplu 2026-12-05T21:00)',
  dateTimeRequired: 'trebuie să fie o dată și o oră (de exemplu 2026-12-05T21:00)',
  timeSkippedAt: 'trebuie să fie o oră care există în {zone}: în acea noapte ceasurile se dau înainte și sar peste {time}',
  timeRepeated: 'există de două ori în {zone} (în acea noapte ceasurile se dau înapoi): alegeți care {time}, prima (UTC{first}) sau a doua (UTC{second})',
  timeOffsetWrong: 'trebuie să fie {time} la UTC{first} sau UTC{second} în {zone}',
  timeNoOffset: 'nu {=poate} avea un decalaj orar: {time} există o singură dată în {zone}',
  timeZone: 'trebuie să fie un fus orar precum Europe/Lisbon (un nume IANA) sau gol pentru al dumneavoastră',
  country: 'trebuie să fie codul de două litere mari al unei țări, de exemplu RO sau PT',
  chosen: 'trebuie {=ales}',
  after: 'trebuie să fie după „{than}”',
  notAfter: 'nu {=poate} fi după „{than}”',
  givenWhen: 'trebuie {=completat} când „{field}” este „{equals}”',
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * A problem in the admin's language, after the field's name: "must be at most 200 characters" / "trebuie să aibă cel
 * mult 200 de caractere". `named` words the parameters that name another field or its choice ("must be after start" →
 * "must be after Starts"), where the caller knows the kind.
 */
export function problemText(
  problem: ProblemWords,
  english: string,
  named?: (params: Record<string, string>) => Record<string, string>,
  agreement?: Agreement,
): string {
  if (named && problem.params) problem = { ...problem, params: named(problem.params) };
  if (adminLanguage() === 'en') return named && problem.params ? fill(SCHEMA_MESSAGES[problem.id], problem.params) : english;
  const words = PROBLEM_WORDS_RO[problem.id];
  const locale = localeOf('ro');
  const params = Object.fromEntries(
    Object.entries(problem.params ?? {}).map(([key, value]) => [
      key,
      /^\d+$/.test(value) ? new Intl.NumberFormat(locale).format(Number(value)) : value.replaceAll(' or ', ' sau '),
    ]),
  );
  if (typeof words === 'string') return fill(agreeWith(words, agreement), params);
  const n = Number(problem.params?.[words.by]);
  const category = new Intl.PluralRules(locale).select(n);
  return fill(agreeWith(category === 'one' ? words.one : category === 'few' ? words.few : words.other, agreement), params);
}

/**
 * A message beside a field (its label names it): the problem's words in the admin's language, agreeing with the field
 * (`agreement`), else the message as it came.
 */
export function fieldProblem(message: string, named?: (params: Record<string, string>) => Record<string, string>, agreement?: Agreement): string {
  const problem = problemWords(message);
  return problem ? problemText(problem, message, named, agreement) : message;
}
