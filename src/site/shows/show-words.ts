/**
 * The shows' words, in their own small dictionary (not the page's): only the parts that show shows (the Music
 * section's block, the list page, a show's page, the server's head and calendars) carry them, so the home page's
 * entry does not grow (docs/decisions/0034-shows-on-the-site.md). Romanian as a fan reads it, every word Romanian
 * (docs/decisions/0039-the-public-page-with-a-real-catalogue.md): „Bilete epuizate” (as Romanian ticket shops also
 * print it beside „Sold out”), „Set live”, „Set DJ”; buttons as Romanian apps word them, other lines address no one.
 */
import type { Language } from '../../content/constants';
import type { Show } from '../../content/model';
import { showStart, showZone, wallInstant } from '../../content/shows';
import { dateOnClock } from '../../content/show-view';

const words = {
  en: {
    upcoming: 'Upcoming shows',
    shows: 'Shows',
    all: 'All shows',
    allPast: 'All shows, past ones too',
    none: 'No shows announced right now.',
    tickets: 'Tickets',
    calendar: 'Add to calendar',
    'sold-out': 'Sold out',
    cancelled: 'Cancelled',
    postponed: 'Postponed: new date to be announced',
    rescheduled: 'Rescheduled (first announced for {date})',
    localTime: 'local time',
    free: 'Free entry',
    from: 'From {price}',
    'live-set': 'Live set',
    'dj-set': 'DJ set',
    concert: 'Concert',
    festival: 'Festival',
  },
  ro: {
    upcoming: 'Concerte',
    shows: 'Concerte',
    all: 'Toate concertele',
    allPast: 'Toate concertele, și cele trecute',
    none: 'Niciun concert anunțat deocamdată.',
    tickets: 'Bilete',
    calendar: 'Adaugă în calendar',
    'sold-out': 'Bilete epuizate',
    cancelled: 'Anulat',
    postponed: 'Amânat: noua dată va fi anunțată',
    rescheduled: 'Reprogramat (anunțat inițial pentru {date})',
    localTime: 'ora locală',
    free: 'Intrare liberă',
    from: 'De la {price}',
    'live-set': 'Set live',
    'dj-set': 'Set DJ',
    concert: 'Concert',
    festival: 'Festival',
  },
} as const;

export type ShowWord = keyof (typeof words)['en'];

export function showWord(lang: Language, key: ShowWord, vars: Record<string, string> = {}): string {
  return words[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** A show's start on the venue's clock: `{ iso, date, time }` (iso for <time dateTime>, with its offset). */
export function showWhen(show: Show, lang: Language, long = false): { at: number; date: string; time: string } {
  const at = showStart(show)!;
  return { at, ...dateOnClock(at, showZone(show), lang, long) };
}

/** What a show's state says besides its date ('' for scheduled): a rescheduled one names the date it had. */
export function stateText(show: Show, lang: Language): string {
  if (show.state === 'scheduled') return '';
  if (show.state !== 'rescheduled') return showWord(lang, show.state);
  const before = wallInstant(show.previousStart, showZone(show));
  return before === undefined
    ? showWord(lang, 'rescheduled', { date: '' }).replace(/ \(.*\)$/, '')
    : showWord(lang, 'rescheduled', { date: dateOnClock(before, showZone(show), lang).date });
}

const prices = new Map<string, Intl.NumberFormat>();
function priceFormat(lang: Language, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${lang} ${currency} ${whole}`;
  let format = prices.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'ro' ? 'ro-RO' : 'en-GB', { style: 'currency', currency, maximumFractionDigits: whole ? 0 : 2 });
    prices.set(key, format);
  }
  return format;
}

/** The admission as a line ("From €25", "Free entry"), '' when not said. */
export function admissionText(show: Show, lang: Language): string {
  const note = show[`priceNote_${lang}`].trim();
  const price =
    show.admission === 'free'
      ? showWord(lang, 'free')
      : show.admission === 'from' && show.priceFrom > 0
        ? showWord(lang, 'from', {
            price: priceFormat(lang, show.currency, Number.isInteger(show.priceFrom)).format(show.priceFrom),
          })
        : '';
  return [price, note].filter(Boolean).join(' · ');
}

/** Whether its Tickets button is offered: a ticket link, and neither sold out, cancelled nor postponed. */
export const sellsTickets = (show: Show): boolean => Boolean(show.tickets) && (show.state === 'scheduled' || show.state === 'rescheduled');
