/** A show page's head: its MusicEvent JSON-LD checked against Google's event rich results (our checker), title, addresses. */
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '../../content/page-data';
import { makeShow } from '../../content/show-fixtures';
import type { PublicContent } from '../../content/model';
import { renderHead } from '../render-head';
import { checkEvent } from './event-rich-results';

const SHOWS = [
  makeShow({
    id: 'bucuresti',
    slug: 'bucuresti',
    start: '2030-03-14T22:00',
    end: '2030-03-15T04:00',
    tickets: 'https://iabilet.example/c',
    admission: 'from',
    priceFrom: 60,
    currency: 'RON',
    address: 'Strada Constantin Mille 4',
    description_en: 'An all-night live set.',
    description_ro: 'Un live set toată noaptea.',
  }),
  makeShow({
    id: 'lisboa',
    slug: 'lisboa',
    start: '2030-07-04T21:00',
    timeZone: 'Europe/Lisbon',
    venue: 'Lux Frágil',
    city: 'Lisboa',
    country: 'PT',
    kind: 'festival',
    tickets: 'https://lux.example/t',
    admission: 'from',
    priceFrom: 25,
    currency: 'EUR',
  }),
  makeShow({
    id: 'sold',
    slug: 'sold',
    start: '2030-04-01T21:00',
    state: 'sold-out',
    tickets: 'https://t.example/s',
    admission: 'from',
    priceFrom: 80,
    currency: 'RON',
  }),
  makeShow({ id: 'cancelled', slug: 'cancelled', start: '2030-05-01T21:00', state: 'cancelled', tickets: 'https://t.example/c' }),
  makeShow({ id: 'postponed', slug: 'postponed', start: '2030-05-09T21:00', state: 'postponed' }),
  makeShow({
    id: 'moved',
    slug: 'moved',
    start: '2030-10-27T03:30+02:00',
    previousStart: '2030-06-01T21:00',
    state: 'rescheduled',
    admission: 'free',
    city: 'Cluj-Napoca',
    venue: 'Form Space',
  }),
];
const content: PublicContent = { ...EMPTY_CONTENT, shows: SHOWS };
const jsonLd = (head: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!) as Record<string, unknown>;
const head = (slug: string, lang: 'en' | 'ro' = 'en') => renderHead(lang, `/${lang}/`, content, undefined, { page: 'shows', slug });

describe('a show page’s MusicEvent', () => {
  it.each(SHOWS.map((s) => s.slug))('%s meets Google’s required properties, and its recommended ones but the organizer and validFrom', (slug) => {
    const report = checkEvent(jsonLd(head(slug)));
    expect(report.errors).toEqual([]);
    // Not known to Scena: who organises, when sales opened, the region and postcode; what the admin left unsaid (price, end…).
    const known = [
      'organizer',
      'offers.validFrom',
      'location.address.addressRegion',
      'location.address.postalCode',
      'location.address.streetAddress',
      'description',
      'endDate',
      'offers',
      'offers.price',
    ];
    expect(report.warnings.filter((w) => !known.includes(w))).toEqual([]);
  });

  it('says when on the venue’s clock, with its offset, and what its state is', () => {
    const lisbon = jsonLd(head('lisboa'));
    expect(lisbon.startDate).toBe('2030-07-04T21:00:00+01:00');
    expect(lisbon.location).toEqual({
      '@type': 'Place',
      name: 'Lux Frágil',
      address: { '@type': 'PostalAddress', addressLocality: 'Lisboa', addressCountry: 'PT' },
    });
    expect(lisbon.offers).toEqual({
      '@type': 'Offer',
      url: 'https://lux.example/t',
      price: 25,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect((lisbon.performer as Record<string, unknown>)['@type']).toBe('MusicGroup');
    expect(((lisbon.performer as Record<string, unknown>).sameAs as string[]).length).toBeGreaterThan(0);
    const bucuresti = jsonLd(head('bucuresti'));
    expect([bucuresti.startDate, bucuresti.endDate]).toEqual(['2030-03-14T22:00:00+02:00', '2030-03-15T04:00:00+02:00']);
    expect((bucuresti.location as { address: { streetAddress: string } }).address.streetAddress).toBe('Strada Constantin Mille 4');
    expect((jsonLd(head('sold')).offers as Record<string, unknown>).availability).toBe('https://schema.org/SoldOut');
    expect(jsonLd(head('cancelled')).eventStatus).toBe('https://schema.org/EventCancelled');
    expect(jsonLd(head('postponed')).eventStatus).toBe('https://schema.org/EventPostponed');
    const moved = jsonLd(head('moved'));
    // The second 03:30 of the night the clocks go back (its offset says which), and the date it had before.
    expect([moved.eventStatus, moved.startDate, moved.previousStartDate]).toEqual([
      'https://schema.org/EventRescheduled',
      '2030-10-27T03:30:00+02:00',
      '2030-06-01T21:00:00+03:00',
    ]);
    expect(moved.offers).toEqual({
      '@type': 'Offer',
      url: 'https://tudorvale.ro/en/shows/moved/',
      price: 0,
      priceCurrency: 'RON',
      availability: 'https://schema.org/InStock',
    });
  });

  it('has its own title, description, canonical and hreflang pair in each language, and a card image', () => {
    const ro = head('lisboa', 'ro');
    expect(ro).toContain('<title>Tudor Vale live · Lux Frágil, Lisboa</title>');
    expect(ro).toContain('<link rel="canonical" href="https://tudorvale.ro/ro/concerte/lisboa/">');
    expect(ro).toContain('<link rel="alternate" hreflang="en" href="https://tudorvale.ro/en/shows/lisboa/">');
    expect(ro).toContain('<link rel="alternate" hreflang="ro" href="https://tudorvale.ro/ro/concerte/lisboa/">');
    expect(ro).toMatch(/<meta name="description" content="Tudor Vale live la Lux Frágil, Lisboa: [^"]+ 2030, ora 21:00 \(ora locală\)\.">/);
    expect(ro).toContain('<meta property="og:image" content="https://tudorvale.ro/og-image.png">');
    expect(head('bucuresti')).toContain('<meta name="description" content="An all-night live set.">');
    // The checker itself refuses what Google refuses.
    expect(checkEvent({ '@type': 'MusicEvent', name: 'x', startDate: '2030-07-04T21:00', location: { '@type': 'Place' } }).errors).toEqual([
      'startDate: ISO 8601 with a UTC offset',
      'location.address: a PostalAddress',
    ]);
  });
});
