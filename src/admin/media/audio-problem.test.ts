/**
 * An audio item's problem in the admin's language: every problem the server can store (src/content/media-problems.ts)
 * written in English as the server writes it, and read back in Romanian with what the server put in it adapted.
 */
import { describe, expect, it } from 'vitest';
import { AUDIO_PROBLEMS, problemText, translateProblem, type AudioProblemKey } from '../../content/media-problems';
import { audioProblem } from './audio-problem';

const KEYS = Object.keys(AUDIO_PROBLEMS) as AudioProblemKey[];
const holes = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What the server puts in the words (a name with its curly quotes and a decimal point, decimal numbers and times)… */
const SAMPLE = {
  name: '“Mix v1.5 (final).wav”',
  type: 'WAV',
  accepted: 'WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus',
  percent: '12.5',
  duration: '16 min 40.5 s',
  time: '1.5 s',
  expected: '1 min 0.5 s',
  decoded: '12.25 s',
  detail: ' (FFmpeg: Invalid data found when processing input. Error 1.5)',
  reason: 'ENOSPC: no space left on device, write',
};
/** …and the same as the Romanian words say it: „name” (its own point kept), decimal commas, FFmpeg's words as written. */
const ROMANIAN = {
  name: '„Mix v1.5 (final).wav”',
  type: 'WAV',
  accepted: 'WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus',
  percent: '12,5',
  duration: '16 min 40,5 s',
  time: '1,5 s',
  expected: '1 min 0,5 s',
  decoded: '12,25 s',
  detail: ' (FFmpeg: Invalid data found when processing input. Error 1.5)',
  reason: 'ENOSPC: no space left on device, write',
};
const english = (key: AudioProblemKey) => problemText(key, SAMPLE, 'en');

/** The API's English, word for word as the server wrote it before the declaration (tests and scripts read it). */
const API_ENGLISH: Record<AudioProblemKey, string> = {
  empty: '“Mix v1.5 (final).wav” is empty (0 bytes).',
  tooBig: '“Mix v1.5 (final).wav” is larger than 200 MB: export it shorter or compressed (FLAC keeps every bit at about half the size).',
  cutShort: '“Mix v1.5 (final).wav” is incomplete: it holds 12.5 % of the WAV its header announces. Upload the whole file again.',
  probeTimeLimit: 'Reading “Mix v1.5 (final).wav” took too long and was stopped: the file may be damaged. Try again, or export it again.',
  unreadable:
    '“Mix v1.5 (final).wav” could not be read as WAV: it is damaged or not really a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file (FFmpeg: Invalid data found when processing input. Error 1.5).',
  notAudio: '“Mix v1.5 (final).wav” holds no audio.',
  tooLong: '“Mix v1.5 (final).wav” lasts 16 min 40.5 s: at most 15 minutes.',
  outOfMemory: '“Mix v1.5 (final).wav” needed more memory to convert than the server allows FFmpeg: it may be damaged, or unusually complex.',
  tooLongDecoded: '“Mix v1.5 (final).wav” lasts more than 15 minutes: at most 15 minutes.',
  timeLimit: '“Mix v1.5 (final).wav” took longer than 1.5 s to convert and was stopped: try again when the server is less busy.',
  stopped: '“Mix v1.5 (final).wav” was being converted when the work was stopped: try again.',
  notConverted:
    '“Mix v1.5 (final).wav” could not be converted: it is damaged or not a complete WAV file (FFmpeg: Invalid data found when processing input. Error 1.5).',
  nothingDecoded: '“Mix v1.5 (final).wav” holds no audio that can be decoded: it is damaged (FFmpeg: Invalid data found when processing input. Error 1.5).',
  cutShortDecoded:
    '“Mix v1.5 (final).wav” is incomplete: its header announces 1 min 0.5 s of audio but only 12.25 s could be decoded. Upload the whole file again.',
  notMeasured: '“Mix v1.5 (final).wav” could not be measured (FFmpeg: Invalid data found when processing input. Error 1.5).',
  originalMissing: '“Mix v1.5 (final).wav”: its original file is missing or not audio any more: upload the file again.',
  previewOriginalMissing: 'The preview of “Mix v1.5 (final).wav” could not be made: an original file is missing.',
  serverFailed: '“Mix v1.5 (final).wav” could not be converted: the server failed (ENOSPC: no space left on device, write).',
  interrupted: 'The conversion was interrupted (the server stopped before it finished): press Retry.',
};

describe('the audio problems’ declaration', () => {
  it('gives each Romanian template exactly the placeholders of its English one', () => {
    for (const key of KEYS) expect(holes(AUDIO_PROBLEMS[key].ro), key).toEqual(holes(AUDIO_PROBLEMS[key].en));
  });

  it('writes Romanian with comma-below ș and ț and Romanian quotation marks', () => {
    for (const key of KEYS) expect(AUDIO_PROBLEMS[key].ro, key).not.toMatch(/[şţŞŢ"“]/);
  });

  it('keeps the API’s English word for word', () => {
    for (const key of KEYS) expect(english(key), key).toBe(API_ENGLISH[key]);
  });
});

describe('audioProblem', () => {
  it('reads every problem the server writes in Romanian, with the name, numbers and times as Romanian writes them', () => {
    for (const key of KEYS) expect(audioProblem(english(key), 'ro'), key).toBe(problemText(key, ROMANIAN, 'ro'));
  });

  it('says them as a person writes them', () => {
    expect(audioProblem(english('empty'), 'ro')).toBe('Fișierul „Mix v1.5 (final).wav” este gol (0 octeți).');
    expect(audioProblem(english('unreadable'), 'ro')).toBe(
      'Fișierul „Mix v1.5 (final).wav” nu a putut fi citit ca WAV: este deteriorat sau nu este de fapt un fișier WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus (FFmpeg: Invalid data found when processing input. Error 1.5).',
    );
    expect(audioProblem(english('cutShortDecoded'), 'ro')).toBe(
      'Fișierul „Mix v1.5 (final).wav” este incomplet: antetul său anunță o durată de 1 min 0,5 s, dar s-au putut decoda doar 12,25 s. Încărcați din nou fișierul întreg.',
    );
    expect(audioProblem(english('tooLongDecoded'), 'ro')).toBe(
      'Fișierul „Mix v1.5 (final).wav” durează mai mult de 15 minute: sunt acceptate cel mult 15 minute.',
    );
    expect(audioProblem(english('interrupted'), 'ro')).toBe('Conversia a fost întreruptă (serverul s-a oprit înainte să o termine): apăsați „Reîncercați”.');
  });

  it('reads a problem without FFmpeg’s detail too', () => {
    const plain = { ...SAMPLE, detail: '' };
    for (const key of ['unreadable', 'notConverted', 'nothingDecoded', 'notMeasured'] as const)
      expect(audioProblem(problemText(key, plain, 'en'), 'ro'), key).toBe(problemText(key, { ...ROMANIAN, detail: '' }, 'ro'));
  });

  it('says "the file" alone for a file the server had no name for', () => {
    for (const key of KEYS) {
      if (!AUDIO_PROBLEMS[key].en.includes('{name}')) continue;
      const ro = audioProblem(problemText(key, { ...SAMPLE, name: 'The file' }, 'en'), 'ro');
      expect(ro, key).not.toMatch(/The file| {2}/);
      expect(ro, key).toBe(problemText(key, { ...ROMANIAN, name: '' }, 'ro').replace('  ', ' '));
    }
    expect(audioProblem('The file is empty (0 bytes).', 'ro')).toBe('Fișierul este gol (0 octeți).');
  });

  it('shows words it does not know as the server wrote them, and English as it is', () => {
    for (const unknown of ['Something else went wrong.', '“a.wav” is empty', API_ENGLISH.unreadable.slice(0, 120), 'The producer tag holds no audio.'])
      expect(audioProblem(unknown, 'ro')).toBe(unknown);
    for (const key of KEYS) expect(audioProblem(english(key), 'en')).toBe(english(key));
    expect(translateProblem(english('timeLimit'), 'en')).toBe(API_ENGLISH.timeLimit);
  });
});
