/**
 * The documents library on Scena's server (docs/decisions/0055-documents.md; the kind in
 * src/content/kinds/documents.ts): a PDF or an SVG uploaded through POST /api/admin/media, told by its bytes (never
 * its name or Content-Type), checked whole, stored as it came as `<hash>.pdf` or `<hash>.svg` in the media folder,
 * and served as a download (routes/media.ts).
 * - A PDF must start with `%PDF-`, end with `%%EOF` (a file cut short does not), open with pdf-lib, have 1 to 500
 *   pages, not be encrypted (a promoter must open it without a password) and hold no JavaScript, no attached file and
 *   no action that starts a program.
 * - An SVG must pass ./svg.ts: XML whose root is `<svg>`, holding nothing that runs or fetches.
 * Whatever fails is refused with the reason in the declared words (src/content/media-problems.ts), never cleaned.
 */
import { chmodSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { DOCUMENT_MAX_BYTES, DOCUMENT_PAGES_MAX, SVG_MAX_BYTES, type DocumentFormat } from '../../src/content/kinds/documents';
import { LIST_LIMITS } from '../../src/content/kinds/derived';
import { problemText, SVG_HAZARDS } from '../../src/content/media-problems';
import type { DocumentItem } from '../../src/content/model';
import type { ContentRepo } from '../db/content-repo';
import type { RefusalCode } from '../errors';
import type { MediaFiles } from './files';
import type { WorkQueue } from './queue';
import { checkSvg, SvgRefusal } from './svg';

export { DOCUMENT_MAX_BYTES, SVG_MAX_BYTES };

export const documentName = (hash: string, format: DocumentFormat) => `${hash}.${format}`;

/** A name that says the admin meant a document: a file whose bytes are not that is refused in those words. */
export const PDF_NAME = /\.(pdf|docx?|odt|pages|rtf|txt|html?)$/i;
export const SVG_NAME = /\.svgz?$/i;

export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: Extract<
      RefusalCode,
      'unsupported-type' | 'corrupt' | 'truncated' | 'unsafe-document' | 'protected-document' | 'too-long' | 'too-large' | 'list-full'
    >,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A document's format from its first bytes: `%PDF-` at the start, or text whose first character (after a byte order
 * mark and spaces) is `<`, which may be an SVG (./svg.ts decides). Undefined for anything else.
 */
export function sniffDocument(head: Buffer): DocumentFormat | undefined {
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  let at = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (at < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[at]!)) at++;
  return head[at] === 0x3c ? 'svg' : undefined;
}

/** The refusal of a file whose name says PDF or SVG and whose bytes are not that. */
export function notTheDocument(label: string, filename: string): DocumentError | undefined {
  if (SVG_NAME.test(filename)) return new DocumentError('unsupported-type', problemText('notSvg', { name: label }, 'en'));
  if (PDF_NAME.test(filename)) return new DocumentError('unsupported-type', problemText('notPdf', { name: label }, 'en'));
  return undefined;
}

export const documentTooBig = (label: string) => new DocumentError('too-large', problemText('documentTooBig', { name: label }, 'en'));
export const svgTooBig = (label: string) => new DocumentError('too-large', problemText('svgTooBig', { name: label }, 'en'));

/** Keys of a PDF dictionary that run or launch something, or attach a file. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFiles', 'EmbeddedFile', 'RichMedia'];
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch', '/ImportData', '/RichMediaExecute', '/SubmitForm']);

/** What a PDF is: its pages. Throws a DocumentError for a file that is not one Scena serves. */
export async function checkPdf(bytes: Uint8Array, label: string): Promise<{ pages: number }> {
  // A PDF ends with %%EOF (and a line break or a few bytes of padding): one cut short on its way does not.
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  if (!tail.includes('%%EOF')) throw new DocumentError('truncated', problemText('pdfCutShort', { name: label }, 'en'));
  let pdf: PDFDocument;
  try {
    // Loaded even when encrypted, to say so rather than "damaged" (pdf-lib's own error class is not one instanceof finds).
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  } catch {
    throw new DocumentError('corrupt', problemText('pdfUnreadable', { name: label }, 'en'));
  }
  // Encrypted, even with an empty user password: a promoter's reader may ask for one, and its objects cannot be checked.
  if (pdf.isEncrypted) throw new DocumentError('protected-document', problemText('pdfProtected', { name: label }, 'en'));
  let pages: number;
  try {
    pages = pdf.getPageCount();
  } catch {
    throw new DocumentError('corrupt', problemText('pdfUnreadable', { name: label }, 'en'));
  }
  if (pages === 0) throw new DocumentError('corrupt', problemText('pdfUnreadable', { name: label }, 'en'));
  if (pages > DOCUMENT_PAGES_MAX) throw new DocumentError('too-long', problemText('pdfTooManyPages', { name: label, pages }, 'en'));
  // Every object, those inside object streams too (pdf-lib unpacks them as it loads).
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict && isActive(dict)) throw new DocumentError('unsafe-document', problemText('pdfActive', { name: label }, 'en'));
  }
  if (isActive(pdf.catalog)) throw new DocumentError('unsafe-document', problemText('pdfActive', { name: label }, 'en'));
  return { pages };
}

function isActive(dict: PDFDict): boolean {
  if (ACTIVE_KEYS.some((key) => dict.has(PDFName.of(key)))) return true;
  const action = dict.get(PDFName.of('S'));
  if (action instanceof PDFName && ACTIVE_ACTIONS.has(action.asString())) return true;
  const type = dict.get(PDFName.of('Type'));
  if (type instanceof PDFName && type.asString() === '/EmbeddedFile') return true;
  // An inline action: /OpenAction or /AA (additional actions) held in the dictionary itself, not by reference.
  for (const key of ['OpenAction', 'AA', 'A']) {
    const value = dict.get(PDFName.of(key));
    if (value instanceof PDFDict && isActive(value)) return true;
  }
  return false;
}

/** An SVG's refusal in the declared words. */
function svgError(error: SvgRefusal, label: string): DocumentError {
  const { problem } = error;
  if (problem.kind === 'not-svg') return new DocumentError('unsupported-type', problemText('notSvg', { name: label }, 'en'));
  if (problem.kind === 'broken') return new DocumentError('corrupt', problemText('svgUnreadable', { name: label, line: problem.line }, 'en'));
  return new DocumentError('unsafe-document', problemText('svgUnsafe', { name: label, what: SVG_HAZARDS[problem.what].en, where: problem.where }, 'en'));
}

/** Checks a received file as its format; answers its pages (0 for an SVG). */
export async function checkDocument(path: string, format: DocumentFormat, label: string): Promise<{ pages: number }> {
  const bytes = readFileSync(path);
  if (bytes.length > (format === 'svg' ? SVG_MAX_BYTES : DOCUMENT_MAX_BYTES)) throw format === 'svg' ? svgTooBig(label) : documentTooBig(label);
  if (format === 'pdf') return checkPdf(bytes, label);
  try {
    checkSvg(bytes);
  } catch (error) {
    if (error instanceof SvgRefusal) throw svgError(error, label);
    throw error;
  }
  return { pages: 0 };
}

export interface DocumentUpload {
  temp: string;
  hash: string;
  format: DocumentFormat;
  size: number;
  /** The admin's file name, cleaned (media/upload.ts cleanName). */
  name: string;
  label: string;
}

/**
 * Takes a received document into the library, one at a time in the media queue: the same file again answers its item
 * (created false); otherwise the file is checked, moved to `<hash>.<format>` and its item added.
 */
export async function acceptDocument(
  files: MediaFiles,
  queue: WorkQueue,
  content: ContentRepo,
  upload: DocumentUpload,
): Promise<{ document: DocumentItem; created: boolean }> {
  const { temp, hash, format, size, name, label } = upload;
  const src = `/media/${hash}`;
  return queue.run(async () => {
    const library = (await content.list('documents')) as DocumentItem[];
    const same = library.find((item) => item.src === src);
    if (same) return { document: same, created: false };
    if (library.length >= LIST_LIMITS.documents) {
      throw new DocumentError('list-full', problemText('documentsFull', { limit: LIST_LIMITS.documents }, 'en'));
    }
    const { pages } = await checkDocument(temp, format, label);
    const file = documentName(hash, format);
    const target = join(files.dir, file);
    // A file already there belongs to an item removed earlier (kept in its history): it stays as it is.
    const fresh = !existsSync(target);
    if (fresh) {
      chmodSync(temp, 0o644);
      renameSync(temp, target);
    }
    try {
      const item = await content.add('documents', { name: name || `document.${format}`, src, format, bytes: size, pages });
      return { document: item as DocumentItem, created: true };
    } catch (error) {
      if (fresh) files.remove(file);
      throw error;
    }
  });
}
