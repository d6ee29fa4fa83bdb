/** Which kinds of content have an admin page of their own, and which share one page of the site's (the press kit). */
import type { Kind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { KIND_OPTIONS, type KindOptions } from './options';

export const optionsOf = (kind: Kind): KindOptions | undefined => (KIND_OPTIONS as Record<string, KindOptions | undefined>)[kind.name];

/** The lists whose items are edited on another list's page (a service's samples), and so have no page of their own. */
const CHILD_LISTS = new Set(KINDS.flatMap((kind) => (optionsOf(kind)?.children ? [optionsOf(kind)!.children!.list as string] : [])));
/** The audio library is edited on the Media page, beside the images (src/admin/media/audio-library.tsx). */
export const ON_MEDIA_PAGE = 'audio';
/** The documents library (PDFs, SVGs) too, beside them (src/admin/media/documents-library.tsx). */
export const DOCUMENTS_ON_MEDIA_PAGE = 'documents';

/**
 * The kinds with a page: an inbox (booking requests) has its own page (src/admin/inbox); a list edited on another's
 * page (samples on Services, audio on Media) has none.
 */
export const EDITED: Kind[] = KINDS.filter(
  (kind: Kind) => !(kind.shape === 'list' && kind.inbox) && !CHILD_LISTS.has(kind.name) && kind.name !== ON_MEDIA_PAGE && kind.name !== DOCUMENTS_ON_MEDIA_PAGE,
);

/**
 * The kinds edited on the pages of one page of the site's (OwnPage: the press kit's bios and files, its photos, its
 * quotes), in the declarations' order: one entry in the menu, the first's, and tabs on each of them (./page-tabs.tsx).
 */
export const pageGroup = (kind: Kind): Kind[] => (kind.page ? EDITED.filter((k) => k.page === kind.page) : []);
