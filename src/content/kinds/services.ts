/**
 * What the artist sells (the spec's four services, now content): each with its words per language, a price "from",
 * a turnaround, what it includes, and the booking form's service its "Get in touch" preselects. The samples placed on
 * a service are a list of their own (./samples.ts), each naming its service. Shown in the Services section, in the
 * admin's order, with `Service` JSON-LD.
 */
import { BOOKING_SERVICES } from '../booking';
import { choice, list, longText, text, wholeNumber, type KindWords } from '../fields/declare';

/** The currencies a price may be in, in the order the admin offers them. */
export const CURRENCIES = ['EUR', 'RON', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The most a price or a turnaround may say: a price of 0 or a turnaround of 0 days is not shown. */
export const PRICE_MAX = 100_000;
export const DAYS_MAX = 365;

export const services = list({
  name: 'services',
  item: 'service',
  max: 12,
  fields: {
    title: text({ max: 80, perLanguage: true }),
    description: longText({ max: 600, perLanguage: true }),
    /** The lowest price, a whole number; 0: no price shown (the card says to ask). */
    priceFrom: wholeNumber({ min: 0, max: PRICE_MAX }),
    currency: choice({ options: CURRENCIES }),
    /** What the price is for ("per track", "per song"); '' says nothing. */
    priceNote: text({ max: 60, perLanguage: true }),
    /** The turnaround in days, from–to (the page shows the smaller first; equal: one number); 0: not shown. */
    daysFrom: wholeNumber({ min: 0, max: DAYS_MAX }),
    daysTo: wholeNumber({ min: 0, max: DAYS_MAX }),
    /** What is included: one thing per line. */
    included: longText({ max: 600, perLanguage: true }),
    /** The booking form's service that "Get in touch" preselects. */
    booking: choice({ options: BOOKING_SERVICES }),
  },
});

export const servicesWords = {
  label: { en: 'Services', ro: 'Servicii' },
  fields: {
    title: { label: { en: 'Title', ro: 'Titlu' } },
    description: { label: { en: 'Description', ro: 'Descriere' } },
    priceFrom: {
      label: { en: 'Price from', ro: 'Preț de la' },
      help: { en: 'A whole number. 0 shows no price.', ro: 'Un număr întreg. La 0 nu se afișează prețul.' },
    },
    currency: {
      label: { en: 'Currency', ro: 'Monedă' },
      options: { EUR: { en: 'EUR', ro: 'EUR' }, RON: { en: 'RON', ro: 'RON' }, USD: { en: 'USD', ro: 'USD' } },
    },
    priceNote: {
      label: { en: 'Price note', ro: 'Precizare preț' },
      help: { en: 'What the price is for, such as “per track”.', ro: 'Pentru ce este prețul, de exemplu „per piesă”.' },
    },
    daysFrom: {
      label: { en: 'Turnaround from (days)', ro: 'Termen de la (zile)' },
      help: { en: '0 shows no turnaround.', ro: 'La 0 nu se afișează termenul.' },
    },
    daysTo: { label: { en: 'Turnaround to (days)', ro: 'Termen până la (zile)' } },
    included: {
      label: { en: 'What is included', ro: 'Ce include' },
      help: { en: 'One thing per line.', ro: 'Câte un lucru pe rând.' },
    },
    booking: {
      label: { en: 'Booking form service', ro: 'Serviciul din formularul de rezervare' },
      help: {
        en: 'What “Get in touch” chooses in the booking form.',
        ro: 'Ce alege „Ia legătura cu mine” în formularul de rezervare.',
      },
      options: {
        beat: { en: 'Custom beat', ro: 'Beat personalizat' },
        mixing: { en: 'Mixing', ro: 'Mixaj' },
        mastering: { en: 'Mastering', ro: 'Masterizare' },
        collab: { en: 'Collab', ro: 'Colaborare' },
        live: { en: 'Live show / DJ set', ro: 'Concert / set DJ' },
        other: { en: 'Something else', ro: 'Altceva' },
      },
    },
  },
} satisfies KindWords<typeof services>;
