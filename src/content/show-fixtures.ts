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
    cityName_en: '',
    cityName_ro: '',
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

/** A published festival in Lisbon on Lisbon's clock, as the admin's API takes it (no id, no slug): tests add it as is. */
export const LISBON_SHOW_INPUT = {
  status: 'published',
  timeZone: 'Europe/Lisbon',
  start: '2030-07-04T21:00',
  end: '2030-07-05T02:00',
  venue: 'Lux Frágil',
  city: 'Lisboa',
  country: 'PT',
  kind: 'festival',
  state: 'scheduled',
  tickets: 'https://tickets.example/lux',
  admission: 'from',
  priceFrom: 25,
  currency: 'EUR',
} as const;
