/**
 * The server's problems come from their one declaration (src/content/media-problems.ts), which the admin reads them
 * back with: refusals made before FFmpeg runs (cheap), and the words of an interrupted conversion.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { problemText, translateProblem } from '../../../src/content/media-problems';
import { INTERRUPTED } from './library';
import { AudioError, probeAudio } from './process';

const dir = mkdtempSync(join(tmpdir(), 'scena-audio-problems-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(path: string): Promise<AudioError> {
  const error = await probeAudio(path, 'wav', { label: '“Demo 2.wav”' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioError);
  return error as AudioError;
}

describe('the server’s audio problems', () => {
  it('refuses an empty file in the declaration’s words', async () => {
    const empty = join(dir, 'empty.wav');
    writeFileSync(empty, '');
    const error = await refusal(empty);
    expect(error.code).toBe('empty');
    expect(error.message).toBe(problemText('empty', { name: '“Demo 2.wav”' }, 'en'));
    expect(translateProblem(error.message, 'ro')).toBe('Fișierul „Demo 2.wav” este gol (0 octeți).');
  });

  it('refuses a WAV shorter than its header says in the declaration’s words, with the share it holds', async () => {
    const head = Buffer.alloc(100);
    head.write('RIFF', 0, 'latin1');
    head.writeUInt32LE(992, 4);
    head.write('WAVE', 8, 'latin1');
    const cut = join(dir, 'cut.wav');
    writeFileSync(cut, head);
    const error = await refusal(cut);
    expect(error.code).toBe('truncated');
    expect(error.message).toBe(problemText('cutShort', { name: '“Demo 2.wav”', percent: 10, type: 'WAV' }, 'en'));
    expect(translateProblem(error.message, 'ro')).toBe(
      'Fișierul „Demo 2.wav” este incomplet: conține 10 % din fișierul WAV pe care îl anunță antetul său. Încărcați din nou fișierul întreg.',
    );
  });

  it('marks an interrupted conversion with the declaration’s words', () => {
    expect(INTERRUPTED).toBe(problemText('interrupted', {}, 'en'));
    expect(translateProblem(INTERRUPTED, 'ro')).toBe('Conversia a fost întreruptă (serverul s-a oprit înainte să o termine): apăsați „Reîncercați”.');
  });
});
