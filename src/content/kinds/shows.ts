/**
 * Live dates (issue 23): each show with its start on the venue's own clock (an IANA time zone per show, the artist's
 * by default), its venue, city and country, tickets and price, its state (scheduled, sold out, cancelled, postponed,
 * rescheduled with the previous date kept), a poster from Media, words per language, an address
 * (/en/shows/<slug>/, /ro/concerte/<slug>/) and draft or published. A show is past once it ends on its own clock
 * (its end, or its start plus SHOW_DEFAULT_HOURS when it has none), by itself, as a scheduled release goes out.
 *
 * The stored shape is the contract between the model, the server, the public pages, the calendars and Firebase:
 * names and values here do not change without a migration.
 */
import { siteConfig } from '../../../site.config';
import { choice, country, dateTime, decimal, image, link, list, longText, slug, text, timeZone, type KindWords } from '../fields/declare';

/** What kind of performance it is, in the order the admin offers them. */
export const SHOW_KINDS = ['live-set', 'dj-set', 'concert', 'festival'] as const;
export type ShowKind = (typeof SHOW_KINDS)[number];

/** Where a show stands; `rescheduled` keeps the date it had in `previousStart`; `postponed` has no new date yet. */
export const SHOW_STATES = ['scheduled', 'sold-out', 'cancelled', 'postponed', 'rescheduled'] as const;
export type ShowState = (typeof SHOW_STATES)[number];

/** The currencies a ticket price may be in (the services' three and the ones of the festivals he plays abroad). */
export const SHOW_CURRENCIES = ['EUR', 'RON', 'USD', 'GBP', 'CHF', 'HUF', 'BGN', 'PLN', 'CZK'] as const;

/** How admission is told: a price from (priceFrom + currency), free, or nothing said (the ticket link tells). */
export const SHOW_ADMISSION = ['unknown', 'from', 'free'] as const;

/** A show without an end is taken to last this long (past, calendars' DTEND, JSON-LD stays without endDate). */
export const SHOW_DEFAULT_HOURS = 4;

export const shows = list({
  name: 'shows',
  item: 'show',
  max: 500,
  // 'draft' first: nothing goes public unless the admin chooses Publish (issue 22).
  publicWhen: { field: 'status', equals: 'published' },
  // In the order the admin's form reads: where, on which clock, when, what, its state, tickets, the rest.
  fields: {
    status: choice({ options: ['draft', 'published'] }),
    venue: text({ max: 120, min: 1 }),
    /** The city's own name, as its people write it ("București", "Wien", "Lisboa"): the address's and the JSON-LD's. */
    city: text({ max: 80, min: 1 }),
    /**
     * The city's name in each language where it differs from its own ("Bucharest", "Viena"), optional: the page, the
     * calendars and the letters say it in their language (showCity, src/content/show-view.ts); '' is the own name.
     */
    cityName: text({ max: 80, perLanguage: true }),
    /** ISO 3166-1 alpha-2 code in capitals ("RO", "PT"; src/content/places.ts); shown as a name in the visitor's language (Intl.DisplayNames). */
    country: country({}),
    /** Street address, optional (the JSON-LD's streetAddress). */
    address: text({ max: 200 }),
    /** The IANA time zone of the venue ("Europe/Lisbon"), one Node's Intl knows; '' is the artist's (site.config.ts). */
    timeZone: timeZone({}),
    /**
     * Wall time `YYYY-MM-DDTHH:mm` on the venue's clock (timeZone); must exist there. Only when that clock repeats the
     * time (the hour repeated in autumn) does it carry the UTC offset that says which of the two is meant:
     * `2026-10-25T03:30+03:00` (the first, summer time) or `2026-10-25T03:30+02:00` (the second); read it with
     * zonedInstant() and show it with wallTime() (src/content/zoned-time.ts). The same for end, doors, previousStart.
     */
    start: dateTime({ zone: siteConfig.artist.timeZone, zoneField: 'timeZone', required: true }),
    /** Optional doors time, a full wall time on the same clock; not after start. */
    doors: dateTime({ zone: siteConfig.artist.timeZone, zoneField: 'timeZone' }),
    /** Optional; after start. */
    end: dateTime({ zone: siteConfig.artist.timeZone, zoneField: 'timeZone' }),
    kind: choice({ options: SHOW_KINDS }),
    state: choice({ options: SHOW_STATES }),
    /** When `state` is rescheduled: the date it had (same clock; required then); '' otherwise. */
    previousStart: dateTime({ zone: siteConfig.artist.timeZone, zoneField: 'timeZone' }),
    /** The ticket shop: https, any host; '' none. */
    tickets: link({}),
    admission: choice({ options: SHOW_ADMISSION }),
    /** With admission 'from': the lowest price (required then, more than 0). */
    priceFrom: decimal({ min: 0, max: 100_000 }),
    currency: choice({ options: SHOW_CURRENCIES }),
    /** A line about the price in each language ("Early bird until 1 May"); optional. */
    priceNote: text({ max: 80, perLanguage: true }),
    poster: image({}),
    description: longText({ max: 2000, perLanguage: true }),
    /** The address part, made from the start's date, the city and the venue ("2026-12-31-bucuresti-control"), kept after. */
    slug: slug({ from: ['start', 'city', 'venue'], max: 100 }),
  },
  // Checked with the whole show on every backend (src/content/fields/schema.ts), each refusal on its field.
  checks: [
    { check: 'later', field: 'end', than: 'start' },
    { check: 'notLater', field: 'doors', than: 'start' },
    { check: 'requiredWhen', field: 'previousStart', when: { field: 'state', equals: 'rescheduled' } },
    { check: 'requiredWhen', field: 'priceFrom', when: { field: 'admission', equals: 'from' } },
  ],
});

export const showsWords = {
  label: { en: 'Shows', ro: 'Concerte' },
  fields: {
    status: {
      label: { en: 'Status', ro: 'Stare' },
      options: { draft: { en: 'Draft', ro: 'Ciornă' }, published: { en: 'Published', ro: 'Publicat' } },
    },
    venue: {
      label: { en: 'Venue', ro: 'Locul' },
      help: { en: 'The club, hall or festival, as the poster names it.', ro: 'Clubul, sala sau festivalul, așa cum apare pe afiș.' },
    },
    city: {
      label: { en: 'City', ro: 'Oraș' },
      help: {
        en: 'As it is written there (București, Wien, Lisboa): the address keeps it.',
        ro: 'Cum se scrie acolo (București, Wien, Lisboa): adresa îl păstrează.',
      },
    },
    cityName: {
      label: { en: 'City’s name in this language (optional)', ro: 'Numele orașului în această limbă (opțional)' },
      help: {
        en: 'When the language says it otherwise: Bucharest, Vienna, Lisbon; Viena, Lisabona, Praga. Empty: as above.',
        ro: 'Când limba îl spune altfel: Bucharest, Vienna, Lisbon; Viena, Lisabona, Praga. Gol: ca mai sus.',
      },
    },
    country: { label: { en: 'Country', ro: 'Țară' } },
    address: { label: { en: 'Street address (optional)', ro: 'Adresa (opțional)' } },
    timeZone: {
      label: { en: 'Venue time zone', ro: 'Fusul orar al locului' },
      help: {
        en: `The times below are on the venue’s clock. Empty: yours (${siteConfig.artist.timeZone}).`,
        ro: `Orele de mai jos sunt după ceasul locului. Gol: al dumneavoastră (${siteConfig.artist.timeZone}).`,
      },
    },
    start: { label: { en: 'Starts', ro: 'Începe' } },
    doors: { label: { en: 'Doors open (optional)', ro: 'Deschiderea porților (opțional)' } },
    end: { label: { en: 'Ends (optional)', ro: 'Se termină (opțional)' } },
    kind: {
      label: { en: 'Kind', ro: 'Tip' },
      options: {
        'live-set': { en: 'Live set', ro: 'Set live' },
        'dj-set': { en: 'DJ set', ro: 'Set DJ' },
        concert: { en: 'Concert', ro: 'Concert' },
        festival: { en: 'Festival', ro: 'Festival' },
      },
    },
    state: {
      label: { en: 'State', ro: 'Situație' },
      options: {
        scheduled: { en: 'Scheduled', ro: 'Programat' },
        'sold-out': { en: 'Sold out', ro: 'Bilete epuizate' },
        cancelled: { en: 'Cancelled', ro: 'Anulat' },
        postponed: { en: 'Postponed (date to be announced)', ro: 'Amânat (data va fi anunțată)' },
        rescheduled: { en: 'Rescheduled', ro: 'Reprogramat' },
      },
    },
    previousStart: {
      label: { en: 'Previous date (when rescheduled)', ro: 'Data anterioară (la reprogramare)' },
      help: {
        en: 'Required when the state is Rescheduled: when it was to start, on the same clock.',
        ro: 'Obligatorie când situația este Reprogramat: când urma să înceapă, după același ceas.',
      },
    },
    tickets: {
      label: { en: 'Ticket link', ro: 'Link pentru bilete' },
      help: {
        en: 'An https:// link to the ticket shop (any site). Empty: no Tickets button.',
        ro: 'Un link https:// către magazinul de bilete (orice site). Gol: fără butonul Bilete.',
      },
    },
    admission: {
      label: { en: 'Admission', ro: 'Intrare' },
      options: {
        unknown: { en: 'Not said', ro: 'Nespecificată' },
        from: { en: 'Price from', ro: 'Preț de la' },
        free: { en: 'Free', ro: 'Liberă' },
      },
    },
    priceFrom: {
      label: { en: 'Price from', ro: 'Preț de la' },
      help: {
        en: 'Required with “Price from”: the lowest price, in the currency below.',
        ro: 'Obligatoriu la „Preț de la”: cel mai mic preț, în moneda de mai jos.',
      },
    },
    currency: {
      label: { en: 'Currency', ro: 'Monedă' },
      options: {
        EUR: { en: 'EUR', ro: 'EUR' },
        RON: { en: 'RON', ro: 'RON' },
        USD: { en: 'USD', ro: 'USD' },
        GBP: { en: 'GBP', ro: 'GBP' },
        CHF: { en: 'CHF', ro: 'CHF' },
        HUF: { en: 'HUF', ro: 'HUF' },
        BGN: { en: 'BGN', ro: 'BGN' },
        PLN: { en: 'PLN', ro: 'PLN' },
        CZK: { en: 'CZK', ro: 'CZK' },
      },
    },
    priceNote: { label: { en: 'Price note (optional)', ro: 'Notă despre preț (opțional)' } },
    poster: { label: { en: 'Poster (optional)', ro: 'Afiș (opțional)' }, help: { en: 'From Media, or uploaded here.', ro: 'Din Media sau încărcat aici.' } },
    description: { label: { en: 'Description', ro: 'Descriere' } },
    slug: {
      label: { en: 'Page address', ro: 'Adresa paginii' },
      help: {
        en: 'The end of the show page’s address (/en/shows/…). Made from the date, city and venue when empty; kept when they change.',
        ro: 'Finalul adresei paginii concertului (/ro/concerte/…). Se face din dată, oraș și loc dacă e gol; rămâne la fel când acestea se schimbă.',
      },
    },
  },
} satisfies KindWords<typeof shows>;
