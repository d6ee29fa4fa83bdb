/**
 * Every media problem and refusal in both languages (docs/decisions/0023-images.md, 0027-audio-with-ffmpeg.md,
 * 0041-chaos-and-resources.md): one declaration of the words the server writes about a file, an audio item's stored
 * problems and an upload's refusals alike. The server writes the English template filled (server/media/audio/process.ts,
 * library.ts, server/media/upload.ts, images.ts: problemText(…, 'en')), the API gives it as it is, and the admin shows
 * it in Romanian by finding the English template the words match (translateProblem; a refusal through
 * src/admin/problem-words.ts). No server code and no zod: safe for any bundle.
 */
import { fill } from '../lib/fill';
import type { Language } from './constants';

/** The label the server gives a file it has no name for: Romanian says "the file" alone. */
export const UNNAMED = 'The file';
/** A file as the server's words name it: “beat.wav” (with its curly quotes), or "The file" when it has no name. */
export const fileLabel = (name: string): string => (name ? `“${name}”` : UNNAMED);

/**
 * An audio item's problems, stored with the item (and an upload's refusals that say the same: `empty`, `tooBig`).
 * Each problem's words, `{name}` the file as the server names it (fileLabel), the others what
 * the server puts there: `{type}` WAV, FLAC…; `{accepted}` the list of accepted types; `{percent}` a number;
 * `{duration}`, `{time}`, `{expected}`, `{decoded}` a length ("950 ms", "12 s", "3 min 5 s"); `{detail}` FFmpeg's
 * first error, " (FFmpeg: …)", or nothing; `{reason}` the first line of an unexpected error. The English is the API's
 * (tests and scripts read it): change it only with them.
 */
export const AUDIO_PROBLEMS = {
  // Before FFmpeg: the file's size and its container's own length.
  empty: {
    en: '{name} is empty (0 bytes).',
    ro: 'Fișierul {name} este gol (0 octeți).',
  },
  tooBig: {
    en: '{name} is larger than 200 MB: export it shorter or compressed (FLAC keeps every bit at about half the size).',
    ro: 'Fișierul {name} depășește 200 MB: exportați-l mai scurt sau comprimat (FLAC păstrează fiecare bit, la aproximativ jumătate din dimensiune).',
  },
  cutShort: {
    en: '{name} is incomplete: it holds {percent} % of the {type} its header announces. Upload the whole file again.',
    ro: 'Fișierul {name} este incomplet: conține {percent} % din fișierul {type} pe care îl anunță antetul său. Încărcați din nou fișierul întreg.',
  },
  // FFmpeg's probe of the header.
  probeTimeLimit: {
    en: 'Reading {name} took too long and was stopped: the file may be damaged. Try again, or export it again.',
    ro: 'Citirea fișierului {name} a durat prea mult și a fost oprită: fișierul poate fi deteriorat. Reîncercați sau exportați-l din nou.',
  },
  unreadable: {
    en: '{name} could not be read as {type}: it is damaged or not really a {accepted} file{detail}.',
    ro: 'Fișierul {name} nu a putut fi citit ca {type}: este deteriorat sau nu este de fapt un fișier {accepted}{detail}.',
  },
  notAudio: {
    en: '{name} holds no audio.',
    ro: 'Fișierul {name} nu conține nicio pistă audio.',
  },
  tooLong: {
    en: '{name} lasts {duration}: at most 15 minutes.',
    ro: 'Fișierul {name} durează {duration}: sunt acceptate cel mult 15 minute.',
  },
  outOfMemory: {
    en: '{name} needed more memory to convert than the server allows FFmpeg: it may be damaged, or unusually complex.',
    ro: 'Conversia fișierului {name} ar fi avut nevoie de mai multă memorie decât îi permite serverul lui FFmpeg: fișierul poate fi deteriorat sau neobișnuit de complex.',
  },
  // The conversion.
  tooLongDecoded: {
    en: '{name} lasts more than 15 minutes: at most 15 minutes.',
    ro: 'Fișierul {name} durează mai mult de 15 minute: sunt acceptate cel mult 15 minute.',
  },
  timeLimit: {
    en: '{name} took longer than {time} to convert and was stopped: try again when the server is less busy.',
    ro: 'Conversia fișierului {name} a durat mai mult de {time} și a fost oprită: reîncercați când serverul este mai puțin ocupat.',
  },
  stopped: {
    en: '{name} was being converted when the work was stopped: try again.',
    ro: 'Fișierul {name} era în curs de conversie când prelucrarea a fost oprită: reîncercați.',
  },
  notConverted: {
    en: '{name} could not be converted: it is damaged or not a complete {type} file{detail}.',
    ro: 'Fișierul {name} nu a putut fi convertit: este deteriorat sau nu este un fișier {type} complet{detail}.',
  },
  nothingDecoded: {
    en: '{name} holds no audio that can be decoded: it is damaged{detail}.',
    ro: 'Fișierul {name} nu conține date audio care să poată fi decodate: este deteriorat{detail}.',
  },
  cutShortDecoded: {
    en: '{name} is incomplete: its header announces {expected} of audio but only {decoded} could be decoded. Upload the whole file again.',
    ro: 'Fișierul {name} este incomplet: antetul său anunță o durată de {expected}, dar s-au putut decoda doar {decoded}. Încărcați din nou fișierul întreg.',
  },
  notMeasured: {
    en: '{name} could not be measured{detail}.',
    ro: 'Intensitatea sonoră a fișierului {name} nu a putut fi măsurată{detail}.',
  },
  // The library around the conversion.
  originalMissing: {
    en: '{name}: its original file is missing or not audio any more: upload the file again.',
    ro: 'Originalul fișierului {name} lipsește sau nu mai este un fișier audio: încărcați din nou fișierul.',
  },
  previewOriginalMissing: {
    en: 'The preview of {name} could not be made: an original file is missing.',
    ro: 'Previzualizarea fișierului {name} nu a putut fi creată: lipsește un fișier original.',
  },
  serverFailed: {
    en: '{name} could not be converted: the server failed ({reason}).',
    ro: 'Fișierul {name} nu a putut fi convertit: a apărut o eroare pe server ({reason}).',
  },
  interrupted: {
    en: 'The conversion was interrupted (the server stopped before it finished): press Retry.',
    ro: 'Conversia a fost întreruptă (serverul s-a oprit înainte să o termine): apăsați „Reîncercați”.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * An upload's refusals, images' and audio's (server/media/upload.ts: what the first bytes, the size or the library
 * refuse; server/media/images.ts: what an image's header and its conversion refuse); an empty file and audio over
 * 200 MB are refused with the audio problems' `empty` and `tooBig`. `{name}` and `{accepted}` as above; `{width}`,
 * `{height}` an image's pixels and `{megapixels}` their count, whole numbers; `{maxHeight}` and `{atWidth}` the tallest
 * variant's pixels at its width; `{limit}` the library's most images; `{reason}` the first line of sharp's error. The
 * English is the API's (tests read it): change it only with them.
 */
export const UPLOAD_REFUSALS = {
  // While the file arrives (server/media/upload.ts): its first bytes, its size, the library.
  notImage: {
    en: '{name} is not a JPEG, PNG, WebP or AVIF image.',
    ro: 'Fișierul {name} nu este o imagine JPEG, PNG, WebP sau AVIF.',
  },
  notAudioFile: {
    en: '{name} is not a {accepted} file.',
    ro: 'Fișierul {name} nu este un fișier {accepted}.',
  },
  imageTooBig: {
    en: '{name} is larger than 25 MB: export it smaller (a photo for the web needs no more than a few MB).',
    ro: 'Fișierul {name} depășește 25 MB: exportați-l mai mic (pentru web, o fotografie nu are nevoie de mai mult de câțiva MB).',
  },
  noAudioHere: {
    en: '{name}: this server takes no audio.',
    ro: 'Fișierul {name} nu poate fi încărcat: acest server nu primește fișiere audio.',
  },
  // An upload in pieces announces its size first (server/media/chunked.ts).
  uploadTooBig: {
    en: 'The file is larger than {max} MB, the most an upload may be.',
    ro: 'Fișierul depășește {max} MB, cea mai mare dimensiune pe care o poate avea o încărcare.',
  },
  // The disk filled while the file arrived (server/routes/media.ts); without a name, the refusal's general words.
  diskFull: {
    en: "The server's disk is full: {name} was not stored. Free some space on the server (docs/operating.md), then upload it again.",
    ro: 'Discul serverului s-a umplut: fișierul {name} nu a fost salvat. Faceți loc pe server (docs/operating.md), apoi încărcați-l din nou.',
  },
  libraryFull: {
    en: 'The media library holds {limit} images, its most: remove one you no longer use first.',
    ro: 'Biblioteca media are deja numărul maxim de imagini ({limit}): eliminați mai întâi una pe care nu o mai folosiți.',
  },
  // An image's header and its conversion (server/media/images.ts). The Romanian counts in px and MP: whether "de"
  // goes before the noun depends on the number.
  imageUnreadable: {
    en: '{name}: The file is not a JPEG, PNG, WebP or AVIF image that can be read: it may be damaged or incomplete.',
    ro: 'Fișierul {name} nu este o imagine JPEG, PNG, WebP sau AVIF care poate fi citită: poate fi deteriorat sau incomplet.',
  },
  imageNotItsType: {
    en: '{name}: The file is not a JPEG, PNG, WebP or AVIF image.',
    ro: 'Fișierul {name} nu este o imagine JPEG, PNG, WebP sau AVIF.',
  },
  imageNoSize: {
    en: '{name}: The image has no size: it may be damaged.',
    ro: 'Imaginea {name} nu are dimensiuni: poate fi deteriorată.',
  },
  tooManyPixels: {
    en: '{name}: The image is {width} × {height} pixels ({megapixels} megapixels): at most 50 megapixels.',
    ro: 'Imaginea {name} are {width} × {height} px ({megapixels} MP): sunt acceptați cel mult 50 de megapixeli.',
  },
  imageTooTall: {
    en: '{name}: The image is {width} × {height} pixels: too tall for the web at that width (at most {maxHeight} pixels high once {atWidth} wide); crop it.',
    ro: 'Imaginea {name} are {width} × {height} px: este prea înaltă pentru web la această lățime (cel mult {maxHeight} px înălțime la {atWidth} px lățime); decupați-o.',
  },
  imageCutShort: {
    en: '{name}: The image could not be read to the end: it is damaged or incomplete ({reason}).',
    ro: 'Imaginea {name} nu a putut fi citită până la capăt: este deteriorată sau incompletă ({reason}).',
  },
  imageNotConverted: {
    en: '{name}: The image could not be converted for the web ({reason}).',
    ro: 'Imaginea {name} nu a putut fi convertită pentru web ({reason}).',
  },
  // ---- The documents library (issue 31; server/media/documents.ts, docs/decisions/0055) ----
  // `{what}` is one of SVG_HAZARDS below, `{where}` the markup as the file has it (kept as it is in both languages),
  // `{pages}` a whole number, `{limit}` the library's most documents.
  notPdf: {
    en: '{name} is not a PDF: its content is not a PDF file, whatever its name says. Save or export it as a PDF again.',
    ro: 'Fișierul {name} nu este un PDF: conținutul său nu este al unui fișier PDF, oricare ar fi numele lui. Salvați-l sau exportați-l din nou ca PDF.',
  },
  notSvg: {
    en: '{name} is not an SVG image: its content is not SVG, whatever its name says.',
    ro: 'Fișierul {name} nu este o imagine SVG: conținutul său nu este SVG, oricare ar fi numele lui.',
  },
  svgUnreadable: {
    en: '{name} is not an SVG image that can be read: its XML is broken at line {line}.',
    ro: 'Fișierul {name} nu este o imagine SVG care poate fi citită: codul XML este greșit la linia {line}.',
  },
  svgUnsafe: {
    en: '{name} holds {what} ({where}), which could run or fetch something when the file is opened: export the logo again as a plain SVG, without it.',
    ro: 'Fișierul {name} conține {what} ({where}), care ar putea rula sau descărca ceva când fișierul este deschis: exportați din nou logoul ca SVG simplu, fără acestea.',
  },
  pdfUnreadable: {
    en: '{name} is not a PDF that can be read: it is damaged. Save or export it as a PDF again.',
    ro: 'Fișierul {name} nu este un PDF care poate fi citit: este deteriorat. Salvați-l sau exportați-l din nou ca PDF.',
  },
  pdfCutShort: {
    en: '{name} is incomplete: the PDF stops before its end. Upload the whole file again.',
    ro: 'Fișierul {name} este incomplet: PDF-ul se oprește înainte de sfârșitul său. Încărcați din nou fișierul întreg.',
  },
  pdfProtected: {
    en: '{name} is protected by a password or by restrictions: save it again without protection (Print › Save as PDF), so that anyone can open it.',
    ro: 'Fișierul {name} este protejat cu o parolă sau cu restricții: salvați-l din nou fără protecție (Imprimare › Salvare ca PDF), ca oricine să-l poată deschide.',
  },
  pdfActive: {
    en: '{name} holds JavaScript, an attached file or an action that starts a program: save it again as a plain PDF (Print › Save as PDF).',
    ro: 'Fișierul {name} conține JavaScript, un fișier atașat sau o acțiune care pornește un program: salvați-l din nou ca PDF simplu (Imprimare › Salvare ca PDF).',
  },
  pdfTooManyPages: {
    en: '{name} has {pages} pages: at most 500.',
    ro: 'Fișierul {name} are {pages} pagini: sunt acceptate cel mult 500.',
  },
  documentTooBig: {
    en: '{name} is larger than 20 MB: save it smaller (a rider or a stage plot is usually a few hundred KB).',
    ro: 'Fișierul {name} depășește 20 MB: salvați-l mai mic (un rider sau un plan de scenă are de obicei câteva sute de KB).',
  },
  svgTooBig: {
    en: '{name} is larger than 5 MB: an SVG logo is a few hundred KB at most; simplify it, or save it without embedded pictures.',
    ro: 'Fișierul {name} depășește 5 MB: un logo SVG are cel mult câteva sute de KB; simplificați-l sau salvați-l fără imagini încorporate.',
  },
  documentsFull: {
    en: 'The documents library holds {limit} files, its most: remove one you no longer use first.',
    ro: 'Biblioteca de documente are deja numărul maxim de fișiere ({limit}): eliminați mai întâi unul pe care nu îl mai folosiți.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * What an SVG may hold that runs or fetches (svgUnsafe's `{what}`), in both languages: the server writes the English,
 * the admin's Romanian finds it here.
 */
export const SVG_HAZARDS = {
  script: { en: 'a script', ro: 'un script' },
  handler: { en: 'an event attribute', ro: 'un atribut de eveniment' },
  foreign: { en: 'embedded HTML', ro: 'cod HTML încorporat' },
  link: { en: 'a link to another address', ro: 'un link către altă adresă' },
  doctype: { en: 'a DOCTYPE or an entity', ro: 'un DOCTYPE sau o entitate' },
  instruction: { en: 'a processing instruction', ro: 'o instrucțiune de procesare' },
  style: { en: 'a style that fetches', ro: 'un stil care descarcă ceva' },
  element: { en: 'an element that is not SVG', ro: 'un element care nu este SVG' },
} as const satisfies Record<string, Record<Language, string>>;
export type SvgHazard = keyof typeof SVG_HAZARDS;

/** The one table of every media problem and refusal, by key (the two sections share none: a test checks). */
export const MEDIA_PROBLEMS = { ...AUDIO_PROBLEMS, ...UPLOAD_REFUSALS };

export type AudioProblemKey = keyof typeof AUDIO_PROBLEMS;
export type MediaProblemKey = keyof typeof MEDIA_PROBLEMS;
/** The `{placeholders}` of a template, as a union of their names. */
type Holes<S extends string> = S extends `${string}{${infer Hole}}${infer Rest}` ? Hole | Holes<Rest> : never;
/** What a problem's template needs filled. */
export type ProblemParams<K extends MediaProblemKey> = Record<Holes<(typeof MEDIA_PROBLEMS)[K]['en']>, string | number>;

/** A problem's words in `lang`, its placeholders filled. */
export function problemText<K extends MediaProblemKey>(key: K, params: ProblemParams<K>, lang: Language): string {
  return fill(MEDIA_PROBLEMS[key][lang], params);
}

/**
 * What each placeholder can be in the stored words: the name in its curly quotes or unnamed (another label, as "The
 * producer tag", matches nothing: no half-English Romanian), FFmpeg's detail or nothing; the others anything (the
 * shortest that fits, so a name's own words cannot swallow the template's).
 */
const CATCH: Record<string, string> = { name: `“.+?”|${UNNAMED}`, detail: String.raw`(?: \(FFmpeg: .*\))?` };
/** The caught values as Romanian writes them: „name” and a decimal comma; FFmpeg's detail and the reason stay as written. */
const decimalComma = (value: string) => value.replace(/(\d)\.(\d)/g, '$1,$2');
const ROMANIAN: Record<string, (value: string) => string> = {
  name: (value) => value.replace(/^“(.*)”$/s, '„$1”'),
  accepted: (value) => value.replace(/ or /g, ' sau '),
  percent: decimalComma,
  duration: decimalComma,
  time: decimalComma,
  expected: decimalComma,
  decoded: decimalComma,
  what: (value) => Object.values(SVG_HAZARDS).find((h) => h.en === value)?.ro ?? value,
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const group = (hole: string) => `(?<${hole}>${CATCH[hole] ?? '.+?'})`;
/** An English template as an anchored pattern, each `{hole}` a named group. */
function pattern(template: string): RegExp {
  // The holes' names at the odd places, the words between them at the even ones.
  const parts = template.split(/\{(\w+)\}/);
  return new RegExp(`^${parts.map((part, i) => (i % 2 ? group(part) : escape(part))).join('')}$`, 's');
}
/**
 * The templates to try, the most words of their own first: "lasts more than 15 minutes: at most 15 minutes" is also
 * "lasts {duration}: at most 15 minutes" with "more than 15 minutes" as the duration.
 */
const PATTERNS = (Object.keys(MEDIA_PROBLEMS) as MediaProblemKey[])
  .map((key) => ({ key, pattern: pattern(MEDIA_PROBLEMS[key].en), own: MEDIA_PROBLEMS[key].en.replace(/\{\w+\}/g, '').length }))
  .sort((a, b) => b.own - a.own);

/**
 * Words the server wrote, in `lang`, when they match a declared English template: as they are in English; in Romanian,
 * the template's Romanian with what the server put in it adapted („beat.wav”, 1,5 s). Undefined for words matching no
 * template (an older server's, another refusal's, or cut at an item's 300 characters).
 */
export function declaredProblem(problem: string, lang: Language): string | undefined {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(problem);
    if (!match) continue;
    if (lang === 'en') return problem;
    const caught = match.groups ?? {};
    const template = caught.name === UNNAMED ? MEDIA_PROBLEMS[key][lang].replace(' {name}', '') : MEDIA_PROBLEMS[key][lang];
    const values = Object.fromEntries(Object.entries(caught).map(([hole, value]) => [hole, ROMANIAN[hole]?.(value ?? '') ?? value]));
    return fill(template, values);
  }
  return undefined;
}

/**
 * A stored problem in `lang`: as it is in English; in Romanian, the Romanian of the English template it matches, with
 * what the server put in it adapted („beat.wav”, 1,5 s). Words matching no template (an older server's, or cut at the
 * item's 300 characters) are returned as they are.
 */
export function translateProblem(problem: string, lang: Language): string {
  if (lang === 'en') return problem;
  return declaredProblem(problem, lang) ?? problem;
}
