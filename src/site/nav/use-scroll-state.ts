import { useEffect, useState } from 'react';
import { activeSection, BACK_TO_TOP_AFTER, NAV_OFFSET, NAV_THROTTLE_MS, SCROLLED_AFTER } from '../../lib/scroll-spy';
import { throttle } from '../../lib/throttle';
import { SECTION_IDS } from '../sections';

export interface ScrollState {
  active: string;
  scrolled: boolean;
  showBackToTop: boolean;
}

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

/** One throttled (50 ms) scroll listener for the nav's active section, its scrolled style and back-to-top. */
export function useScrollState(): ScrollState {
  const [state, setState] = useState<ScrollState>({ active: 'hero', scrolled: false, showBackToTop: false });
  useEffect(() => {
    const update = throttle(() => {
      const next = read();
      setState((current) =>
        current.active === next.active && current.scrolled === next.scrolled && current.showBackToTop === next.showBackToTop
          ? current
          : next,
      );
    }, NAV_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return state;
}
