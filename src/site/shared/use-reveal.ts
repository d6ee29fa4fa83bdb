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

/** What the observer saw of the element: its box and how much of it was in the viewport. */
export interface Seen {
  isIntersecting: boolean;
  intersectionRatio: number;
  top: number;
  height: number;
  viewport: number;
}

/**
 * What one report of the observer decides: 'show'; 'hide' (its first report, the element wholly below the viewport);
 * or 'wait'. A report may hold several entries for the element: on a busy phone the callback can come late, after the
 * section came into view and left it again, and the entry that saw it in view is then not the last (a section passed
 * that way stayed hidden: a clean-clone run's Newsletter). Any entry that saw it enough shows it.
 */
export function revealDecision(entries: Seen[], first: boolean): 'show' | 'hide' | 'wait' {
  if (entries.some((e) => revealNow(e, e.viewport) || reached(e.top, e.height, e.viewport))) return 'show';
  if (!first) return 'wait';
  const start = entries[0]!;
  return start.top >= start.viewport ? 'hide' : 'show';
}

/**
 * Whether a section's box, wherever the observer's reports left it, has reached the point of showing: 15 % of it above
 * the viewport's foot (or half the viewport, for a very tall one), or passed wholly. The observer reports a crossing
 * only: a scroll that takes a section from below the viewport to above it between two frames (a loaded phone, a jump)
 * crosses nothing, and the section stayed hidden above the visitor (a clean-clone run's Music section).
 */
export function reached(top: number, height: number, viewport: number): boolean {
  return top <= viewport - Math.min(height * REVEAL_THRESHOLD, viewport / 2);
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
        const seen = entries.map((entry) => ({
          isIntersecting: entry.isIntersecting,
          intersectionRatio: entry.intersectionRatio,
          top: entry.boundingClientRect.top,
          height: entry.boundingClientRect.height,
          viewport: entry.rootBounds?.height ?? window.innerHeight,
        }));
        const decision = revealDecision(seen, first);
        if (decision === 'show') {
          stop();
          show();
        } else if (decision === 'hide') {
          element.dataset.reveal = 'hidden';
          // And on scrolling, for the jump the observer does not report (`reached`): one box read a scroll, while hidden.
          window.addEventListener('scroll', onScroll, { passive: true });
        }
        first = false;
      },
      // 0: a very tall section is shown as it comes into view; REVEAL_THRESHOLD: the others.
      { threshold: [0, REVEAL_THRESHOLD] },
    );
    const onScroll = () => {
      const box = element.getBoundingClientRect();
      if (!reached(box.top, box.height, window.innerHeight)) return;
      stop();
      show();
    };
    const stop = () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
    observer.observe(element);
    return stop;
  }, [reduceMotion]);
  return ref;
}
