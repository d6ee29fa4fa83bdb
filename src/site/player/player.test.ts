/**
 * The player's engine with stand-in audio elements (a test browser cannot decode audio): nothing made before Play, one
 * sample at a time, a switch that hands the position over before the other side plays, matched volumes, fan numbers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tracked = vi.hoisted(() => [] as [string, unknown][]);
vi.mock('../../audience/track', () => ({ track: (type: string, data: unknown) => tracked.push([type, data]) }));

/** What the engine does to an element, in order: "set src …", "play at 12", "pause at 12" … */
let log: string[] = [];
class FakeAudio extends EventTarget {
  static made: FakeAudio[] = [];
  preload = 'auto';
  volume = 1;
  paused = true;
  ended = false;
  duration = Number.NaN;
  /** Chromium's way: play() that starts the load starts it from 0, whatever the position set before. */
  static loadFromZero = false;
  readyState = 0;
  #src = '';
  #time = 0;
  constructor() {
    super();
    FakeAudio.made.push(this);
  }
  get src() {
    return this.#src;
  }
  set src(value: string) {
    log.push(`src ${value} (preload ${this.preload})`);
    this.#src = value;
  }
  get currentTime() {
    return this.#time;
  }
  set currentTime(value: number) {
    this.#time = value;
    log.push(`${this.name} at ${value}`);
  }
  get name() {
    return this.#src.split('/').pop()!;
  }
  canPlayType(type: string) {
    return type.includes('opus') ? 'probably' : '';
  }
  play() {
    log.push(`play ${this.name} from ${this.#time}`);
    if (this.readyState === 0) {
      if (FakeAudio.loadFromZero) this.#time = 0;
      this.readyState = 4;
      this.dispatchEvent(new Event('loadedmetadata'));
    }
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause() {
    log.push(`pause ${this.name} at ${this.#time}`);
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** The browser's side: time passes while playing. */
  advance(seconds: number) {
    this.#time += seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
}

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const pair = { id: 'pair', src: { after: `/media/${A}`, before: `/media/${B}` }, gain: { after: 0.5, before: 1 }, duration: { after: 180, before: 180 } };
const single = { id: 'single', src: { after: `/media/${C}`, before: '' }, gain: { after: 1, before: 1 }, duration: { after: 60, before: 0 } };

let player: typeof import('./player');
let model: typeof import('./player-model');
beforeEach(async () => {
  vi.resetModules();
  vi.stubGlobal('Audio', FakeAudio);
  FakeAudio.made = [];
  log = [];
  tracked.length = 0;
  model = await import('./player-model');
  player = await import('./player');
  model.sampleState('pair', pair.duration);
  model.sampleState('single', single.duration);
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeAudio.loadFromZero = false;
});

describe('the player', () => {
  it('makes no audio element before Play, then one with preload none before its file, the Opus rendition where it plays', () => {
    player.seek(pair, 30);
    expect(FakeAudio.made).toEqual([]);
    expect(model.sampleState('pair', pair.duration).time).toBe(30);
    player.play(pair);
    expect(FakeAudio.made).toHaveLength(1);
    expect(log).toEqual([`src /media/${A}.webm (preload none)`, `${A}.webm at 30`, `play ${A}.webm from 30`]);
    expect(FakeAudio.made[0]!.volume).toBe(0.5);
    expect(model.sampleState('pair', pair.duration)).toMatchObject({ playing: true, side: 'after', time: 30 });
    expect(tracked).toEqual([['sample-play', { a: 'pair' }]]);
  });

  it('plays one sample at a time: starting another pauses the first', () => {
    player.play(pair);
    FakeAudio.made[0]!.advance(12);
    player.play(single);
    expect(FakeAudio.made[0]!.paused).toBe(true);
    expect(FakeAudio.made[1]!.paused).toBe(false);
    expect(model.sampleState('pair', pair.duration)).toMatchObject({ playing: false, time: 12 });
    expect(model.sampleState('single', single.duration).playing).toBe(true);
    expect(tracked.map(([type, data]) => `${type} ${(data as { a: string }).a}`)).toEqual(['sample-play pair', 'sample-play single']);
  });

  it('switches Before / After from the same position: the other element’s time is set before it plays, at its own volume', () => {
    player.play(pair);
    FakeAudio.made[0]!.advance(42.37);
    log = [];
    player.switchTo(pair, 'before');
    const before = FakeAudio.made[1]!;
    expect(log).toEqual([`pause ${A}.webm at 42.37`, `src /media/${B}.webm (preload none)`, `${B}.webm at 42.37`, `play ${B}.webm from 42.37`]);
    expect(before.volume).toBe(1);
    expect(model.sampleState('pair', pair.duration)).toMatchObject({ playing: true, side: 'before', time: 42.37 });
    // Back again: the after resumes where the before is now.
    before.advance(3);
    log = [];
    player.switchTo(pair, 'after');
    expect(log).toEqual([`pause ${B}.webm at 45.37`, `${A}.webm at 45.37`, `play ${A}.webm from 45.37`]);
    expect(tracked.filter(([type]) => type === 'sample-switch')).toEqual([
      ['sample-switch', { a: 'pair' }],
      ['sample-switch', { a: 'pair' }],
    ]);
    // Choosing the side already heard is no switch.
    player.switchTo(pair, 'after');
    expect(tracked.filter(([type]) => type === 'sample-switch')).toHaveLength(2);
  });

  it('switches while paused without loading anything; Play then starts the chosen side at the position', () => {
    player.seek(pair, 20);
    player.switchTo(pair, 'before');
    expect(FakeAudio.made).toEqual([]);
    player.play(pair);
    expect(log).toEqual([`src /media/${B}.webm (preload none)`, `${B}.webm at 20`, `play ${B}.webm from 20`]);
  });

  it('sets the position again once the metadata has come, when the browser dropped it as play() started the load', () => {
    player.seek(pair, 30);
    FakeAudio.loadFromZero = true;
    player.play(pair);
    const audio = FakeAudio.made[0]!;
    expect(log).toEqual([`src /media/${A}.webm (preload none)`, `${A}.webm at 30`, `play ${A}.webm from 30`, `${A}.webm at 30`]);
    expect(audio.currentTime).toBe(30);
    audio.advance(1);
    expect(model.sampleState('pair', pair.duration).time).toBe(31);
  });

  it('keeps a seek within the sample, and says when it ended', () => {
    player.play(single);
    player.seek(single, 500);
    expect(model.sampleState('single', single.duration).time).toBe(60);
    player.seek(single, -5);
    expect(model.sampleState('single', single.duration).time).toBe(0);
    const audio = FakeAudio.made[0]!;
    audio.ended = true;
    audio.dispatchEvent(new Event('pause'));
    audio.dispatchEvent(new Event('ended'));
    expect(model.sampleState('single', single.duration)).toMatchObject({ playing: false, time: 0, event: 'ended' });
  });

  it('follows a pause from outside the page (the system’s media keys), and a refusal to play is said', async () => {
    player.play(single);
    const audio = FakeAudio.made[0]!;
    audio.pause();
    expect(model.sampleState('single', single.duration).playing).toBe(false);
    audio.play = () => Promise.reject(Object.assign(new Error('no'), { name: 'NotSupportedError' }));
    player.play(single);
    await vi.waitFor(() => expect(model.sampleState('single', single.duration)).toMatchObject({ playing: false, event: 'failed' }));
    // A fresh element next time.
    player.play(single);
    expect(FakeAudio.made).toHaveLength(2);
  });
  it('matches loudness through a Web Audio gain where the browser keeps volume at 1 (iOS), for this site’s own files only', () => {
    /** iOS: `volume` is the device's; a page reads 1 whatever it sets. */
    class DeviceVolumeAudio extends FakeAudio {
      constructor() {
        super();
        Object.defineProperty(this, 'volume', { get: () => 1, set: () => {} });
      }
    }
    const routed: string[] = [];
    class FakeContext {
      state = 'suspended';
      destination = 'speakers';
      resume() {
        routed.push('resume');
        this.state = 'running';
        return Promise.resolve();
      }
      createGain() {
        const node = { gain: { value: 1 }, connect: (to: unknown) => (routed.push(`gain ${node.gain.value} → ${String(to)}`), to) };
        return node;
      }
      createMediaElementSource(audio: FakeAudio) {
        return { connect: (node: { connect: unknown }) => (routed.push(`${audio.name} → gain`), node) };
      }
    }
    vi.stubGlobal('Audio', DeviceVolumeAudio);
    vi.stubGlobal('AudioContext', FakeContext);
    vi.stubGlobal('location', { href: 'https://tudorvale.ro/en/', origin: 'https://tudorvale.ro' });
    player.play(pair);
    // The louder after through a gain of 0.5, the context resumed by the visitor's tap before it plays.
    expect(routed).toEqual([`${A}.webm → gain`, 'gain 0.5 → speakers', 'resume']);
    routed.length = 0;
    // A file on another host (a Firebase link) stays as it was: Web Audio would silence it without CORS.
    const elsewhere = { ...pair, id: 'elsewhere', src: { after: 'https://cdn.example.net/mix.m4a', before: '' } };
    model.sampleState('elsewhere', elsewhere.duration);
    player.play(elsewhere);
    expect(routed).toEqual([]);
  });
});
