/**
 * How long a Firebase admin session lasts, as the server's sessions do (SESSION_IDLE_MINUTES and
 * SESSION_MAX_HOURS, docs/decisions/0013-sessions.md): over after 30 minutes without activity, and 12
 * hours after sign-in whatever happens. Firebase itself keeps a browser signed in indefinitely (its
 * refresh token does not expire), so the adapter ends the session. See docs/decisions/0022.
 */

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;

export type ExpiryReason = 'idle' | 'max';

export interface SessionClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where the last activity is kept across reloads (a closed tab is idle too). */
export interface ActivityStore {
  get(): number | undefined;
  set(at: number): void;
}

export interface SessionLimitsOptions {
  idleMs?: number;
  maxMs?: number;
  clock?: SessionClock;
  store?: ActivityStore;
  /** Called once when a running session passes a limit (the adapter signs out). */
  onExpire(reason: ExpiryReason): void;
}

export interface SessionLimits {
  /**
   * A session begins: `signedInAt` is the sign-in time (the ID token's auth_time). `resumed` is a session
   * found on page load, whose last activity is the stored one rather than now.
   */
  start(signedInAt: number, resumed: boolean): void;
  /** Admin activity: an adapter call or user input. */
  touch(): void;
  /** The limit the running session has passed, if any. */
  expired(): ExpiryReason | undefined;
  /** The session ended (signed out): no more checks. */
  stop(): void;
  running(): boolean;
}

export const REAL_CLOCK: SessionClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** localStorage, when the page has it (written at most every 10 s: input events are frequent). */
export function localActivityStore(key = 'scena:admin-activity'): ActivityStore | undefined {
  let storage: Storage;
  try {
    storage = globalThis.localStorage;
    if (!storage) return undefined;
  } catch {
    return undefined;
  }
  let written = 0;
  return {
    get() {
      const value = Number(storage.getItem(key));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    },
    set(at) {
      if (Math.abs(at - written) < 10_000) return;
      written = at;
      try {
        storage.setItem(key, String(at));
      } catch {
        /* storage full or denied: the in-memory time still counts */
      }
    },
  };
}

export function sessionLimits(options: SessionLimitsOptions): SessionLimits {
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  const maxMs = options.maxMs ?? SESSION_MAX_MS;
  const clock = options.clock ?? REAL_CLOCK;
  let session: { signedInAt: number; lastActivity: number } | undefined;
  let timer: unknown;

  const expired = (): ExpiryReason | undefined => {
    if (!session) return undefined;
    const now = clock.now();
    if (now - session.signedInAt >= maxMs) return 'max';
    if (now - session.lastActivity >= idleMs) return 'idle';
    return undefined;
  };

  // One timer, set for the nearer deadline; activity moves the idle deadline without touching it
  // (when it fires early it sets itself again), so input events cost no timer churn.
  const schedule = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    if (!session) return;
    const due = Math.min(session.signedInAt + maxMs, session.lastActivity + idleMs) - clock.now();
    timer = clock.setTimeout(check, Math.max(0, due));
  };
  const check = () => {
    timer = undefined;
    const reason = expired();
    if (!reason) return schedule();
    session = undefined;
    options.onExpire(reason);
  };

  return {
    start(signedInAt, resumed) {
      const now = clock.now();
      const stored = resumed ? options.store?.get() : undefined;
      session = { signedInAt, lastActivity: stored ?? now };
      if (!resumed) options.store?.set(now);
      check();
    },
    touch() {
      if (!session || expired()) return;
      session.lastActivity = clock.now();
      options.store?.set(session.lastActivity);
    },
    expired,
    stop() {
      session = undefined;
      schedule();
    },
    running: () => session !== undefined,
  };
}
