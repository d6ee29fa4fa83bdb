/**
 * The samples player's plain parts, shared by its markup (./samples.tsx, rendered by the server too) and its engine
 * (./player.ts, the chunk that plays): the waveform's bars, times as words, matched loudness, and the state the two
 * share (a small store: the engine writes it, the markup reads it through useSyncExternalStore).
 */
import type { Language } from '../../content/constants';

/** The two versions of a pair: the work (after, the default) and what it was made from (before). */
export type Side = 'after' | 'before';

/** How many bars a waveform is drawn with, whatever the number of points the backend stored. */
export const BARS = 64;
/** The height of every bar of a waveform that cannot be read (0–1): a flat line, not an invented shape. */
export const FLAT = 0.25;

/**
 * The waveform's `BARS` bar heights (0–1) from its hex outline (two hex digits per point, src/content/kinds/audio.ts):
 * each bar the loudest point of its slice, the loudest of all at full height (the shape is for finding a place, so a
 * quiet recording is drawn as large as a loud one). An outline that is empty, silent or not such hex draws flat.
 */
export function waveformBars(hex: string, bars = BARS): number[] {
  if (!hex || hex.length % 2 || !/^[0-9a-fA-F]+$/.test(hex)) return Array<number>(bars).fill(FLAT);
  const points = Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  const loudest = Math.max(...points);
  if (!loudest) return Array<number>(bars).fill(FLAT);
  return Array.from({ length: bars }, (_, bar) => {
    const from = Math.floor((bar * points.length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * points.length) / bars));
    return Math.max(...points.slice(from, to)) / loudest;
  });
}

/**
 * The volumes (0–1) a pair plays at so that neither wins by being louder: the louder one turned down by the difference
 * of their integrated loudness (ΔLU), gain = 10^(−ΔLU/20), the quieter one at 1; never above 1. Both at 1 when
 * matching is off or either loudness is not known (0).
 */
export function matchedGains(after: number, before: number, matching: string): Record<Side, number> {
  if (!isMatched(after, before, matching)) return { after: 1, before: 1 };
  const gain = (own: number, other: number) => Math.min(1, 10 ** (-Math.max(0, own - other) / 20));
  return { after: gain(after, before), before: gain(before, after) };
}

/** Whether a pair plays at matched loudness: matching on and both loudness values known. */
export const isMatched = (after: number, before: number, matching: string) => matching === 'on' && after !== 0 && before !== 0;

/** "3:07", "1:02:03": a time on the player's display (whole seconds, rounded down). */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const s = String(whole % 60).padStart(2, '0');
  const m = Math.floor(whole / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const LOCALES: Record<Language, string> = { en: 'en-GB', ro: 'ro-RO' };

/** "1 minute 5 seconds" / "1 minut 5 secunde", "20 de secunde": a time as a screen reader says it, in the language. */
export function spokenTime(seconds: number, lang: Language): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const minutes = Math.floor(whole / 60);
  return minutes ? `${unit(minutes, 'minute')} ${unit(whole % 60, 'second')}` : unit(whole, 'second');
}

/** What the player shows and says of one sample. */
export interface SampleState {
  playing: boolean;
  side: Side;
  /** The position, in seconds, of the side heard. */
  time: number;
  /** Each side's length in seconds (the item's, until the browser knows better). */
  duration: Record<Side, number>;
  /** What last happened by itself: the end reached, or the audio could not be played. */
  event: '' | 'ended' | 'failed';
}

/** The states the player has written; a sample it has not touched is idle (`idle`, one object per sample and lengths). */
const states = new Map<string, SampleState>();
const idle = new Map<string, SampleState>();
const listeners = new Set<() => void>();

/** The state of sample `id`: idle at the start, with the lengths given, until the player writes one. */
export function sampleState(id: string, duration: Record<Side, number>): SampleState {
  const state = states.get(id);
  if (state) return state;
  let start = idle.get(id);
  if (!start || start.duration.after !== duration.after || start.duration.before !== duration.before) {
    idle.set(id, (start = { playing: false, side: 'after', time: 0, duration, event: '' }));
  }
  return start;
}

/** Changes sample `id`'s state (a new object: what reads it re-renders). */
export function setSampleState(id: string, change: Partial<SampleState>): void {
  const state = states.get(id) ?? idle.get(id);
  if (!state) return;
  states.set(id, { ...state, ...change });
  listeners.forEach((listener) => listener());
}

/** Calls `listener` on each change of any sample's state or of the words to say. */
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

let message = '';
/** Says `text` in the Services section's live region (the same words again are said again). */
export function announce(text: string): void {
  message = message === text ? `${text}\u00a0` : text;
  listeners.forEach((listener) => listener());
}

/** The live region's words. */
export const announcement = () => message;
