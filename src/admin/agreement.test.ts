/**
 * Every Romanian refusal agrees with the field it names (issue 33): „Țara trebuie aleasă”, „Titlul trebuie completat”,
 * „Data și ora lansării trebuie completate”, never „Țară trebuie ales”. For every field of every kind (each language of
 * a field per language, each link of a group) and every message of the model (src/content/fields/messages.ts, the zod
 * schema's and the checks'), and the kinds' own checks (a sample's audio), the sentence is built as the admin builds it:
 * beside the field (its subject, then the message: src/admin/kinds/fields.tsx) and from a server's refusal
 * („Țara: trebuie aleasă”: ./problem-words.ts). Checked here with a grammar of its own, not the code's: the subject is
 * articulated as its gender and number say, and each word that agrees is in the form they ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../content/backend';
import { SCHEMA_MESSAGES, type SchemaMessageId } from '../content/fields/messages';
import { KINDS } from '../content/kinds';
import { RO_SUBJECTS, type RoSubject } from '../content/kinds/ro-subjects';
import { fieldProblem } from './field-problem';
import { inputsOf, wordsOf, type Input } from './kinds/form-model';
import { KIND_OPTIONS, type KindOptions } from './kinds/options';
import { setAdminLanguage } from './language';
import { wordError } from './problem-words';

/** Each agreeing word's forms: masculine singular (neuter too), feminine singular, masculine plural, feminine plural (neuter too). */
const FORMS: readonly (readonly [string, string, string, string])[] = [
  ['completat', 'completată', 'completați', 'completate'],
  ['ales', 'aleasă', 'aleși', 'alese'],
  ['valid', 'validă', 'valizi', 'valide'],
  ['este', 'este', 'sunt', 'sunt'],
  ['poate', 'poate', 'pot', 'pot'],
];
const formOf = ({ gender, plural }: Pick<RoSubject, 'gender' | 'plural'>) => (plural ? (gender === 'm' ? 2 : 3) : gender === 'f' ? 1 : 0);

/** An articulated first word: „Țara”, „Titlul”, „Numele”, „Datele”, „Anii”, or an article of its own („Al doilea…”). */
function articulatedAs(subject: string, agreement: Pick<RoSubject, 'gender' | 'plural'>): string | undefined {
  const conjuncts = subject.split(' și ');
  if (conjuncts.length > 1 && !agreement.plural) return `„${subject}” joins two: it is plural`;
  for (const part of conjuncts) {
    const first = part.split(/[\s,]/)[0]!;
    const ending =
      conjuncts.length > 1 || agreement.gender === 'f'
        ? agreement.plural && conjuncts.length === 1
          ? /(le|ii)$/
          : /(a|ua)$/
        : agreement.plural
          ? agreement.gender === 'm'
            ? /i$/
            : /le$/
          : /(ul|le|lui)$/;
    const article = /^(Al|A|Cel|Cea|Cei|Cele)$/.test(first);
    if (!article && !ending.test(first)) return `„${first}” is not articulated as a ${agreement.plural ? 'plural' : 'singular'} ${agreement.gender}`;
  }
  return undefined;
}

/** What disagrees in a Romanian sentence about a field: its subject, and each agreeing word of what is said of it. */
function disagreements(subject: string, said: string, agreement: Pick<RoSubject, 'gender' | 'plural'>): string[] {
  const found: string[] = [];
  const unarticulated = articulatedAs(subject, agreement);
  if (unarticulated) found.push(unarticulated);
  // What is said of the field: its verb („[nu] este”, „[nu] poate”, „trebuie”) and the word after it, the predicate
  // („trebuie aleasă”, „nu este validă”); not a word of a noun phrase after it („text Unicode valid”).
  const words = said.split(/[\s,.()]+/).filter(Boolean);
  const verb = words[0] === 'nu' ? 1 : 0;
  const predicate = [words[verb], ['trebuie', 'este', 'sunt'].includes(words[verb]!) ? words[verb + 1] : undefined];
  for (const word of predicate)
    for (const forms of FORMS)
      if (word && forms.includes(word) && word !== forms[formOf(agreement)]) found.push(`„${word}” should be „${forms[formOf(agreement)]}”`);
  return found;
}

const PARAMS: Record<string, string> = {
  max: '200',
  min: '1',
  most: '3',
  points: '1000',
  hosts: 'open.spotify.com',
  options: 'draft, published',
  zone: 'Europe/Lisbon',
  time: '2026-10-25 01:30',
  first: '+01:00',
  second: '+00:00',
  than: 'start',
  field: 'state',
  equals: 'rescheduled',
};
/** Every message as the model writes it in English, its parameters filled. Not `unknownField`: it is never of a declared field. */
const MESSAGES = (Object.entries(SCHEMA_MESSAGES) as [SchemaMessageId, string][])
  .filter(([id]) => id !== 'unknownField')
  .map(([id, text]) => [id, text.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name]!)] as const);

const inputs = () => KINDS.flatMap((kind) => inputsOf(kind).map((input) => ({ kind, input })));
const subjectOf = (input: Input) => input.subject ?? input.errorName;

describe('Romanian refusals agree with the field they name', () => {
  beforeAll(() => setAdminLanguage('ro'));
  afterAll(() => setAdminLanguage('en'));

  it('every field of every kind has its subject, gender and number (src/content/kinds/ro-subjects.ts), and none is left over', () => {
    const labels = new Set<string>();
    for (const kind of KINDS) {
      for (const [name, field] of Object.entries(wordsOf(kind).fields)) {
        if ((kind.fields as Record<string, { type: string }>)[name]?.type === 'links')
          for (const link of Object.values(field.links ?? {})) labels.add(link.label.ro);
        else labels.add(field.label.ro);
      }
    }
    expect(
      [...labels].filter((label) => !RO_SUBJECTS[label]),
      'labels without their subject',
    ).toEqual([]);
    expect(
      Object.keys(RO_SUBJECTS).filter((label) => !labels.has(label)),
      'subjects of no label',
    ).toEqual([]);
    for (const [label, subject] of Object.entries(RO_SUBJECTS)) expect(articulatedAs(subject.the, subject), label).toBeUndefined();
  });

  it('beside the field: „Țara trebuie aleasă.”, for every field and every message', () => {
    const wrong: string[] = [];
    for (const { kind, input } of inputs()) {
      const agreement = ownSubject(kind, input);
      for (const [id, english] of MESSAGES) {
        const said = fieldProblem(english, undefined, input.agree);
        const sentence = `${subjectOf(input)} ${said}.`;
        for (const problem of disagreements(subjectOf(input), said, agreement)) wrong.push(`${kind.name}.${input.name} ${id}: ${sentence} (${problem})`);
      }
    }
    expect(wrong.slice(0, 20), `${wrong.length} sentences disagree`).toEqual([]);
  });

  it('from a server’s refusal: „Țara: trebuie aleasă”, for every field and every message', () => {
    const wrong: string[] = [];
    // A refusal names its field by its stored name alone: the first kind's field of that name (a release's date before
    // a booking's) is the one it is said of.
    const seen = new Set<string>();
    for (const { kind, input } of inputs()) {
      if (seen.has(input.name)) continue;
      seen.add(input.name);
      const agreement = ownSubject(kind, input);
      for (const [id, english] of MESSAGES) {
        const sentence = wordError(new BackendError(`${input.name} ${english}`, 'invalid', input.name), 'fallback');
        const [subject, said] = [sentence.slice(0, sentence.indexOf(': ')), sentence.slice(sentence.indexOf(': ') + 2)];
        for (const problem of disagreements(subject, said, agreement)) wrong.push(`${kind.name}.${input.name} ${id}: ${sentence} (${problem})`);
      }
    }
    expect(wrong.slice(0, 20), `${wrong.length} sentences disagree`).toEqual([]);
    // About 4,000 refusals, each naming its field by a search of every kind's inputs (as the admin does, once each).
  }, 30_000);

  it('a kind’s own checks agree too (a sample without its audio)', () => {
    for (const kind of KINDS) {
      const check = (KIND_OPTIONS as Record<string, KindOptions | undefined>)[kind.name]?.check;
      for (const { field, message } of check?.({}) ?? []) {
        const input = inputsOf(kind).find((i) => i.name === field)!;
        expect(disagreements(subjectOf(input), message, ownSubject(kind, input)), `${subjectOf(input)} ${message}.`).toEqual([]);
      }
    }
  });

  it('the artist’s own example, word for word', () => {
    const country = inputsOf(KINDS.find((k) => k.name === 'shows')!).find((i) => i.name === 'country')!;
    expect(`${subjectOf(country)} ${fieldProblem('must be chosen', undefined, country.agree)}.`).toBe('Țara trebuie aleasă.');
    expect(wordError(new BackendError('country must be chosen', 'invalid', 'country'), '')).toBe('Țara: trebuie aleasă');
    const title = inputsOf(KINDS.find((k) => k.name === 'releases')!).find((i) => i.name === 'title')!;
    expect(`${subjectOf(title)} ${fieldProblem('must not be empty', undefined, title.agree)}.`).toBe('Titlul trebuie completat.');
    const date = inputsOf(KINDS.find((k) => k.name === 'releases')!).find((i) => i.name === 'date')!;
    expect(`${subjectOf(date)} ${fieldProblem('must not be empty', undefined, date.agree)}.`).toBe('Data și ora lansării trebuie completate.');
  });
});

/** The field's gender and number, from the table by its Romanian label (a link's own), as the test reads it. */
function ownSubject(kind: (typeof KINDS)[number], input: Input): RoSubject {
  const words = wordsOf(kind).fields;
  const [name, link] = input.name.split('.') as [string, string | undefined];
  const base = input.language ? name.slice(0, -(input.language.length + 1)) : name;
  const label = link ? words[base]?.links?.[link]?.label.ro : words[base]?.label.ro;
  return RO_SUBJECTS[label ?? ''] ?? { the: label ?? input.name, gender: 'm' };
}
