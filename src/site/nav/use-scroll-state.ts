import { useSyncExternalStore } from 'react';
import { activeSection, BACK_TO_TOP_AFTER, NAV_OFFSET, NAV_THROTTLE_MS, SCROLLED_AFTER } from '../../lib/scroll-spy';
import { throttle } from '../../lib/throttle';
import { SECTION_IDS } from '../sections';

export interface ScrollState {
  active: string;
  scrolled: boolean;
  showBackToTop: boolean;
}

const INITIAL: ScrollState = { active: 'hero', scrolled: false, showBackToTop: false };

function read(): ScrollState {
  const y = window.scrollY;
  const positions = SECTION_IDS.flatMap((id) => {
    const element = document.getElementById(id);
    return element ? [{ id, top: element.getBoundingClientRect().top + y }] : [];
  });
  return {
    active: activeSection(positions, y, NAV_OFFSET) ?? 'hero',
    scrolled: y > SCROLLED_AFTER,
    showBackToTop: y > BACK_TO_TOP_AFTER,
  };
}

// One throttled (50 ms) scroll listener, shared by the nav and the back-to-top button (which sits at the
// end of the page, so it is the last Tab stop), running while either is mounted.
let state = INITIAL;
const subscribers = new Set<() => void>();
const update = throttle(() => {
  const next = read();
  if (next.active === state.active && next.scrolled === state.scrolled && next.showBackToTop === state.showBackToTop) return;
  state = next;
  subscribers.forEach((notify) => notify());
}, NAV_THROTTLE_MS);

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  if (subscribers.size === 1) {
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
  }
  // The first reading waits for the next frame, when the browser lays the page out anyway:
  // reading positions during hydration would force an extra layout on the critical path.
  const frame = requestAnimationFrame(() => update());
  return () => {
    cancelAnimationFrame(frame);
    subscribers.delete(notify);
    if (subscribers.size > 0) return;
    update.cancel();
    window.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
  };
}

/** The nav's active section, its scrolled style and whether back-to-top shows. */
export function useScrollState(): ScrollState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}
