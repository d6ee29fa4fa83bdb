/** How the Services section words prices, turnarounds, credits and quotes, and which samples it can play. */
import { describe, expect, it } from 'vitest';
import { fullItem } from '../../content/fields/declare';
import { audio, credits, samples, services, testimonials } from '../../content/kinds';
import type { AudioItem, Service } from '../../content/model';
import { SEED_SERVICES } from '../../content/seed';
import { EMPTY_CONTENT } from '../../content/page-data';
import { creditRoles, creditsInOrder, includedLines, priceLine, priceText, samplesOf, shownServices, shownTestimonials, turnaroundText } from './service-words';

const priced = (s: Partial<Service>) => fullItem(services, { id: 's', title_en: 'Mixing', title_ro: 'Mixaj', ...s });

describe('the price and turnaround line', () => {
  it('says "from 150 EUR · 3–5 days" and „de la 150 EUR · 3–5 zile”, the number and currency kept together', () => {
    const mixing = priced({ priceFrom: 150, currency: 'EUR', daysFrom: 3, daysTo: 5 });
    expect(priceLine(mixing, 'en')).toBe('from 150\u00a0EUR · 3–5 days');
    expect(priceLine(mixing, 'ro')).toBe('de la 150\u00a0EUR · 3–5 zile');
  });

  it('writes numbers the language’s way (1,500 / 1.500) in each currency', () => {
    expect(priceText(priced({ priceFrom: 1500, currency: 'RON' }), 'en')).toBe('from 1,500\u00a0RON');
    expect(priceText(priced({ priceFrom: 1500, currency: 'RON' }), 'ro')).toBe('de la 1.500\u00a0RON');
    expect(priceText(priced({ priceFrom: 99, currency: 'USD' }), 'en')).toBe('from 99\u00a0USD');
  });

  it('leaves out a price of 0 and a turnaround of 0 days, and says nothing when neither is given', () => {
    expect(priceLine(priced({ priceFrom: 0, daysFrom: 2, daysTo: 4 }), 'en')).toBe('2–4 days');
    expect(priceLine(priced({ priceFrom: 60, daysFrom: 0, daysTo: 0 }), 'ro')).toBe('de la 60\u00a0EUR');
    expect(priceLine(priced({}), 'en')).toBe('');
    expect(SEED_SERVICES.map((service) => priceLine(service, 'ro'))).toEqual(['', '', '', '']);
  });

  it('puts the smaller number first, says one number when both are equal, and one alone when the other is 0', () => {
    expect(turnaroundText(5, 3, 'en')).toBe('3–5 days');
    expect(turnaroundText(3, 3, 'en')).toBe('3 days');
    expect(turnaroundText(3, 3, 'ro')).toBe('3 zile');
    expect(turnaroundText(0, 7, 'en')).toBe('7 days');
    expect(turnaroundText(4, 0, 'ro')).toBe('4 zile');
    expect(turnaroundText(0, 0, 'ro')).toBe('');
  });

  it('follows each language’s plural rules: 1 day, 1 zi; 2–19 zile; 20 de zile (by the last number of a range)', () => {
    expect(turnaroundText(1, 1, 'en')).toBe('1 day');
    expect(turnaroundText(1, 1, 'ro')).toBe('1 zi');
    expect(turnaroundText(2, 2, 'ro')).toBe('2 zile');
    expect(turnaroundText(19, 19, 'ro')).toBe('19 zile');
    expect(turnaroundText(20, 20, 'ro')).toBe('20 de zile');
    expect(turnaroundText(101, 101, 'ro')).toBe('101 zile');
    expect(turnaroundText(120, 120, 'ro')).toBe('120 de zile');
    expect(turnaroundText(1, 2, 'ro')).toBe('1–2 zile');
    expect(turnaroundText(1, 2, 'en')).toBe('1–2 days');
    expect(turnaroundText(14, 21, 'ro')).toBe('14–21 de zile');
    expect(turnaroundText(21, 1, 'en')).toBe('1–21 days');
  });
});

describe('a card’s words', () => {
  it('lists what is included one per line, blank lines left out', () => {
    expect(includedLines(' Stems \n\n  Two revisions\n')).toEqual(['Stems', 'Two revisions']);
    expect(includedLines('')).toEqual([]);
  });

  it('shows the spec’s four services while the admin’s list is empty, and the admin’s otherwise', () => {
    expect(shownServices({ services: [] })).toBe(SEED_SERVICES);
    const own = [priced({ id: 'mine' })];
    expect(shownServices({ services: own })).toBe(own);
  });
});

describe('credits', () => {
  const credit = (id: string, year: number) => fullItem(credits, { id, artist: 'A', title: id, year });

  it('come newest year first, the admin’s order kept within a year', () => {
    const list = [credit('a', 2022), credit('b', 2025), credit('c', 2022), credit('d', 2025), credit('e', 2019)];
    expect(creditsInOrder(list).map((c) => c.id)).toEqual(['b', 'd', 'a', 'c', 'e']);
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('name their roles in the page’s language, in the order given', () => {
    expect(creditRoles(['mixed', 'produced'], 'en')).toBe('Mixed, Produced');
    expect(creditRoles(['co-wrote', 'mastered', 'recorded', 'featured'], 'ro')).toBe('Coautor, Masterizare, Înregistrare, Invitat');
    expect(creditRoles([], 'en')).toBe('');
  });
});

describe('testimonials', () => {
  const quote = (q: Partial<Record<'quote_en' | 'quote_ro' | 'role_en' | 'role_ro' | 'name', string>>) =>
    fullItem(testimonials, { id: 't', name: 'Ana Stan', ...q });

  it('quote in the page’s language, or in the other one marked with its language', () => {
    const both = quote({ quote_en: 'Great mix.', quote_ro: 'Mix excelent.', role_en: 'Singer', role_ro: 'Cântăreață' });
    expect(shownTestimonials([both], 'ro')[0]).toMatchObject({ quote: { text: 'Mix excelent.' }, role: { text: 'Cântăreață' } });
    expect(shownTestimonials([both], 'ro')[0]!.quote.lang).toBeUndefined();
    const english = quote({ quote_en: 'Great mix.', role_en: 'Singer' });
    expect(shownTestimonials([english], 'ro')[0]).toMatchObject({ quote: { text: 'Great mix.', lang: 'en' }, role: { text: 'Singer', lang: 'en' } });
    const romanian = quote({ quote_ro: '  Mix excelent.  ' });
    expect(shownTestimonials([romanian], 'en')[0]).toMatchObject({ quote: { text: 'Mix excelent.', lang: 'ro' }, role: { text: '' } });
  });

  it('leaves out one with no quote in either language, or no name', () => {
    expect(shownTestimonials([quote({}), quote({ quote_en: 'Yes.', name: ' ' })], 'en')).toEqual([]);
  });
});

describe('which samples a card plays', () => {
  const item = (id: string, change: Partial<AudioItem> = {}) =>
    fullItem(audio, { id, name: id, src: `/media/${id.padEnd(64, '0')}`, status: 'ready', durationMs: 30_000, ...change });
  const sample = (id: string, audioId: string, before = '') => fullItem(samples, { id, service: 'mix', title_en: id, audio: audioId, before });
  const content = {
    ...EMPTY_CONTENT,
    samples: [sample('pair', 'a1', 'b1'), sample('gone', 'missing'), sample('busy', 'p1'), sample('single', 'a2', 'failed'), sample('link', 'h1')],
    audio: [
      item('a1'),
      item('b1'),
      item('a2'),
      item('p1', { status: 'processing' }),
      item('failed', { status: 'failed' }),
      item('h1', { src: 'https://cdn.example.com/mix.mp3' }),
    ],
  };

  it('keeps those whose audio is ready and in the snapshot, in order; a missing before makes a single', () => {
    const shown = samplesOf({ id: 'mix' }, content);
    expect(shown.map((s) => [s.sample.id, s.after.id, s.before?.id])).toEqual([
      ['pair', 'a1', 'b1'],
      ['single', 'a2', undefined],
      ['link', 'h1', undefined],
    ]);
    expect(samplesOf({ id: 'other' }, content)).toEqual([]);
    expect(samplesOf({ id: 'mix' }, { samples: content.samples })).toEqual([]);
  });
});
