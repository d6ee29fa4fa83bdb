/**
 * The model's messages by id (docs/decisions/0031): each message the checks write has an id, and each id Romanian
 * words (a message added to the schema without them fails here). The wording itself: server/refusal-words.test.ts.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fullItem, storedFields } from '../content/fields/declare';
import { problemWords, SCHEMA_MESSAGES } from '../content/fields/messages';
import { fieldSchema, kindSchema } from '../content/fields/schema';
import { KINDS, shows } from '../content/kinds';
import { PROBLEM_WORDS_RO } from './field-problem';

/** The messages written in a source file: its strings and templates that read after a field's name ("must …", "is not …"). */
function messagesIn(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(new URL(path, import.meta.url), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // A template's parts are joined with "s", which any {parameter} matches ("must hold at most s links").
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text + node.templateSpans.map((span) => `s${span.literal.text}`).join('')
          : undefined;
    if (text !== undefined && /^(must|is not) /.test(text)) found.push(text);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the model's messages, by id", () => {
  it('name every message the checks write (schema, checks, zoned time, the API), each once', () => {
    const written = ['../content/fields/schema.ts', '../content/fields/checks.ts', '../content/zoned-time.ts', '../../server/errors.ts'].flatMap(messagesIn);
    expect(written.length).toBeGreaterThan(40);
    for (const message of written) expect(problemWords(message), `"${message}" has no id in src/content/fields/messages.ts`).toBeDefined();
  });

  it('name every message the schemas give for bad values of every field of every kind', () => {
    const bad = [
      42,
      1.5,
      -1,
      1e12,
      Number.NaN,
      '',
      ' ',
      'x'.repeat(70_000),
      'a\u0000b',
      'a\u200Bb',
      'a\nb',
      'http://a.b',
      'https://evil.example/x',
      'not a date',
      '2026-02-30T10:00',
      '2026-03-29T03:30',
      '2026-02-30',
      '2026-12-05 20:00',
      'Nope',
      'ab',
      'https://x.test https://y.test https://z.test https://w.test',
      [],
      ['zzz'],
      ['a', 'a'],
      {},
      { nope: 1 },
      null,
      true,
    ];
    const seen = new Set<string>();
    for (const kind of KINDS) {
      for (const { field } of storedFields(kind)) {
        const schema = fieldSchema(field);
        for (const value of bad) for (const issue of schema.safeParse(value).error?.issues ?? []) seen.add(issue.message);
      }
    }
    // The rules between a show's fields, and its times on the venue's clock (Lisbon: spring forward 29 March 2026 at
    // 01:00, back 25 October 2026 at 02:00).
    const show = (fields: Record<string, unknown>) =>
      kindSchema(shows).safeParse(
        fullItem(shows, { venue: 'LX', city: 'Lisboa', country: 'PT', timeZone: 'Europe/Lisbon', start: '2026-12-05T21:00', ...fields }),
      );
    for (const fields of [
      { end: '2026-12-05T20:00' },
      { doors: '2026-12-05T22:00' },
      { start: '2026-03-29T01:30' },
      { start: '2026-10-25T01:30' },
      { start: '2026-10-25T01:30+05:00' },
      { start: '2026-12-05T21:00+00:00' },
      { start: '' },
      { state: 'rescheduled' },
      { timeZone: 'Mars/Olympus' },
      { country: '' },
    ])
      for (const issue of show(fields).error?.issues ?? []) seen.add(issue.message);
    const ids = new Set([...seen].map((message) => problemWords(message)?.id));
    for (const id of ['after', 'notAfter', 'timeSkippedAt', 'timeRepeated', 'timeOffsetWrong', 'timeNoOffset', 'givenWhen', 'timeZone', 'country', 'chosen'])
      expect(ids, `a show's ${id} refusal was not reached`).toContain(id);
    expect(seen.size).toBeGreaterThan(20);
    for (const message of seen) expect(problemWords(message), `"${message}" has no id in src/content/fields/messages.ts`).toBeDefined();
  });

  it('have Romanian words for every id, with the same parameters', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(PROBLEM_WORDS_RO).sort()).toEqual(Object.keys(SCHEMA_MESSAGES).sort());
    for (const [id, english] of Object.entries(SCHEMA_MESSAGES)) {
      const ro = PROBLEM_WORDS_RO[id as keyof typeof SCHEMA_MESSAGES];
      for (const text of typeof ro === 'string' ? [ro] : [ro.one, ro.few, ro.other]) expect(names(text), id).toEqual(names(english));
    }
  });
});
