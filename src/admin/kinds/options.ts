/**
 * What the admin shows beyond the declarations, per kind: each a choice of the generic form or list
 * editor, not a page of its own. These know the public page's fallbacks, which the declarations do not.
 */
import { siteConfig } from '../../../site.config';
import type { ContentListName } from '../../content/backend';
import { KINDS as KIND_LIST, type KINDS } from '../../content/kinds';
import { collaboratorRole } from '../../content/kinds/collaborators';
import { showEnd, showPath, showStart } from '../../content/shows';
import type { Language } from '../../content/constants';
import type { FindSpec, FindState } from './list-filter';
import { draftsOf, publishState, stateWords } from './publishing';
import { LANGUAGES, LINK_KEYS } from '../../content/model';
import type { Words } from '../../content/fields/declare';
import { SEED_SERVICES } from '../../content/seed';
import { translate } from '../../i18n/translate';
import { releasePath } from '../../content/release-cycle';
import { fill } from '../media/words';
import { documentLabel, documentOffered } from '../media/document-facts';
import { ADMIN_WORDS as W } from '../words';
import { adminLanguage } from '../language';
import { say, type Item, type Value } from './form-model';
import {
  audioLabel,
  creditSummary,
  itemName,
  releaseSummary,
  sampleSummary,
  serviceSummary,
  showSummary,
  testimonialSummary,
  ownLinkSummary,
  pressPhotoSummary,
  pressQuoteSummary,
  textOf,
  type Summary,
  type SummaryContext,
} from './summaries';

export interface KindOptions {
  /**
   * What visitors see for an input with nothing stored (the public page's own fallbacks), by form name:
   * the form starts from these and marks them, so the admin edits the page as it is.
   */
  defaults?: Readonly<Record<string, string>>;
  /** Says so when one language of a field is empty and another is not (the page shows a default then). */
  missingTranslation?: boolean;
  /** Replaces the declaration's help of a field, by field name, with words only the admin can know. */
  help?: Readonly<Record<string, string>>;
  /** A whole number left empty is stored as this. */
  emptyNumber?: number;
  /** What an empty list means for visitors, when the public page shows something else then. */
  emptyNote?(): string;
  /** A list item's own public page, linked from the list (a draft's address is its preview for the signed-in admin). */
  pageOf?(item: Record<string, unknown>): { href: string; label: string } | undefined;
  /** The values a new item's form starts from, by form name (a new release starts as a draft). */
  newItem?: Readonly<Record<string, string>>;
  /** How an item reads in the list (its title and one line of facts), instead of the generic field-by-field line. */
  summary?(item: Item, ctx: SummaryContext): Summary;
  /** How an item of this list is named in another's select (an audio item with its duration and status). */
  refLabel?(item: Item): string;
  /** Which items of this list another kind's field (by its name) offers: the press kit's logoSvg the SVGs only. */
  refOffered?(field: string, item: Item): boolean;
  /**
   * Another list whose items are placed on this one's (a service's samples: each sample's `service` names its
   * service): the editor shows them under each item, edited in place, its `by` field set and not shown, and that
   * list has no page of its own.
   */
  children?: { list: ContentListName; by: string };
  /** What a saved item must have beyond its schema, checked before sending: each missing field with its message. */
  check?(value: Value): { field: string; message: string }[];
  /**
   * What visitors see while the list is empty, offered to add as the list's first items (the services the page shows
   * from the first-start content), with the words that say so.
   */
  seed?: { items: readonly Value[]; note(): string };
  /** The list page's Add button, as a person says it ("Add release" / „Adăugați o lansare”). */
  add?: Words;
  /** What a long list's items are found by (a title, a city, a year) and its states: the list page shows a filter. */
  find?: FindSpec;
  /**
   * A list whose order is its dates (shows): no Reorder; the upcoming ones first, soonest first, then the past ones,
   * latest first, folded under "Past shows (20)".
   */
  timeline?: { at(item: Item): number | undefined; past(item: Item, now: number): boolean };
  /**
   * What a row offers without opening the item (issue 33; src/admin/kinds/list-row.tsx), each with Undo after:
   * `publish`, Publish or Unpublish (a list with drafts: ./publishing.ts); `states`, a choice's values set directly,
   * each button with its short words (`set`), and from one of them back to the `usual` value (`back`); `offered`, the
   * items that have them (not a show gone by).
   */
  quick?: {
    publish?: boolean;
    states?: { field: string; usual: string; set: Readonly<Record<string, Words>>; back: Words };
    offered?(item: Item, now: number): boolean;
  };
  /**
   * The item's own public page in a language, from its slug (releasePath): its row offers a QR code of that page, for
   * posters and flyers (issue 31, src/admin/qr): not a draft's, which has no page (docs/decisions/0052-qr-codes.md).
   */
  qr?(lang: Language, slug: string): string;
}

/** A stored date-and-time's year ("2025-03-14T20:00" → "2025"), to be found by. */
const yearOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 4) : '');
/** A field in every language it has (a title in English and in Romanian). */
const everyLanguage = (item: Item, name: string) =>
  [item[name], ...LANGUAGES.map((lang) => item[`${name}_${lang}`])].filter((v): v is string => typeof v === 'string' && v !== '');

const releaseKind = () => KIND_LIST.find((k) => k.name === 'releases')!;
const releaseDrafts = () => draftsOf(releaseKind())!;
const releaseStates: FindState[] = (['draft', 'scheduled', 'published'] as const).map((key) => ({
  key,
  // The declaration's own words (they agree with "release" in Romanian).
  label: () => stateWords(releaseKind(), releaseDrafts(), { state: key }),
  has: (item, now) => publishState(releaseDrafts(), item, now).state === key,
}));
const showPast = (item: Item, now: number) => (showEnd(item as never) ?? Infinity) <= now;

const settingsDefaults: Record<string, string> = { email: siteConfig.defaultEmail };
for (const lang of LANGUAGES) {
  settingsDefaults[`heroTitle_${lang}`] = translate(lang, 'hero.title');
  for (const bio of ['bio1', 'bio2', 'bio3'] as const) {
    settingsDefaults[`${bio}_${lang}`] = translate(lang, `about.${bio}`, { sinceYear: siteConfig.artist.sinceYear });
  }
}
for (const key of LINK_KEYS) settingsDefaults[`links.${key}`] = siteConfig.defaultLinks[key];

export const KIND_OPTIONS: { [K in (typeof KINDS)[number]['name']]?: KindOptions } = {
  // An empty release count is 0: the page counts the releases out.
  settings: { defaults: settingsDefaults, missingTranslation: true, emptyNumber: 0 },
  stats: {
    help: {
      get monthlyListeners() {
        return fill(say(W.hiddenBelow), { n: siteConfig.monthlyListenersThreshold });
      },
    },
    // As the spec says.
    emptyNumber: 0,
  },
  releases: {
    pageOf: (item) =>
      typeof item.slug === 'string' && item.slug
        ? { href: releasePath(adminLanguage(), item.slug), label: say(item.status === 'draft' ? W.previewPage : W.viewPage) }
        : undefined,
    newItem: { status: 'draft' },
    summary: releaseSummary,
    add: W.addRelease,
    find: { words: (item) => [...everyLanguage(item, 'title'), yearOf(item.date)], hint: () => say(W.findReleases), states: releaseStates },
    refLabel: (item) => `${String(item.title ?? '')}${item.status === 'draft' ? ` ${say(W.draft)}` : ''}`,
    // Publish (or schedule, with a date ahead) and Unpublish from the row, as the form's buttons do.
    quick: { publish: true },
    qr: releasePath,
  },
  collaborators: {
    // Name and role, the role in the admin's language (the common role's words, or the admin's own in that language).
    summary: (item) => ({ title: String(item.name ?? ''), line: collaboratorRole(item, adminLanguage()) }),
    add: W.addCollaborator,
    emptyNote: () =>
      fill(say(W.collaboratorsEmpty), {
        names: siteConfig.defaultCollaborators.map((c) => `${c.name} (${translate(adminLanguage(), `workedWith.role.${c.role}`)})`).join(', '),
      }),
  },
  services: {
    summary: (item, ctx) => serviceSummary(item, ctx, 'service'),
    add: W.addService,
    children: { list: 'samples', by: 'service' },
    // Firebase starts with no services: the page shows the first-start four until the list has one.
    seed: {
      items: SEED_SERVICES.map(({ id: _id, ...service }) => service),
      note: () => fill(say(W.servicesEmpty), { names: SEED_SERVICES.map((s) => textOf(s, 'title')).join(', ') }),
    },
  },
  samples: {
    summary: sampleSummary,
    // A sample is its audio: one without is refused here, though the schema allows '' (an item stored before it).
    check: (value) => (value.audio ? [] : [{ field: 'audio', message: say(W.chooseAudio) }]),
  },
  credits: {
    summary: creditSummary,
    add: W.addCredit,
    find: { words: (item) => [...everyLanguage(item, 'artist'), ...everyLanguage(item, 'title'), String(item.year ?? '')], hint: () => say(W.findCredits) },
    // A credit is of a year; this one to start with.
    newItem: { year: String(new Date().getFullYear()) },
  },
  testimonials: { summary: testimonialSummary, add: W.addTestimonial },
  links: { summary: ownLinkSummary, add: W.addOwnLink },
  pressPhotos: { summary: pressPhotoSummary, add: W.addPressPhoto },
  quotes: { summary: pressQuoteSummary, add: W.addPressQuote },
  shows: {
    summary: showSummary,
    add: W.addShow,
    find: {
      words: (item) => [...everyLanguage(item, 'venue'), ...everyLanguage(item, 'city'), String(item.country ?? ''), yearOf(item.start)],
      hint: () => say(W.findShows),
      states: [
        { key: 'upcoming', label: () => say(W.upcoming), has: (item, now) => !showPast(item, now) },
        { key: 'past', label: () => say(W.past), has: showPast },
      ],
    },
    timeline: { at: (item) => showStart(item as never), past: showPast },
    // Sold out, Cancelled, Postponed from the row, and back on sale (issue 33): the full form is 1,748 px tall on a phone.
    quick: {
      states: {
        field: 'state',
        usual: 'scheduled',
        set: { 'sold-out': W.quickSoldOut, cancelled: W.quickCancelled, postponed: W.quickPostponed },
        back: W.quickOnSale,
      },
      offered: (item, now) => !showPast(item, now),
    },
    qr: showPath,
  },
  audio: { refLabel: audioLabel },
  // ---- The documents library (issue 31) ----
  documents: { refLabel: documentLabel, refOffered: documentOffered },
};

/** Whether another kind's field offers an item of `list` (its list's own rule; every item without one). */
export function refOffered(list: string, field: string, item: Item): boolean {
  const own = (KIND_OPTIONS as Record<string, KindOptions | undefined>)[list]?.refOffered;
  return own ? own(field, item) : true;
}

/** An item's name in another list's select: its list's own rule, else its name (a title). */
export function refLabel(list: string, kind: Parameters<typeof itemName>[0] | undefined, item: Item): string {
  const own = (KIND_OPTIONS as Record<string, KindOptions | undefined>)[list]?.refLabel;
  return own ? own(item) : (kind && itemName(kind, item)) || say(W.untitled);
}
