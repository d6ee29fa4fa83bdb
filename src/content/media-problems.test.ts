/**
 * An upload's refusals in the media problems' one declaration (./media-problems.ts): written in English as the server
 * wrote them before the declaration, word for word, and read back in Romanian with what the server put in them adapted.
 * The audio problems' own: src/admin/media/audio-problem.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AUDIO_PROBLEMS, declaredProblem, fileLabel, MEDIA_PROBLEMS, problemText, translateProblem, UNNAMED, UPLOAD_REFUSALS } from './media-problems';

type RefusalKey = keyof typeof UPLOAD_REFUSALS;
const KEYS = Object.keys(UPLOAD_REFUSALS) as RefusalKey[];
const holes = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What the server puts in the words (a name with its curly quotes and a decimal point; sharp's first line)… */
const SAMPLE = {
  name: '“Cover v1.5 (final).jpg”',
  accepted: 'WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus',
  width: 1000,
  height: 60000,
  megapixels: 60,
  maxHeight: 16383,
  atWidth: 1000,
  limit: 200,
  max: 200,
  reason: 'VipsJpeg: Premature end of input file (1.5 MB read)',
  line: 12,
  pages: 612,
  what: 'a script',
  where: '<script>',
};
/** …and the same as the Romanian words say it: „name” (its own point kept), "sau", sharp's words as written. */
const ROMANIAN = { ...SAMPLE, name: '„Cover v1.5 (final).jpg”', accepted: 'WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus', what: 'un script' };
const english = (key: RefusalKey) => problemText(key, SAMPLE, 'en');

/** The API's English, word for word as server/media/upload.ts and images.ts wrote it before the declaration. */
const API_ENGLISH: Record<RefusalKey, string> = {
  notImage: '“Cover v1.5 (final).jpg” is not a JPEG, PNG, WebP or AVIF image.',
  notAudioFile: '“Cover v1.5 (final).jpg” is not a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file.',
  imageTooBig: '“Cover v1.5 (final).jpg” is larger than 25 MB: export it smaller (a photo for the web needs no more than a few MB).',
  noAudioHere: '“Cover v1.5 (final).jpg”: this server takes no audio.',
  uploadTooBig: 'The file is larger than 200 MB, the most an upload may be.',
  diskFull: "The server's disk is full: “Cover v1.5 (final).jpg” was not stored. Free some space on the server (docs/operating.md), then upload it again.",
  libraryFull: 'The media library holds 200 images, its most: remove one you no longer use first.',
  imageUnreadable: '“Cover v1.5 (final).jpg”: The file is not a JPEG, PNG, WebP or AVIF image that can be read: it may be damaged or incomplete.',
  imageNotItsType: '“Cover v1.5 (final).jpg”: The file is not a JPEG, PNG, WebP or AVIF image.',
  imageNoSize: '“Cover v1.5 (final).jpg”: The image has no size: it may be damaged.',
  tooManyPixels: '“Cover v1.5 (final).jpg”: The image is 1000 × 60000 pixels (60 megapixels): at most 50 megapixels.',
  imageTooTall:
    '“Cover v1.5 (final).jpg”: The image is 1000 × 60000 pixels: too tall for the web at that width (at most 16383 pixels high once 1000 wide); crop it.',
  imageCutShort:
    '“Cover v1.5 (final).jpg”: The image could not be read to the end: it is damaged or incomplete (VipsJpeg: Premature end of input file (1.5 MB read)).',
  imageNotConverted: '“Cover v1.5 (final).jpg”: The image could not be converted for the web (VipsJpeg: Premature end of input file (1.5 MB read)).',
  // The documents library (issue 31, docs/decisions/0055).
  notPdf: '“Cover v1.5 (final).jpg” is not a PDF: its content is not a PDF file, whatever its name says. Save or export it as a PDF again.',
  notSvg: '“Cover v1.5 (final).jpg” is not an SVG image: its content is not SVG, whatever its name says.',
  svgUnreadable: '“Cover v1.5 (final).jpg” is not an SVG image that can be read: its XML is broken at line 12.',
  svgUnsafe:
    '“Cover v1.5 (final).jpg” holds a script (<script>), which could run or fetch something when the file is opened: export the logo again as a plain SVG, without it.',
  pdfUnreadable: '“Cover v1.5 (final).jpg” is not a PDF that can be read: it is damaged. Save or export it as a PDF again.',
  pdfCutShort: '“Cover v1.5 (final).jpg” is incomplete: the PDF stops before its end. Upload the whole file again.',
  pdfProtected:
    '“Cover v1.5 (final).jpg” is protected by a password or by restrictions: save it again without protection (Print › Save as PDF), so that anyone can open it.',
  pdfActive:
    '“Cover v1.5 (final).jpg” holds JavaScript, an attached file or an action that starts a program: save it again as a plain PDF (Print › Save as PDF).',
  pdfTooManyPages: '“Cover v1.5 (final).jpg” has 612 pages: at most 500.',
  documentTooBig: '“Cover v1.5 (final).jpg” is larger than 20 MB: save it smaller (a rider or a stage plot is usually a few hundred KB).',
  svgTooBig: '“Cover v1.5 (final).jpg” is larger than 5 MB: an SVG logo is a few hundred KB at most; simplify it, or save it without embedded pictures.',
  documentsFull: 'The documents library holds 200 files, its most: remove one you no longer use first.',
};

describe('the upload refusals’ declaration', () => {
  it('is one table with the audio problems, no key in both', () => {
    expect(Object.keys(AUDIO_PROBLEMS).filter((key) => key in UPLOAD_REFUSALS)).toEqual([]);
    expect(Object.keys(MEDIA_PROBLEMS)).toHaveLength(Object.keys(AUDIO_PROBLEMS).length + KEYS.length);
  });

  it('gives each Romanian template exactly the placeholders of its English one', () => {
    for (const key of KEYS) expect(holes(UPLOAD_REFUSALS[key].ro), key).toEqual(holes(UPLOAD_REFUSALS[key].en));
  });

  it('writes Romanian with comma-below ș and ț, Romanian quotation marks and no English left', () => {
    for (const key of KEYS) {
      expect(UPLOAD_REFUSALS[key].ro, key).not.toMatch(/[şţŞŢ"“]/);
      expect(UPLOAD_REFUSALS[key].ro, key).not.toMatch(/\b(?:the|is|file|image|pixels|or|export|crop)\b/i);
    }
  });

  it('keeps the API’s English word for word', () => {
    for (const key of KEYS) expect(english(key), key).toBe(API_ENGLISH[key]);
  });

  it('names a file as the server does', () => {
    expect(fileLabel('beat.wav')).toBe('“beat.wav”');
    expect(fileLabel('')).toBe(UNNAMED);
  });
});

describe('an upload refusal in Romanian', () => {
  it('reads every refusal the server writes back in Romanian, with the name and the list as Romanian writes them', () => {
    for (const key of KEYS) {
      expect(translateProblem(english(key), 'ro'), key).toBe(problemText(key, ROMANIAN, 'ro'));
      expect(declaredProblem(english(key), 'ro'), key).toBe(problemText(key, ROMANIAN, 'ro'));
    }
  });

  it('says them as a person writes them, the advice kept', () => {
    expect(translateProblem(english('imageTooBig'), 'ro')).toBe(
      'Fișierul „Cover v1.5 (final).jpg” depășește 25 MB: exportați-l mai mic (pentru web, o fotografie nu are nevoie de mai mult de câțiva MB).',
    );
    expect(translateProblem(english('notAudioFile'), 'ro')).toBe(
      'Fișierul „Cover v1.5 (final).jpg” nu este un fișier WAV, AIFF, FLAC, MP3, M4A/AAC sau Ogg/Opus.',
    );
    expect(translateProblem(english('tooManyPixels'), 'ro')).toBe(
      'Imaginea „Cover v1.5 (final).jpg” are 1000 × 60000 px (60 MP): sunt acceptați cel mult 50 de megapixeli.',
    );
    expect(translateProblem(english('imageCutShort'), 'ro')).toBe(
      'Imaginea „Cover v1.5 (final).jpg” nu a putut fi citită până la capăt: este deteriorată sau incompletă (VipsJpeg: Premature end of input file (1.5 MB read)).',
    );
    expect(translateProblem(english('libraryFull'), 'ro')).toBe(
      'Biblioteca media are deja numărul maxim de imagini (200): eliminați mai întâi una pe care nu o mai folosiți.',
    );
  });

  it('says "the file" or "the image" alone for a file the server had no name for', () => {
    for (const key of KEYS) {
      if (!UPLOAD_REFUSALS[key].en.includes('{name}')) continue;
      const ro = translateProblem(problemText(key, { ...SAMPLE, name: UNNAMED }, 'en'), 'ro');
      expect(ro, key).not.toMatch(/The file| {2}/);
      expect(ro, key).toBe(problemText(key, { ...ROMANIAN, name: '' }, 'ro').replace('  ', ' '));
    }
    expect(translateProblem('The file: The image has no size: it may be damaged.', 'ro')).toBe('Imaginea nu are dimensiuni: poate fi deteriorată.');
    // The API's refusals without a name (server/errors.ts) read the same.
    expect(translateProblem('The file is not a JPEG, PNG, WebP or AVIF image.', 'ro')).toBe('Fișierul nu este o imagine JPEG, PNG, WebP sau AVIF.');
  });

  it('matches no other words: those are not declared, and English stays as it is', () => {
    for (const unknown of [
      'The request body is too large.',
      '“a.jpg” is larger than 30 MB.',
      API_ENGLISH.imageTooTall.slice(0, 100),
      'The cover is empty (0 bytes).',
    ])
      expect(declaredProblem(unknown, 'ro'), unknown).toBeUndefined();
    for (const key of KEYS) expect(translateProblem(english(key), 'en')).toBe(API_ENGLISH[key]);
    expect(declaredProblem(API_ENGLISH.notImage, 'en')).toBe(API_ENGLISH.notImage);
  });
});
