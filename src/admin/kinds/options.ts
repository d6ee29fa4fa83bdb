/**
 * What the admin shows beyond the declarations, per kind: each a choice of the generic form or list
 * editor, not a page of its own. These know the public page's fallbacks, which the declarations do not.
 */
import { siteConfig } from '../../../site.config';
import type { KINDS } from '../../content/kinds';
import { LANGUAGES, LINK_KEYS } from '../../content/model';
import { translate } from '../../i18n/translate';
import { releasePath } from '../../content/release-cycle';

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
  emptyNote?: string;
  /** A list item's own public page, linked from the list (a draft's address is its preview for the signed-in admin). */
  pageOf?(item: Record<string, unknown>): { href: string; label: string } | undefined;
  /** The values a new item's form starts from, by form name (a new release starts as a draft). */
  newItem?: Readonly<Record<string, string>>;
}

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
    help: { monthlyListeners: `Hidden on the public page if below ${siteConfig.monthlyListenersThreshold}.` },
    // As the spec says.
    emptyNumber: 0,
  },
  releases: {
    pageOf: (item) =>
      typeof item.slug === 'string' && item.slug
        ? { href: releasePath('en', item.slug), label: item.status === 'draft' ? 'Preview the page' : 'View the page' }
        : undefined,
    newItem: { status: 'draft' },
  },
  collaborators: {
    emptyNote: `Visitors see the default list until you add one: ${siteConfig.defaultCollaborators
      .map((c) => `${c.name} (${translate('en', `workedWith.role.${c.role}`)})`)
      .join(', ')}.`,
  },
};
