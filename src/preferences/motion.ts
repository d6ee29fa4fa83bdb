import { readStored, writeStored } from './storage';

export const REDUCE_MOTION_KEY = 'reduceMotion';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The stored choice: "1" is reduce, "0" is enable; anything else means no choice yet. */
export function storedReduceMotion(): boolean | undefined {
  const value = readStored(REDUCE_MOTION_KEY);
  return value === '1' ? true : value === '0' ? false : undefined;
}

export function systemReducesMotion(): boolean {
  return globalThis.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
}

export function initialReduceMotion(): boolean {
  return storedReduceMotion() ?? systemReducesMotion();
}

export function saveReduceMotion(reduce: boolean): void {
  writeStored(REDUCE_MOTION_KEY, reduce ? '1' : '0');
}

/** Calls back on system preference changes, but only while the visitor has made no choice. */
export function watchSystemMotion(callback: (reduce: boolean) => void): () => void {
  const query = globalThis.matchMedia?.(REDUCED_MOTION_QUERY);
  if (!query) return () => {};
  const listener = (event: MediaQueryListEvent) => {
    if (storedReduceMotion() === undefined) callback(event.matches);
  };
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
