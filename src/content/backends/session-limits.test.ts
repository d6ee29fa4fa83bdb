/** The Firebase admin's session limits on a fake clock: 30 minutes idle, 12 hours in any case. */
import { describe, expect, it } from 'vitest';
import { fakeClock } from './fake-clock';
import { SESSION_IDLE_MS, SESSION_MAX_MS, sessionLimits, type ActivityStore, type ExpiryReason } from './session-limits';

const MINUTE = 60_000;

function setup(store?: ActivityStore) {
  const clock = fakeClock(Date.UTC(2026, 10, 23, 9));
  const ended: ExpiryReason[] = [];
  const limits = sessionLimits({ clock, store, onExpire: (reason) => ended.push(reason) });
  return { clock, ended, limits };
}

describe('session limits', () => {
  it('are the server defaults: 30 minutes idle, 12 hours after sign-in', () => {
    expect(SESSION_IDLE_MS).toBe(30 * MINUTE);
    expect(SESSION_MAX_MS).toBe(12 * 60 * MINUTE);
  });

  it('end a session after 30 minutes without activity, not a moment before', () => {
    const { clock, ended, limits } = setup();
    limits.start(clock.now(), false);
    clock.advance(30 * MINUTE - 1);
    expect(ended).toEqual([]);
    expect(limits.running()).toBe(true);
    clock.advance(1);
    expect(ended).toEqual(['idle']);
    expect(limits.running()).toBe(false);
  });

  it('count activity: each touch gives another 30 minutes', () => {
    const { clock, ended, limits } = setup();
    limits.start(clock.now(), false);
    for (let i = 0; i < 10; i++) {
      clock.advance(25 * MINUTE);
      limits.touch();
    }
    expect(ended).toEqual([]);
    clock.advance(30 * MINUTE);
    expect(ended).toEqual(['idle']);
    // One timer at a time, however much activity there was.
    expect(clock.pending()).toBe(0);
  });

  it('end a busy session 12 hours after sign-in', () => {
    const { clock, ended, limits } = setup();
    const signedInAt = clock.now();
    limits.start(signedInAt, false);
    while (clock.now() - signedInAt < 12 * 60 * MINUTE - 10 * MINUTE) {
      clock.advance(10 * MINUTE);
      limits.touch();
    }
    expect(ended).toEqual([]);
    clock.advance(10 * MINUTE);
    expect(ended).toEqual(['max']);
  });

  it("count 12 hours from the sign-in time given (the token's auth_time), not from when the page opened", () => {
    const { clock, ended, limits } = setup();
    limits.start(clock.now() - 11 * 60 * MINUTE - 50 * MINUTE, true);
    expect(ended).toEqual([]);
    clock.advance(10 * MINUTE);
    expect(ended).toEqual(['max']);
    const late = setup();
    late.limits.start(late.clock.now() - 13 * 60 * MINUTE, true);
    expect(late.ended).toEqual(['max']);
  });

  it('report a passed limit even when the timer has not run yet (a sleeping laptop)', () => {
    const { clock, limits } = setup();
    limits.start(clock.now(), false);
    // Time moves, the timer does not fire (as in a suspended tab): expired() still says so.
    const now = clock.now;
    clock.now = () => now() + 31 * MINUTE;
    expect(limits.expired()).toBe('idle');
    limits.touch();
    expect(limits.expired()).toBe('idle');
  });

  it('keep the last activity across a reload: a tab closed for 30 minutes comes back signed out', () => {
    let stored: number | undefined;
    const store: ActivityStore = { get: () => stored, set: (at) => void (stored = at) };
    const first = setup(store);
    first.limits.start(first.clock.now(), false);
    first.clock.advance(5 * MINUTE);
    first.limits.touch();
    const reopened = setup(store);
    reopened.clock.advance(35 * MINUTE);
    reopened.limits.start(first.clock.now() - 5 * MINUTE, true);
    expect(reopened.ended).toEqual(['idle']);
  });

  it('stop: a signed-out session is not ended again, and leaves no timer', () => {
    const { clock, ended, limits } = setup();
    limits.start(clock.now(), false);
    limits.stop();
    clock.advance(24 * 60 * MINUTE);
    expect(ended).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});
