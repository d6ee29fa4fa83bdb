import { useState } from 'react';
import { useIsomorphicLayoutEffect } from '../preferences/use-preferences';

/** Milliseconds since the page started loading (the clock the splash and hero delays count from). */
export function sinceStart(): number {
  return performance.now();
}

/**
 * "pending" during server rendering and hydration (CSS alone times the effect then, so the page works
 * without JavaScript), then false until `ms` after the page started, then true.
 */
export function useAfterStart(ms: number): boolean | 'pending' {
  const [state, setState] = useState<boolean | 'pending'>('pending');
  useIsomorphicLayoutEffect(() => {
    const remaining = ms - sinceStart();
    if (remaining <= 0) {
      setState(true);
      return;
    }
    setState(false);
    const timer = setTimeout(() => setState(true), remaining);
    return () => clearTimeout(timer);
  }, [ms]);
  return state;
}
