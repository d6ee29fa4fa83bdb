/**
 * The documents library (issue 31's press kit; docs/decisions/0054-press-kit.md): the PDF files (a technical rider, a
 * stage plot) and SVG files (a logo) the artist uploads, beside the images of ./media.ts and the recordings of
 * ./audio.ts. Other kinds point at an item with an `itemRef` to 'documents' (the press kit's rider, stage plot, logo).
 *
 * On Scena's server an upload makes the item: `src` names the file by its SHA-256 (`/media/<hash>`), and `format`,
 * `bytes` and `pages` come from the file, which is checked by its structure, not its name (a PDF must open as one;
 * an SVG must be an SVG image with nothing that runs or fetches). The file is served as a download, never shown
 * inline, with a Content-Security-Policy that runs nothing. On Firebase, an item is an https:// link to a file the
 * artist hosts, its facts as the admin gives them.
 */
import { choice, fileSource, list, text, wholeNumber, type KindWords } from '../fields/declare';

/** The largest document the library takes: 20 MB (a rider or a stage plot is a few hundred KB). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The largest SVG: 5 MB (a logo is a few KB to a few hundred). Its check reads every element on the server's thread
 * (about 0.3 s a MB): a 20 MB drawing would hold every other request for seconds.
 */
export const SVG_MAX_BYTES = 5 * 1024 * 1024;
/** The most pages a document may have. */
export const DOCUMENT_PAGES_MAX = 500;
/** What a document is: a PDF first (an item stored before the field existed reads as a PDF). */
export const DOCUMENT_FORMATS = ['pdf', 'svg'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const documents = list({
  name: 'documents',
  item: 'documentFile',
  page: 'press',
  max: 50,
  fields: {
    /** The admin's own name for it (the uploaded file's name at first); the download is named after it. */
    name: text({ max: 200 }),
    src: fileSource({ of: 'document' }),
    format: choice({ options: DOCUMENT_FORMATS }),
    /** The file's size in bytes (0: not known). */
    bytes: wholeNumber({ min: 0, max: DOCUMENT_MAX_BYTES }),
    /** A PDF's pages (0: not known, or an SVG). */
    pages: wholeNumber({ min: 0, max: DOCUMENT_PAGES_MAX }),
  },
});

/**
 * Where a document is downloaded from: an upload's file is `<src>.<format>` on Scena's server (`/media/<hash>.pdf`,
 * served as a download: docs/decisions/0055-documents.md); a link (Firebase) is its own address.
 */
export const documentUrl = (item: { src: string; format: string }): string =>
  /^\/media\/[0-9a-f]{64}$/.test(item.src) ? `${item.src}.${item.format === 'svg' ? 'svg' : 'pdf'}` : item.src;

/**
 * The downloaded file's name: the item's name made safe for every system (no folder, no character Windows refuses,
 * no control character, at most 120 characters) with its format's extension once ("Rider tehnic 2026.pdf").
 */
export function downloadName(name: string, format: DocumentFormat): string {
  const ext = `.${format}`;
  let base = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are among those replaced
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  if (base.toLowerCase().endsWith(ext)) base = base.slice(0, -ext.length);
  base = [...base]
    .slice(0, 120)
    .join('')
    .replace(/[. ]+$/, '')
    .replace(/^[. ]+/, '');
  return `${base || 'document'}${ext}`;
}

export const documentsWords = {
  label: { en: 'Documents', ro: 'Documente' },
  fields: {
    name: {
      label: { en: 'Name', ro: 'Nume' },
      help: { en: 'The downloaded file is named after it.', ro: 'Fișierul descărcat primește acest nume.' },
    },
    src: {
      label: { en: 'File address', ro: 'Adresa fișierului' },
      help: { en: 'An https:// link to a PDF or SVG file.', ro: 'Un link https:// către un fișier PDF sau SVG.' },
    },
    format: {
      label: { en: 'Format', ro: 'Format' },
      options: { pdf: { en: 'PDF', ro: 'PDF' }, svg: { en: 'SVG image', ro: 'Imagine SVG' } },
    },
    bytes: { label: { en: 'Size (bytes)', ro: 'Dimensiune (octeți)' } },
    pages: { label: { en: 'Pages', ro: 'Pagini' } },
  },
} satisfies KindWords<typeof documents>;
