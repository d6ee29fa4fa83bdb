/**
 * Inputs every backend refuses the same way (issue 11): a contact e-mail with a mailto: query, and names
 * and titles with invisible or direction-changing characters. Run beside the contract, with its fixture:
 *   runValidationContract('server', makeFixture);
 * Each refusal names its field, and a refused write changes nothing a visitor reads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendError, type ContentReader, type SingletonName } from '../backend';
import { INVISIBLE_CHARS, validValue } from '../fields/arbitraries';
import { storedFields, type Kind } from '../fields/declare';
import { KINDS, LISTS } from '../kinds';
import type { ListName } from '../model';
import type { ContractFixture } from './index';

async function refusal(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected the call to be refused');
}

const MAILTO_QUERIES = [
  'mailto:booking@example.com?bcc=spy%40evil.example',
  'mailto:booking@example.com?cc=spy%40evil.example',
  'mailto:booking@example.com?subject=Invoice%20overdue',
  'booking@example.com?bcc=spy%40evil.example',
  'mailto:booking@example.com%3Fbcc=spy',
  'mailto:booking%3f@example.com',
  'booking?x@example.com',
  'mailto:booking@example.com#x',
];

export function runValidationContract(name: string, makeBackend: () => Promise<ContractFixture>): void {
  describe(`validation contract: ${name}`, () => {
    let f: ContractFixture;
    beforeEach(async () => {
      f = await makeBackend();
      await f.backend.signIn(f.admin.email, f.admin.password);
    });
    afterEach(async () => {
      await f.cleanup();
    });
    const snapshot = async (reader: ContentReader = f.visitor) => ({
      settings: await reader.content().then((c) => c.settings),
      releases: await reader.content().then((c) => c.releases),
      collaborators: await reader.content().then((c) => c.collaborators),
    });

    it('refuses a contact e-mail with a mailto: query, fragment or escape, naming the field', async () => {
      await f.backend.save('settings', { email: 'mailto:booking@example.com' });
      for (const email of MAILTO_QUERIES) {
        const error = await refusal(f.backend.save('settings', { email }));
        expect(error.field, email).toBe('email');
        expect(error.message, email).toMatch(/^email must be/);
      }
      expect((await f.visitor.content().then((c) => c.settings))?.email).toBe('mailto:booking@example.com');
    });

    it('refuses invisible and direction-changing characters in every declared text, naming the field', async () => {
      const items: Record<string, string> = {};
      for (const kind of LISTS) items[kind.name] = (await f.backend.add(kind.name, validValue(kind) as never)).id;
      const before = await snapshot();
      for (const ch of INVISIBLE_CHARS) {
        const spoof = `Irina${ch} Dobre`;
        // Every plain text of every kind (texts and long texts, per language too), on every write of its kind.
        const attempts: [string, () => Promise<unknown>][] = KINDS.flatMap((kind: Kind) =>
          storedFields(kind)
            .filter(({ field }) => field.type === 'text' || field.type === 'longText')
            .flatMap(({ key }): [string, () => Promise<unknown>][] => {
              const value = { ...validValue(kind), [key]: spoof };
              // Any kind's value: the declaration says which, and the backend must refuse the spoof anyway.
              if (kind.shape === 'singleton') return [[key, () => f.backend.save(kind.name as SingletonName, value as never)]];
              const list = kind.name as ListName;
              return [
                [key, () => f.backend.add(list, value as never)],
                [key, () => f.backend.update(list, items[list]!, value as never)],
              ];
            }),
        );
        for (const [field, attempt] of attempts) {
          const error = await refusal(attempt());
          const label = `${field} with U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`;
          expect(error.field, label).toBe(field);
          expect(error.message, label).toBe(`${field} must not contain invisible or direction-changing characters (zero-width or bidirectional controls)`);
        }
      }
      expect(await snapshot()).toEqual(before);
      // Hundreds of writes, one after another (characters × text fields × writes), growing with the model: its own
      // time limit, so a busy machine (CI's two cores) is not mistaken for a failure.
    }, 60_000);

    it('accepts emoji joined by U+200D, Romanian diacritics and right-to-left letters', async () => {
      for (const text of ['Irina 🧑‍🎤', 'Pride 🏳️‍🌈', '👩🏽‍🎤', 'Ștefan și Țuțu: ă â î', 'עומר']) {
        await f.backend.save('settings', { heroTitle_ro: text });
        expect((await f.visitor.content().then((c) => c.settings))?.heroTitle_ro).toBe(text);
        const added = await f.backend.add('collaborators', { name: text, role: text });
        expect(await f.visitor.content().then((c) => c.collaborators)).toContainEqual(added);
      }
    });
  });
}
