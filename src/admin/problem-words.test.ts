// @vitest-environment jsdom
/**
 * Every error in the admin's language (docs/decisions/0031): the model's messages each have an id and Romanian words
 * (a message added to the schema without them fails here), every refusal code of the server has Romanian words, and
 * a refusal and a field's problem, as Scena's server answers them, read in Romanian naming the field in Romanian.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBody, REFUSALS } from '../../server/errors';
import { BackendError } from '../content/backend';
import { failure, type ErrorBody } from '../content/backends/server-public';
import { storedFields } from '../content/fields/declare';
import { problemWords, SCHEMA_MESSAGES } from '../content/fields/messages';
import { kindSchema } from '../content/fields/schema';
import { KINDS } from '../content/kinds';
import { setAdminLanguage } from './language';
import { fieldProblem, PROBLEM_WORDS_RO, REFUSAL_WORDS_RO, wordError } from './problem-words';

afterEach(() => setAdminLanguage('en'));

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
      const schema = kindSchema(kind).partial();
      for (const { key } of storedFields(kind)) {
        for (const value of bad) {
          const result = schema.safeParse({ [key]: value });
          for (const issue of result.error?.issues ?? []) if (issue.code !== 'unrecognized_keys') seen.add(issue.message);
        }
      }
    }
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

describe('refusals', () => {
  it("every code of the server's REFUSALS has Romanian words", () => {
    for (const code of Object.keys(REFUSALS)) expect(REFUSAL_WORDS_RO[code], code).toBeTruthy();
  });
});

/** A body refused as Scena's server refuses it, read as the admin's server backend reads the answer. */
function refused(kindName: string, value: unknown): BackendError {
  const kind = KINDS.find((k) => k.name === kindName)!;
  try {
    parseBody(kindSchema(kind), value);
  } catch (error) {
    const e = error as { message: string; code: string; field?: string; problems?: ErrorBody['problems'] };
    return failure(new Response(null, { status: 400 }), { error: e.message, code: e.code, field: e.field, problems: e.problems }, 'Save failed');
  }
  throw new Error('not refused');
}

describe('an error in the admin’s language', () => {
  it("a field's problem from the server: English as the API says it, Romanian by its id, naming the field by its Romanian label", () => {
    const long = refused('settings', { heroTitle_ro: 'x'.repeat(121) });
    expect(long.problem).toEqual({ id: 'maxChars', params: { max: '120' } });
    expect(wordError(long, 'Save failed')).toBe('heroTitle_ro must be at most 120 characters');
    setAdminLanguage('ro');
    expect(wordError(long, 'Salvarea nu a reușit')).toBe('Titlul principal, Română: trebuie să aibă cel mult 120 de caractere');

    const link = refused('settings', { links: { spotify: 'http://open.spotify.com/artist/x' } });
    expect(wordError(link, 'Salvarea nu a reușit')).toBe('Spotify: trebuie să fie un link https://');
    const unknown = refused('settings', { nope: 'x' });
    expect(wordError(unknown, 'Salvarea nu a reușit')).toBe('nope: nu este un câmp cunoscut');
  });

  it("a refusal by its code, in Romanian; a message beside a field; a caller's English fallback from the dictionary", () => {
    setAdminLanguage('ro');
    expect(wordError(new BackendError('Not authorized', 'not-authorized'), 'Salvarea nu a reușit')).toBe('Nu aveți acces');
    expect(wordError(new BackendError('Another item already has this address: choose another.', 'slug-taken', 'slug'), 'x')).toBe(
      'Alt element are deja această adresă: alegeți alta.',
    );
    expect(wordError(new BackendError('The current password is not right.', 'wrong-password', 'currentPassword'), 'x')).toBe('Parola actuală nu este corectă.');
    expect(wordError(new Error('boom'), 'Save failed')).toBe('Salvarea nu a reușit');
    expect(fieldProblem('must hold at most 3 links')).toBe('poate conține cel mult 3 linkuri');
    expect(fieldProblem('must be at most 2000 characters')).toMatch(/^trebuie să aibă cel mult 2\D?000 de caractere$/);
    expect(fieldProblem('must be a link to open.spotify.com or spotify.link')).toBe('trebuie să fie un link către open.spotify.com sau spotify.link');
    setAdminLanguage('en');
    expect(wordError(new BackendError('Not authorized', 'not-authorized'), 'Save failed')).toBe('Not authorized');
    expect(fieldProblem('must hold at most 3 links')).toBe('must hold at most 3 links');
  });
});
