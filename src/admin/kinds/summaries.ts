/**
 * How an item reads in the admin: its name (the first line of text it has, in the admin's language), and the facts a
 * list shows in one human line ("From 150 EUR per track · 3–5 days", "mix-final.wav · 3:12 · Ready"), never field
 * names or ids. Plain functions of a stored value, so the list editor, the selects and the dashboard say an item the
 * same way, and a test reads them without rendering.
 */
import type { Kind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import { LANGUAGES, type Language } from '../../content/model';
import { platformOf, PLATFORMS } from '../../content/platforms';
import { abroad } from '../../content/shows';
import { fill } from '../media/words';
import { ADMIN_WORDS as W, type PluralWords } from '../words';
import { adminLanguage, adminLocale, localeOf } from '../language';
import { say, wordsOf, type Item, type Value } from './form-model';

/** The admin's locale for numbers and dates, read when called (the header's switch changes it). */
export { adminLocale };

/** A counted phrase ("1 day", "3 zile", "20 de zile"), `{n}` filled with the number, in the admin's language by default. */
export function plural(words: PluralWords, n: number, language: Language = adminLanguage()): string {
  const forms = words[language];
  const locale = localeOf(language);
  return fill(forms[new Intl.PluralRules(locale).select(n)] ?? forms.other, { n: new Intl.NumberFormat(locale).format(n) });
}

/** A range counted ("3–5 days", "18–25 de zile"): the words agree with the range as the language says it. */
export function pluralRange(words: PluralWords, from: number, to: number, language: Language = adminLanguage()): string {
  if (from === to) return plural(words, from, language);
  const forms = words[language];
  const locale = localeOf(language);
  // selectRange (ES2023's Intl, in every browser the admin supports) is not in TypeScript's library yet.
  const rules = new Intl.PluralRules(locale) as Intl.PluralRules & { selectRange?(start: number, end: number): Intl.LDMLPluralRule };
  const category = rules.selectRange ? rules.selectRange(from, to) : rules.select(to);
  const number = new Intl.NumberFormat(locale);
  return fill(forms[category] ?? forms.other, { n: `${number.format(from)}–${number.format(to)}` });
}

/** A field's text in the admin's language: the field itself, or its copy in the admin's language, else in another one. */
export function textOf(item: Value, name: string): string {
  if (typeof item[name] === 'string') return (item[name] as string).trim();
  const own = adminLanguage();
  for (const language of [own, ...LANGUAGES.filter((l) => l !== own)]) {
    const text = item[`${name}_${language}`];
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return '';
}

/** The field that names an item: its first one-line text (a title, a name), else its first text of any length. */
export function nameField(kind: Kind): string | undefined {
  const fields = Object.entries(kind.fields);
  return (fields.find(([, f]) => f.type === 'text') ?? fields.find(([, f]) => f.type === 'longText'))?.[0];
}

/** An item's name for a person ('' when it has none): a release's title, a sample's title in the admin's language. */
export function itemName(kind: Kind, item: Value): string {
  const field = nameField(kind);
  return field ? textOf(item, field) : '';
}

const kindNamed = (name: string) => KINDS.find((k) => k.name === name) as Kind | undefined;

/** A choice's words ("Beat (tagged preview)"), or the value itself for one without words. */
export function optionWords(kindName: string, field: string, value: unknown): string {
  const kind = kindNamed(kindName);
  const words = kind && wordsOf(kind).fields[field]?.options?.[String(value)];
  return words ? say(words) : String(value);
}

// ---- audio ----

/** "3:12" (minutes and seconds; hours when there are any), from milliseconds. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** "−14.2 LUFS": one decimal, a true minus sign, in the admin's locale. */
export function formatLoudness(lufs: number): string {
  const value = new Intl.NumberFormat(adminLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(lufs).replace(/^-/, '\u2212');
  return fill(say(W.loudness), { value });
}

export type AudioStatus = 'ready' | 'processing' | 'failed';
export const statusWords = (status: unknown): string => say(status === 'processing' ? W.processing : status === 'failed' ? W.failed : W.ready);

/** The admin's name of an audio item (the uploaded file's name at first). */
export const audioName = (item: Value): string => String(item.name ?? '').trim() || say(W.untitledAudio);

/** How an audio item reads in a select and a list: "mix-final.wav · 3:12 · Ready" (no duration while it is not known). */
export function audioLabel(item: Value): string {
  const duration = Number(item.durationMs) > 0 ? formatDuration(Number(item.durationMs)) : '';
  return [audioName(item), duration, statusWords(item.status)].filter(Boolean).join(' · ');
}

// ---- per kind: what the list editor shows ----

/** What a list's summary may look at beside the item: the lists its references point at, by list name. */
export interface SummaryContext {
  refs: Record<string, Item[]>;
  /** The items of the list placed on this one (a service's samples), all of them. */
  children?: Item[];
}

export interface Summary {
  /** The item as a person names it (the row's title, the buttons' "Edit …"). */
  title: string;
  /** Its facts in one line, '' for none. */
  line: string;
  /** Something visitors will miss, said beside it ("No audio chosen: visitors do not see it"). */
  warning?: string;
}

/** "From 150 EUR per track" / "No price shown". */
export function priceLine(item: Value): string {
  const price = Number(item.priceFrom);
  if (!(price > 0)) return say(W.priceOnRequest);
  const amount = `${new Intl.NumberFormat(adminLocale()).format(price)} ${String(item.currency ?? '')}`.trim();
  const note = textOf(item, 'priceNote');
  return [fill(say(W.priceFrom), { price: amount }), note].filter(Boolean).join(' ');
}

/** "3–5 days" (the smaller first; one number when equal), '' when no turnaround is shown (0). */
export function daysLine(item: Value): string {
  const [a, b] = [Number(item.daysFrom) || 0, Number(item.daysTo) || 0];
  if (a <= 0 && b <= 0) return '';
  const [from, to] = a > 0 && b > 0 ? [Math.min(a, b), Math.max(a, b)] : [Math.max(a, b), Math.max(a, b)];
  return pluralRange(W.days, from, to);
}

export function serviceSummary(item: Item, ctx: SummaryContext, childrenBy?: string): Summary {
  const samples = childrenBy ? (ctx.children ?? []).filter((c) => c[childrenBy] === item.id).length : undefined;
  const parts = [priceLine(item), daysLine(item), samples === undefined ? '' : samples ? plural(W.samplesCount, samples) : say(W.noSamples)];
  return { title: textOf(item, 'title'), line: parts.filter(Boolean).join(' · ') };
}

export function sampleSummary(item: Item, ctx: SummaryContext): Summary {
  const audio = ctx.refs.audio ?? [];
  const after = audio.find((a) => a.id === item.audio);
  const before = item.before ? audio.find((a) => a.id === item.before) : undefined;
  const kind = optionWords('samples', 'kind', item.kind);
  // The audio by its name and length; its status only when it keeps the sample off the site (the warning).
  const parts = [kind, after ? audioName(after) : '', after && Number(after.durationMs) > 0 ? formatDuration(Number(after.durationMs)) : ''];
  if (before) parts.push(fill(say(W.before), { name: audioName(before) }), say(item.matching === 'off' ? W.notMatched : W.matched));
  let warning: string | undefined;
  if (!item.audio) warning = say(W.noAudioChosen);
  else if (!after) warning = say(W.audioGone);
  else if (after.status === 'failed') warning = fill(say(W.audioFailed), { name: audioName(after) });
  else if (after.status === 'processing') warning = fill(say(W.audioNotReady), { name: audioName(after) });
  return { title: textOf(item, 'title'), line: parts.filter(Boolean).join(' · '), warning };
}

/** "Ana Pop — Ora albastră", with "2025 · Produced, Mixed · Spotify". */
export function creditSummary(item: Item): Summary {
  const title = [textOf(item, 'artist'), textOf(item, 'title')].filter(Boolean).join(' — ');
  const roles = Array.isArray(item.roles) ? item.roles.map((role) => optionWords('credits', 'roles', role)) : [];
  const link = typeof item.link === 'string' ? platformOf(item.link) : undefined;
  const year = Number(item.year) > 0 ? String(item.year) : '';
  return { title, line: [year, roles.length ? roles.join(', ') : say(W.roles), link ? PLATFORMS[link].label : ''].filter(Boolean).join(' · ') };
}

/** The quote's start as the site shows it, with who said it. */
export function testimonialSummary(item: Item): Summary {
  const quote = textOf(item, 'quote').replace(/\s+/g, ' ');
  const short = quote.length > 90 ? `${quote.slice(0, 89).trimEnd()}…` : quote;
  return { title: textOf(item, 'name'), line: [textOf(item, 'role'), short && `“${short}”`].filter(Boolean).join(' · ') };
}

/** One of the link page's own links (issue 31): its label, then its icon's name and its address without https://. */
export function ownLinkSummary(item: Item): Summary {
  const url = typeof item.url === 'string' ? item.url.replace(/^https:\/\//, '').replace(/\/$/, '') : '';
  return { title: textOf(item, 'label'), line: [optionWords('links', 'icon', item.icon), url].filter(Boolean).join(' · ') };
}

/** A press photo (issue 31): "Photo: Ana Pop" beside its thumbnail; said when it has no photographer or no image. */
export function pressPhotoSummary(item: Item): Summary {
  const credit = textOf(item, 'credit');
  return {
    title: credit ? fill(say(W.photoBy), { credit }) : say(W.photoWithoutCredit),
    line: '',
    warning: !item.image ? say(W.pressPhotoNoImage) : !credit ? say(W.pressPhotoNoCredit) : undefined,
  };
}

/** A press quote (issue 31): the publication, then its day and the quote's start. */
export function pressQuoteSummary(item: Item): Summary {
  const quote = textOf(item, 'quote').replace(/\s+/g, ' ');
  const short = quote.length > 90 ? `${quote.slice(0, 89).trimEnd()}…` : quote;
  return { title: textOf(item, 'outlet'), line: [wallTime(item.date), short && `“${short}”`].filter(Boolean).join(' · ') };
}

// ---- lists that read like the site (issue 22): never field names, slugs or file names ----

/** A wall time ("2026-12-31T22:00", on its own clock) in the admin's language: "31 Dec 2026", "Sat 31 Dec 2026, 22:00". */
export function wallTime(local: unknown, options: { weekday?: boolean; time?: 'always' | 'unless-midnight' } = {}): string {
  const m = typeof local === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(local) : null;
  if (!m) return '';
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
  const time = options.time === 'always' || (options.time === 'unless-midnight' && (h !== '00' || mi !== '00'));
  return new Intl.DateTimeFormat(adminLocale(), {
    timeZone: 'UTC',
    ...(options.weekday && { weekday: 'short' }),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  }).format(date);
}

/** A group of links by its platforms' names ("Spotify, Apple Music, YouTube"), from the kind's words. */
export function linksLine(kindName: string, field: string, value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const words = kindNamed(kindName) && wordsOf(kindNamed(kindName)!).fields[field]?.links;
  const names = Object.entries(value as Record<string, unknown>)
    .filter(([, link]) => typeof link === 'string' && link)
    .map(([key]) => (words?.[key] ? say(words[key].label) : key));
  // Three platforms, then how many more: a line, not a paragraph, on a phone.
  return names.length > 4 ? fill(say(W.andMore), { names: names.slice(0, 3).join(', '), n: names.length - 3 }) : names.join(', ');
}

/** "Single · 16 Dec 2026 · Spotify, Apple Music" (its state, Draft / Scheduled / Published, is added by the list). */
export function releaseSummary(item: Item): Summary {
  const parts = [optionWords('releases', 'kind', item.kind), wallTime(item.date, { time: 'unless-midnight' }), linksLine('releases', 'links', item.links)];
  return { title: textOf(item, 'title'), line: parts.filter(Boolean).join(' · ') };
}

/** A country's name in the admin's language from its code ("RO" → "Romania"), or the code. */
function countryName(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/.test(code)) return '';
  try {
    return new Intl.DisplayNames([adminLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A show: "Control, Bucharest" (its country too when abroad), with "Sat 31 Dec 2026, 22:00 · DJ set · Sold out" on the
 * venue's clock (its state only when it is not the usual Scheduled; Draft / Published is added by the list).
 */
export function showSummary(item: Item): Summary {
  const country = abroad({ country: textOf(item, 'country') }) ? countryName(item.country) : '';
  const title = [textOf(item, 'venue'), textOf(item, 'city'), country].filter(Boolean).join(', ');
  const state = item.state && item.state !== 'scheduled' ? optionWords('shows', 'state', item.state) : '';
  const parts = [wallTime(item.start, { weekday: true, time: 'always' }), item.kind ? optionWords('shows', 'kind', item.kind) : '', state];
  return { title, line: parts.filter(Boolean).join(' · ') };
}
