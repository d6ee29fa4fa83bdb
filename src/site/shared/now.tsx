/**
 * The page's clock for what changes by itself (a scheduled release going out): rendered as of the moment the
 * HTML was made, so hydration matches, then, in the browser, moved on at once and again at each next change
 * (nextChangeAt), so a visitor who keeps the page open sees the release come out at its minute.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { nextChangeAt } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';

const NowContext = createContext<number>(0);

/** Timers further ahead than this are re-armed (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function NowProvider(props: { renderedAt: number; children: ReactNode }) {
  const { content } = useContent();
  const [now, setNow] = useState(props.renderedAt);
  useEffect(() => {
    const current = Date.now();
    if (current !== now && nextChangeAt(content, now) !== nextChangeAt(content, current)) {
      setNow(current);
      return;
    }
    const next = nextChangeAt(content, current);
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - current, 0) + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [content, now]);
  return <NowContext.Provider value={now}>{props.children}</NowContext.Provider>;
}

/** The moment the page shows the releases as of (ms since 1970). */
export function useNow(): number {
  return useContext(NowContext);
}
