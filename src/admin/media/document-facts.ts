/**
 * How a document of the library reads in the admin (docs/decisions/0055): its name, "PDF · 3 pages · 245 KB", its
 * label in another kind's select, and which documents a field offers. No components: the kinds' options use them.
 */
import type { DocumentItem } from '../../content/model';
import { say } from '../kinds/form-model';
import { adminLocale, plural } from '../kinds/summaries';
import { MEDIA_WORDS as W } from './words';

export const documentName = (item: Pick<DocumentItem, 'name'>): string => item.name.trim() || say(W.untitledDocument);

/** "245 KB", "1.2 MB" (1,2 MB in Romanian). */
export function formatBytes(bytes: number): string {
  const number = (n: number, digits: number) => n.toLocaleString(adminLocale(), { maximumFractionDigits: digits });
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

/** "PDF · 3 pages · 245 KB", "SVG image · 12 KB": what is known of it (a link's size may be unknown). */
export function documentFacts(item: Pick<DocumentItem, 'format' | 'pages' | 'bytes'>): string {
  return [
    say(item.format === 'svg' ? W.documentSvg : W.documentPdf),
    item.format === 'pdf' && item.pages > 0 ? plural(W.documentPages, item.pages) : '',
    item.bytes > 0 ? formatBytes(item.bytes) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A document in another kind's select: "Rider 2026.pdf · 3 pages" (the field offers one format: it need not say it). */
export const documentLabel = (item: Record<string, unknown>): string => {
  const doc = item as unknown as DocumentItem;
  const pages = doc.format !== 'svg' && Number(doc.pages) > 0 ? plural(W.documentPages, Number(doc.pages)) : '';
  return [documentName(doc), pages].filter(Boolean).join(' · ');
};

/**
 * Which documents a field offers: an SVG field (the press kit's logoSvg) the SVGs, any other (the rider, the stage plot)
 * the PDFs. The one already chosen is always offered, so a form never drops a value it cannot show.
 */
export const documentOffered = (field: string, item: Record<string, unknown>): boolean => (/svg/i.test(field) ? item.format === 'svg' : item.format !== 'svg');
