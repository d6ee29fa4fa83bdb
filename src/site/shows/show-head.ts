/**
 * Server-side only (the head of the shows' pages, with render-head.ts): a show's MusicEvent JSON-LD as Google's event
 * rich results read it (https://developers.google.com/search/docs/appearance/structured-data/event), and the titles and
 * descriptions of the list page and a show's page.
 */
import { siteConfig } from '../../../site.config';
import type { Language, Show } from '../../content/model';
import { showZone, wallInstant } from '../../content/shows';
import { isoOnClock, showCity } from '../../content/show-view';
import { safeHttps } from '../../lib/safe-url';
import { pageWord } from './show-page-words';
import { showWhen } from './show-words';

const SCHEMA = 'https://schema.org/';

/** schema.org's EventStatusType of a show's state (sold out is still a scheduled event: its offer says SoldOut). */
const EVENT_STATUS: Record<Show['state'], string> = {
  scheduled: 'EventScheduled',
  'sold-out': 'EventScheduled',
  cancelled: 'EventCancelled',
  postponed: 'EventPostponed',
  rescheduled: 'EventRescheduled',
};

export interface EventJsonLdInput {
  show: Show;
  lang: Language;
  /** The show page's absolute address. */
  url: string;
  /** Absolute address of its image (the poster, else the portrait's card). */
  image: string;
  /** The artist's profiles (MusicGroup's sameAs). */
  sameAs: string[];
}

/** A show as schema.org's MusicEvent: startDate (and endDate, previousStartDate, doorTime) with the venue's UTC offset. */
export function showJsonLd({ show, lang, url, image, sameAs }: EventJsonLdInput) {
  const zone = showZone(show);
  const at = (local: string) => {
    const t = wallInstant(local, zone);
    return t === undefined ? undefined : isoOnClock(t, zone);
  };
  const start = at(show.start)!;
  const end = at(show.end);
  const doors = at(show.doors);
  const previous = show.state === 'rescheduled' ? at(show.previousStart) : undefined;
  const description = show[`description_${lang}`].trim();
  const tickets = safeHttps(show.tickets, '');
  const price = show.admission === 'free' ? 0 : show.admission === 'from' && show.priceFrom > 0 ? show.priceFrom : undefined;
  const offers =
    tickets || show.admission === 'free'
      ? {
          '@type': 'Offer',
          url: tickets || url,
          ...(price !== undefined && { price, priceCurrency: show.currency }),
          availability: `${SCHEMA}${show.state === 'sold-out' ? 'SoldOut' : 'InStock'}`,
        }
      : undefined;
  const artist = siteConfig.artist.name;
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: pageWord(lang, 'title', { artist, venue: show.venue, city: showCity(show, lang) }),
    url,
    startDate: start,
    ...(end && { endDate: end }),
    ...(doors && { doorTime: doors }),
    eventStatus: `${SCHEMA}${EVENT_STATUS[show.state]}`,
    ...(previous && { previousStartDate: previous }),
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: show.venue,
      address: {
        '@type': 'PostalAddress',
        ...(show.address.trim() && { streetAddress: show.address.trim() }),
        // The city's own name (Lisboa), as maps and search engines know it; the name above is in the page's language.
        addressLocality: show.city,
        addressCountry: show.country,
      },
    },
    image: [image],
    ...(description && { description }),
    performer: { '@type': 'MusicGroup', name: artist, url: new URL('/', siteConfig.siteUrl).href, sameAs },
    ...(offers && { offers }),
    inLanguage: lang,
  };
}

/** A show page's title and description, in its language. */
export function showHeadText(show: Show, lang: Language): { title: string; description: string } {
  const artist = siteConfig.artist.name;
  const when = showWhen(show, lang, true);
  const text = show[`description_${lang}`].trim().split('\n')[0]!.slice(0, 300);
  return {
    title: pageWord(lang, 'title', { artist, venue: show.venue, city: showCity(show, lang) }),
    description: text || pageWord(lang, 'description', { artist, venue: show.venue, city: showCity(show, lang), date: when.date, time: when.time }),
  };
}

/** The list page's title and description. */
export function showsHeadText(lang: Language): { title: string; description: string } {
  const artist = siteConfig.artist.name;
  return { title: pageWord(lang, 'listTitle', { artist }), description: pageWord(lang, 'listDescription', { artist }) };
}
