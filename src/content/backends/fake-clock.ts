/** A clock for tests of the session limits: time moves only when the test says, and due timers run in order. */
import type { SessionClock } from './session-limits';

export interface FakeClock extends SessionClock {
  /** Moves time forward by `ms`, running each timer that falls due on the way, at its own time. */
  advance(ms: number): void;
  pending(): number;
}

export function fakeClock(start = Date.now()): FakeClock {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      timers.set(++next, { at: now + Math.max(0, ms), callback });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
