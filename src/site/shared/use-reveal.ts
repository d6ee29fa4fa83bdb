import { useEffect, useRef } from 'react';
import { usePreferences } from '../../preferences/use-preferences';

export const REVEAL_THRESHOLD = 0.15;

/**
 * Whether a section in view is shown: once 15 % of it is visible, or at once for a section so tall that
 * 15 % of it would not fit in half the viewport (24 release tiles on a phone; 15 % of it might never be
 * on screen, and it would stay hidden).
 */
export function revealNow(entry: { isIntersecting: boolean; intersectionRatio: number; height: number }, viewportHeight: number): boolean {
  if (!entry.isIntersecting) return false;
  return entry.intersectionRatio >= REVEAL_THRESHOLD || entry.height * REVEAL_THRESHOLD > viewportHeight / 2;
}

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
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        const below = entry.boundingClientRect.top >= viewport;
        if (
          revealNow({ isIntersecting: entry.isIntersecting, intersectionRatio: entry.intersectionRatio, height: entry.boundingClientRect.height }, viewport) ||
          (first && !below)
        ) {
          show();
          observer.disconnect();
        } else if (first) {
          element.dataset.reveal = 'hidden';
        }
        first = false;
      },
      // 0: a very tall section is shown as it comes into view; REVEAL_THRESHOLD: the others.
      { threshold: [0, REVEAL_THRESHOLD] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reduceMotion]);
  return ref;
}
