/**
 * Every error in the admin's language (docs/decisions/0031): every refusal code of the server has Romanian words, and a
 * refusal and a field's problem, as this server answers them (its parseBody and the admin's server backend reading
 * the answer), read in Romanian, naming the field by its Romanian label; English keeps the API's own message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setAdminLanguage } from '../src/admin/language';
import { fieldProblem } from '../src/admin/field-problem';
import { ownMessage } from '../src/admin/kinds/form-model';
import { REFUSAL_WORDS_RO, wordError } from '../src/admin/problem-words';
import { BackendError } from '../src/content/backend';
import { failure, type ErrorBody } from '../src/content/backends/server-public';
import { kindSchema } from '../src/content/fields/schema';
import { KINDS } from '../src/content/kinds';
import { fileLabel, problemText } from '../src/content/media-problems';
import { parseBody, REFUSALS } from './errors';

afterEach(() => setAdminLanguage('en'));

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
    expect(wordError(long, 'Salvarea nu a reușit')).toBe('Titlul principal în română: trebuie să aibă cel mult 120 de caractere');

    const link = refused('settings', { links: { spotify: 'http://open.spotify.com/artist/x' } });
    expect(wordError(link, 'Salvarea nu a reușit')).toBe('Linkul Spotify: trebuie să fie un link https://');
    // Beside the field its label names it: the problem alone, in both languages.
    expect(ownMessage(wordError(link, 'x'), 'links.spotify')).toBe('trebuie să fie un link https://');
    expect(ownMessage('links.spotify must be an https:// link', 'links.spotify')).toBe('must be an https:// link');
    // A form passing on the answer it showed (no code): as it is.
    expect(wordError(new BackendError('Spotify: trebuie să fie un link https://'), 'Salvarea nu a reușit')).toBe('Spotify: trebuie să fie un link https://');
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

  it("a file's refusal by its declared words: Romanian with „the name” and the advice, before the code's general words", () => {
    // The admin's own check of audio over 200 MB (src/admin/media/media-page.tsx) throws the server's words.
    const tooBig = new BackendError(problemText('tooBig', { name: fileLabel('session.wav') }, 'en'), 'too-big', 'file');
    const photo = new BackendError(problemText('imageTooBig', { name: fileLabel('Poster 1.5.jpg') }, 'en'), 'too-large', 'file');
    expect(wordError(tooBig, 'Save failed')).toBe(
      '“session.wav” is larger than 200 MB: export it shorter or compressed (FLAC keeps every bit at about half the size).',
    );
    setAdminLanguage('ro');
    expect(wordError(tooBig, 'Salvarea nu a reușit')).toBe(
      'Fișierul „session.wav” depășește 200 MB: exportați-l mai scurt sau comprimat (FLAC păstrează fiecare bit, la aproximativ jumătate din dimensiune).',
    );
    expect(wordError(photo, 'Salvarea nu a reușit')).toBe(
      'Fișierul „Poster 1.5.jpg” depășește 25 MB: exportați-l mai mic (pentru web, o fotografie nu are nevoie de mai mult de câțiva MB).',
    );
    // Other words with the same code: the code's general words.
    expect(wordError(new BackendError('The request body is too large.', 'too-large'), 'x')).toBe(REFUSAL_WORDS_RO['too-large']);
    expect(wordError(new BackendError('Something else.', 'too-big', 'file'), 'x')).toBe(REFUSAL_WORDS_RO['too-big']);
  });

  it("no refusal of the server's table reads as another's declared words", () => {
    setAdminLanguage('ro');
    for (const [code, { message }] of Object.entries(REFUSALS)) {
      const words = wordError(new BackendError(message, code), 'x');
      // Either the code's words, or (a file's refusal without a name) the same sentence from the declaration.
      if (words !== REFUSAL_WORDS_RO[code]) expect([code, words]).toEqual([code, expect.stringMatching(/^Fișierul nu este /)]);
    }
  });
});
