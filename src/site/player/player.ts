/**
 * The samples player's engine: a chunk of its own (budget 8 KB brotli, bench/public-js.ts), loaded when the Services
 * section nears the view. It makes an audio element for a sample's side only when the visitor first plays it
 * (preload none, its file chosen then): nothing is fetched before. One sample plays at a time; a pair's Before / After
 * switch hands the position over (the other element's currentTime is set before it plays) and each side plays at its
 * matched volume. It writes what happens to the shared state (./player-model.ts), which the markup shows, and reports
 * each start and each switch for the fan numbers.
 */
import { track } from '../../audience/track';
import { audioSources } from '../../content/audio';
import { sampleState, setSampleState, type Side } from './player-model';

/** What the engine needs of a sample: its files' sources, each side's volume and length (seconds). */
export interface PlayerTrack {
  id: string;
  /** Each side's `src` (src/content/audio.ts); '' for the before of a single sample. */
  src: Record<Side, string>;
  gain: Record<Side, number>;
  duration: Record<Side, number>;
}

const elements = new Map<string, HTMLAudioElement>();
/** Where an element is to start once its metadata has come (a position set before may be dropped: see `at`). */
const wanted = new WeakMap<HTMLAudioElement, number>();
/** The sample playing, or the last one started. */
let current: PlayerTrack | undefined;

const stateOf = (t: PlayerTrack) => sampleState(t.id, t.duration);
const keyOf = (t: PlayerTrack, side: Side) => `${t.id} ${side}`;
/** The side of `t` the visitor hears (or would hear on Play). */
const heard = (t: PlayerTrack, side: Side) => stateOf(t).side === side;
const clampTo = (t: PlayerTrack, side: Side, time: number) => Math.max(0, Math.min(time, stateOf(t).duration[side] || Infinity));

function fail(t: PlayerTrack, side: Side) {
  // A fresh element next time: this one may hold a failed load.
  elements.delete(keyOf(t, side));
  setSampleState(t.id, { playing: false, event: 'failed' });
}

/**
 * Puts `audio` at `time`. Before its metadata has come the browser keeps it only as a start position, which play()
 * drops when it is what starts the load (Chromium starts from 0): it is set again once the metadata is there, before
 * the first sound.
 */
function at(audio: HTMLAudioElement, time: number) {
  audio.currentTime = time;
  if (audio.readyState < 1) wanted.set(audio, time);
  else wanted.delete(audio);
}

/** Where `audio` is, or is about to be once its metadata has come. */
const position = (audio: HTMLAudioElement) => wanted.get(audio) ?? audio.currentTime;

/** The page's one audio context, made on the first start that needs it (a visitor's tap: it may sound then). */
let context: AudioContext | undefined;

/**
 * Plays `audio` at `gain` (0–1). iOS keeps `volume` at 1 (the device's, read-only): there a file of this site's own
 * origin goes through a Web Audio gain instead. A file on another host is left at full level, as before: its sound
 * would be silenced by Web Audio without CORS, which a Firebase link to another host may not send.
 */
function level(audio: HTMLAudioElement, gain: number) {
  audio.volume = gain;
  if (audio.volume === gain || typeof AudioContext !== 'function' || new URL(audio.src, location.href).origin !== location.origin) return;
  context ??= new AudioContext();
  const node = context.createGain();
  node.gain.value = gain;
  context.createMediaElementSource(audio).connect(node).connect(context.destination);
}

function start(t: PlayerTrack, audio: HTMLAudioElement, side: Side) {
  // A context made or suspended outside a tap starts only on one.
  if (context?.state === 'suspended') void context.resume();
  audio.play().catch((error: Error) => {
    // Paused before it started (the visitor was quicker than the network): nothing failed.
    if (error.name !== 'AbortError' && heard(t, side)) fail(t, side);
  });
}

function element(t: PlayerTrack, side: Side): HTMLAudioElement {
  const key = keyOf(t, side);
  const existing = elements.get(key);
  if (existing) return existing;
  const audio = new Audio();
  // Before src: a browser that would preload takes the hint first.
  audio.preload = 'none';
  const sources = audioSources(t.src[side]);
  audio.src = (sources.find((source) => !source.type || audio.canPlayType(source.type)) ?? sources[0])?.src ?? '';
  level(audio, t.gain[side]);
  const mine = () => heard(t, side) && elements.get(key) === audio;
  audio.addEventListener('loadedmetadata', () => {
    const time = wanted.get(audio);
    wanted.delete(audio);
    if (time !== undefined && Math.abs(audio.currentTime - time) > 0.01) audio.currentTime = time;
  });
  audio.addEventListener('timeupdate', () => mine() && !wanted.has(audio) && setSampleState(t.id, { time: audio.currentTime }));
  audio.addEventListener('durationchange', () => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setSampleState(t.id, { duration: { ...stateOf(t).duration, [side]: audio.duration } });
  });
  audio.addEventListener('ended', () => {
    if (!mine()) return;
    audio.currentTime = 0;
    setSampleState(t.id, { playing: false, time: 0, event: 'ended' });
  });
  // Paused or played from outside the page's buttons (the system's media keys, the lock screen).
  audio.addEventListener('pause', () => mine() && stateOf(t).playing && !audio.ended && setSampleState(t.id, { playing: false }));
  audio.addEventListener('play', () => {
    if (mine() && !stateOf(t).playing) {
      pauseOthers(t);
      setSampleState(t.id, { playing: true, event: '' });
    }
  });
  audio.addEventListener('error', () => mine() && fail(t, side));
  elements.set(key, audio);
  return audio;
}

function pauseOthers(t: PlayerTrack) {
  if (current && current.id !== t.id) pause(current);
  current = t;
}

/** Plays `t` from where it was (the other samples pause). */
export function play(t: PlayerTrack): void {
  pauseOthers(t);
  const { side, time } = stateOf(t);
  const audio = element(t, side);
  if (Math.abs(audio.currentTime - time) > 0.05 || audio.readyState < 1) at(audio, time);
  setSampleState(t.id, { playing: true, event: '' });
  track('sample-play', { a: t.id });
  start(t, audio, side);
}

export function pause(t: PlayerTrack): void {
  const { side, time } = stateOf(t);
  const audio = elements.get(keyOf(t, side));
  setSampleState(t.id, { playing: false, time: audio ? position(audio) : time });
  audio?.pause();
}

/** Moves `t`'s position to `time` seconds (within its length), playing or not. */
export function seek(t: PlayerTrack, time: number): void {
  const { side } = stateOf(t);
  const to = clampTo(t, side, time);
  setSampleState(t.id, { time: to, event: '' });
  const audio = elements.get(keyOf(t, side));
  if (audio) at(audio, to);
}

/** A pair's Before / After switch: the other side from the same position, playing if this one was. */
export function switchTo(t: PlayerTrack, side: Side): void {
  const state = stateOf(t);
  if (state.side === side || !t.src[side]) return;
  const old = elements.get(keyOf(t, state.side));
  const time = clampTo(t, side, old ? position(old) : state.time);
  // The side changes first: the old element's pause below is then not the visitor's pause.
  setSampleState(t.id, { side, time, event: '' });
  track('sample-switch', { a: t.id });
  if (!state.playing) return;
  old?.pause();
  const next = element(t, side);
  at(next, time);
  start(t, next, side);
}
