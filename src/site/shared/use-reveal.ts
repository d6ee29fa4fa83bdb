import { useEffect, useRef } from 'react';
import { usePreferences } from '../../preferences/use-preferences';

export const REVEAL_THRESHOLD = 0.15;

/**
 * Reveals an element once, when 15 % of it is visible (the 0.6 s animation is in CSS).
 * Only elements wholly below the viewport at start are hidden, so nothing already on screen blinks;
 * without JavaScript, or with reduce motion on, everything is simply shown. Positions come from the
 * observer's first report, so hydration never forces a layout.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { reduceMotion } = usePreferences();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const show = () => {
      element.dataset.reveal = 'shown';
    };
    if (reduceMotion || typeof IntersectionObserver === 'undefined') {
      if (element.dataset.reveal === 'hidden') show();
      return;
    }
    if (element.dataset.reveal === 'shown') return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]!;
        const below = entry.boundingClientRect.top >= (entry.rootBounds?.height ?? window.innerHeight);
        if (entry.isIntersecting || (first && !below)) {
          show();
          observer.disconnect();
        } else if (first) {
          element.dataset.reveal = 'hidden';
        }
        first = false;
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reduceMotion]);
  return ref;
}
