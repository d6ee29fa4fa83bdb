/**
 * How the Services section says what the content holds, in the page's language: the price and turnaround line, what
 * is included, the credits in their order and with their roles, a quote in the visitor's language (or the other one,
 * marked as such), and which samples can be played. Plain functions: the section renders them, the server's head
 * (JSON-LD) reuses them, the unit tests check them.
 */
import { audioSources } from '../../content/audio';
import type { Language } from '../../content/constants';
import type { AudioItem, Credit, PublicContent, Sample, Service, Testimonial } from '../../content/model';
import { SEED_SERVICES } from '../../content/seed';
import { translate } from '../../i18n/translate';

const LOCALES: Record<Language, string> = { en: 'en-GB', ro: 'ro-RO' };
export const locale = (lang: Language) => LOCALES[lang];

/** A text in the page's language, or, when it has none, the other language's with that language named (`lang`). */
export interface Worded {
  text: string;
  /** Set only when the text is in the other language (the element showing it says so: lang="…"). */
  lang?: Language;
}

type PerLanguage<F extends string> = { [K in `${F}_${Language}`]: string };

/** A field given per language (title_en, title_ro …), in `lang`, falling back to the other language. */
export function worded<F extends string>(item: PerLanguage<F>, field: F, lang: Language): Worded {
  const own = item[`${field}_${lang}` as keyof PerLanguage<F>].trim();
  if (own) return { text: own };
  const other: Language = lang === 'en' ? 'ro' : 'en';
  const text = item[`${field}_${other}` as keyof PerLanguage<F>].trim();
  return text ? { text, lang: other } : { text: '' };
}

/** The services the section shows: the admin's, or the spec's four while there are none (the section is never empty). */
export const shownServices = (content: Pick<PublicContent, 'services'>): Service[] => (content.services.length ? content.services : SEED_SERVICES);

const number = (value: number, lang: Language) => new Intl.NumberFormat(locale(lang)).format(value);

/** "from 1,500 EUR" / "de la 1.500 EUR"; '' for a price of 0 (none given). */
export function priceText(service: Pick<Service, 'priceFrom' | 'currency'>, lang: Language): string {
  if (!(service.priceFrom > 0)) return '';
  return translate(lang, 'services.from', { price: `${number(service.priceFrom, lang)}\u00a0${service.currency}` });
}

/**
 * "3–5 days" / "3–5 zile", "1 day" / "1 zi", "20 de zile": the days in the language's plural form (Intl.PluralRules, by
 * the last number, as Romanian says it), the smaller first, one number when both are equal. A 0 is a day count not
 * given: with one of the two given, that one alone; with neither, ''.
 */
export function turnaroundText(daysFrom: number, daysTo: number, lang: Language): string {
  const given = [daysFrom, daysTo].filter((days) => days > 0).sort((a, b) => a - b);
  if (!given.length) return '';
  const low = given[0]!;
  const high = given[given.length - 1]!;
  const form = new Intl.PluralRules(locale(lang)).select(high);
  const count = low === high ? number(high, lang) : `${number(low, lang)}–${number(high, lang)}`;
  return translate(lang, `services.days.${form === 'one' || form === 'few' ? form : 'other'}`, { count });
}

/** The card's line: "from 150 EUR · 3–5 days", either part alone, or '' when neither is given. */
export function priceLine(service: Pick<Service, 'priceFrom' | 'currency' | 'daysFrom' | 'daysTo'>, lang: Language): string {
  return [priceText(service, lang), turnaroundText(service.daysFrom, service.daysTo, lang)].filter(Boolean).join(' · ');
}

/** What is included: one thing per line, empty lines left out. */
export const includedLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The credits as the page lists them: the newest year first, the admin's order within a year. */
export const creditsInOrder = (credits: readonly Credit[]): Credit[] => [...credits].sort((a, b) => b.year - a.year);

/** A credit's roles in `lang`, in the declaration's order of the admin's choice: "Produced, Mixed". */
export const creditRoles = (roles: readonly Credit['roles'][number][], lang: Language): string =>
  roles.map((role) => translate(lang, `credits.role.${role}`)).join(', ');

/** The testimonials the page can show (a quote in one language at least), each with its quote in `lang` or the other. */
export function shownTestimonials(testimonials: readonly Testimonial[], lang: Language): { testimonial: Testimonial; quote: Worded; role: Worded }[] {
  return testimonials
    .map((testimonial) => ({ testimonial, quote: worded(testimonial, 'quote', lang), role: worded(testimonial, 'role', lang) }))
    .filter(({ quote, testimonial }) => quote.text && testimonial.name.trim());
}

/** A sample the page can play: its audio (and its before) ready and in the page's snapshot. */
export interface ShownSample {
  sample: Sample;
  after: AudioItem;
  /** The before of a pair; absent for a single sample (or a pair whose before is not there). */
  before?: AudioItem;
}

const playable = (item: AudioItem | undefined): item is AudioItem => Boolean(item && item.status === 'ready' && audioSources(item.src).length);

/**
 * A service's samples in the admin's order, those whose audio is in the snapshot and ready; a before that is not
 * there (not ready, removed) leaves the sample without its Before / After switch.
 */
export function samplesOf(service: Pick<Service, 'id'>, content: Pick<PublicContent, 'samples' | 'audio'>): ShownSample[] {
  const audio = (id: string) => content.audio?.find((item) => item.id === id);
  return content.samples.flatMap((sample) => {
    const after = audio(sample.audio);
    if (sample.service !== service.id || !playable(after)) return [];
    const before = sample.before ? audio(sample.before) : undefined;
    return [playable(before) ? { sample, after, before } : { sample, after }];
  });
}
