// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialReduceMotion, REDUCE_MOTION_KEY, saveReduceMotion, storedReduceMotion, watchSystemMotion } from './motion';

/** jsdom has no matchMedia: a controllable system preference stands in for the OS setting. */
function fakeSystem(initial: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initial,
    addEventListener: (_: string, l: (event: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (event: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
  return {
    set(matches: boolean) {
      query.matches = matches;
      for (const l of listeners) l({ matches } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('reduce motion preference', () => {
  it('defaults to the system preference while unset', () => {
    fakeSystem(true);
    expect(initialReduceMotion()).toBe(true);
    fakeSystem(false);
    expect(initialReduceMotion()).toBe(false);
  });

  it('is stored as 1 or 0 and wins over the system', () => {
    fakeSystem(true);
    saveReduceMotion(false);
    expect(localStorage.getItem(REDUCE_MOTION_KEY)).toBe('0');
    expect(initialReduceMotion()).toBe(false);
    saveReduceMotion(true);
    expect(localStorage.getItem(REDUCE_MOTION_KEY)).toBe('1');
    expect(storedReduceMotion()).toBe(true);
  });

  it('ignores stored values other than 1 and 0', () => {
    fakeSystem(true);
    localStorage.setItem(REDUCE_MOTION_KEY, 'true');
    expect(storedReduceMotion()).toBeUndefined();
    expect(initialReduceMotion()).toBe(true);
  });

  it('follows system changes only while no choice is stored', () => {
    const system = fakeSystem(false);
    const seen: boolean[] = [];
    const stop = watchSystemMotion((reduce) => seen.push(reduce));
    system.set(true);
    expect(seen).toEqual([true]);
    saveReduceMotion(false);
    system.set(false);
    system.set(true);
    expect(seen).toEqual([true]);
    stop();
    expect(system.listenerCount()).toBe(0);
  });
});
