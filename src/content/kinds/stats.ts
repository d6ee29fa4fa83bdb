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
  label: { en: 'Stats', ro: 'Statistici' },
  fields: {
    monthlyListeners: {
      label: { en: 'Monthly listeners', ro: 'Ascultători lunari' },
      help: { en: 'Hidden on the public page below the threshold in site.config.ts.', ro: 'Ascuns pe pagina publică sub pragul din site.config.ts.' },
    },
  },
} satisfies KindWords<typeof stats>;
