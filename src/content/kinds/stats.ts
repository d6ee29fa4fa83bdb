/** The figures shown on the page: one document, saved whole. */
import { singleton, wholeNumber, type KindWords } from '../fields/declare';

export const stats = singleton({
  name: 'stats',
  save: 'replace',
  fields: {
    monthlyListeners: wholeNumber({ min: 0, max: 1_000_000_000 }),
  },
});

export const statsWords = {
  // The page's heading says what the page holds (issue 33: "'Stats' is not statistics"); the menu keeps the spec's
  // short "Stats" (navStats in src/admin/words.ts), and the visitors' numbers are a page of their own (Visitors).
  label: { en: 'Stats: monthly listeners', ro: 'Statistici: ascultători lunari' },
  fields: {
    monthlyListeners: {
      label: { en: 'Monthly listeners', ro: 'Ascultători lunari' },
      help: { en: 'Hidden on the public page below the threshold in site.config.ts.', ro: 'Ascuns pe pagina publică sub pragul din site.config.ts.' },
    },
  },
} satisfies KindWords<typeof stats>;
