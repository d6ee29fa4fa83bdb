/** Shows in the stored shape (src/content/kinds/shows.ts) for tests: one call per show, the rest defaulted. */
import type { Show } from './model';

export function makeShow(fields: Partial<Show> & { id: string; start: string }): Show {
  return {
    status: 'published',
    timeZone: '',
    end: '',
    doors: '',
    venue: 'Control Club',
    city: 'București',
    country: 'RO',
    address: '',
    kind: 'live-set',
    state: 'scheduled',
    previousStart: '',
    tickets: '',
    admission: 'unknown',
    priceFrom: 0,
    currency: 'RON',
    priceNote_en: '',
    priceNote_ro: '',
    poster: '',
    description_en: '',
    description_ro: '',
    slug: fields.id,
    ...fields,
  };
}
