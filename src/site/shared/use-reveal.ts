import { useEffect, useRef } from 'react';
import { usePreferences } from '../../preferences/use-preferences';

export const REVEAL_THRESHOLD = 0.15;

/**
 * Reveals an element once, when 15 % of it is visible (the 0.6 s animation is in CSS).
 * Only elements below the fold at start are hidden, so nothing already on screen blinks, and
 * without JavaScript, or with reduce motion on, everything is simply shown.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { reduceMotion } = usePreferences();
  useEffect(() => {
    const element = ref.current;
    if (!element || reduceMotion || typeof IntersectionObserver === 'undefined') {
      if (element?.dataset.reveal === 'hidden') element.dataset.reveal = 'shown';
      return;
    }
    if (element.dataset.reveal === 'shown') return;
    if (element.getBoundingClientRect().top < window.innerHeight) {
      element.dataset.reveal = 'shown';
      return;
    }
    element.dataset.reveal = 'hidden';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          element.dataset.reveal = 'shown';
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reduceMotion]);
  return ref;
}
