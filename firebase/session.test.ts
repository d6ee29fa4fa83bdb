/**
 * The Firebase admin is signed out after 30 minutes without activity and 12 hours after signing in
 * (src/content/backends/session-limits.ts), on the real emulators with a fake clock for the limits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../src/content/backend';
import { BackendError } from '../src/content/backend';
import { EXPIRED_MESSAGES, createFirebaseBackend } from '../src/content/backends/firebase';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import { fakeClock } from '../src/content/backends/fake-clock';
import type { ActivityStore } from '../src/content/backends/session-limits';
import { clearAccounts, clearFirestore, createAccount, emulatorConfig, emulators } from './test/emulators';

const e = emulators();
const ADMIN = { email: e.adminEmail, password: 'Violet-Studio-Nights-42' };
const MINUTE = 60_000;
const config = emulatorConfig(e);
const visitor = createFirebaseReader({ config });

beforeAll(async () => {
  await clearAccounts(e);
  await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true, claims: { admin: true } }, e);
});

let n = 0;
async function signedIn(activityStore?: ActivityStore) {
  await clearFirestore(e);
  const clock = fakeClock();
  const backend = createFirebaseBackend({ config, persistence: 'memory', appName: `session-${++n}`, clock, activityStore });
  const seen: (AuthUser | null)[] = [];
  const unsubscribe = backend.onAuthChange((user) => seen.push(user));
  await backend.signIn(ADMIN.email, ADMIN.password);
  const signedOut = async () => {
    for (let i = 0; i < 200 && seen.at(-1) !== null; i++) await new Promise((r) => setTimeout(r, 25));
    return seen.at(-1) === null;
  };
  const close = async () => {
    unsubscribe();
    await backend.signOut().catch(() => {});
    await backend.dispose();
  };
  return { backend, clock, seen, signedOut, close };
}

describe('firebase: the admin session ends by itself', () => {
  it('after 30 minutes without activity: signed out, and the next save says why', async () => {
    const s = await signedIn();
    try {
      s.clock.advance(29 * MINUTE);
      await s.backend.save('stats', { monthlyListeners: 1 });
      s.clock.advance(29 * MINUTE);
      // 58 minutes after sign-in, 29 after the last save: still the admin.
      await s.backend.save('stats', { monthlyListeners: 2 });
      expect(s.seen.at(-1)).toMatchObject({ isAdmin: true });
      s.clock.advance(30 * MINUTE);
      expect(await s.signedOut()).toBe(true);
      const error = await s.backend.save('stats', { monthlyListeners: 3 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackendError);
      expect((error as BackendError).message).toBe(EXPIRED_MESSAGES.idle);
      expect(await visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 2 });
    } finally {
      await s.close();
    }
  });

  it('12 hours after signing in, however active the admin is', async () => {
    const s = await signedIn();
    try {
      for (let minutes = 0; minutes < 11 * 60 + 40; minutes += 20) {
        s.clock.advance(20 * MINUTE);
        await s.backend.read('stats');
      }
      await s.backend.save('stats', { monthlyListeners: 5 });
      expect(s.seen.at(-1)).toMatchObject({ isAdmin: true });
      s.clock.advance(20 * MINUTE);
      expect(await s.signedOut()).toBe(true);
      const error = await s.backend.save('stats', { monthlyListeners: 6 }).catch((caught: unknown) => caught);
      expect((error as BackendError).message).toBe(EXPIRED_MESSAGES.max);
      expect(await visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 5 });
    } finally {
      await s.close();
    }
  });

  it('a save after the limit, before the timer ran (a sleeping laptop), is refused and signs out', async () => {
    const s = await signedIn();
    try {
      const now = s.clock.now;
      // Time passes without the timers running, as in a suspended tab.
      s.clock.now = () => now() + 31 * MINUTE;
      const error = await s.backend.save('stats', { monthlyListeners: 9 }).catch((caught: unknown) => caught);
      expect((error as BackendError).message).toBe(EXPIRED_MESSAGES.idle);
      expect(await s.signedOut()).toBe(true);
      expect(await visitor.content().then((c) => c.stats)).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('signing in counts from now, whatever activity an earlier session left in the store', async () => {
    // The admin's last visit, two days ago, as localStorage keeps it.
    let stored: number | undefined = Date.now() - 2 * 24 * 60 * MINUTE;
    const s = await signedIn({ get: () => stored, set: (at) => void (stored = at) });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(s.seen.at(-1)).toMatchObject({ isAdmin: true });
      await s.backend.save('stats', { monthlyListeners: 4 });
      expect(await visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 4 });
    } finally {
      await s.close();
    }
  });

  it('signing in again starts a new session', async () => {
    const s = await signedIn();
    try {
      s.clock.advance(31 * MINUTE);
      expect(await s.signedOut()).toBe(true);
      await s.backend.signIn(ADMIN.email, ADMIN.password);
      await s.backend.save('stats', { monthlyListeners: 11 });
      expect(await visitor.content().then((c) => c.stats)).toEqual({ monthlyListeners: 11 });
    } finally {
      await s.close();
    }
  });
});
