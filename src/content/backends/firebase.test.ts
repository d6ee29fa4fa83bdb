/** What needs no emulator: error wording and checks before writing. The rest runs on the emulators (firebase/contract.test.ts). */
import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend';
import { SettingsSchema, StatsSchema } from '../model';
import { authError, checked, firestoreError } from './firebase';

describe('auth errors', () => {
  it("reads the same for the emulator's codes and production's", () => {
    const wrong = ['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential', 'auth/invalid-login-credentials'].map(
      (code) => authError({ code }).message,
    );
    expect(new Set(wrong)).toEqual(new Set(['Wrong e-mail or password.']));
  });
  it('explains throttling, bad addresses and the network, and falls back to "Login failed"', () => {
    expect(authError({ code: 'auth/too-many-requests' }).message).toMatch(/Too many attempts/);
    expect(authError({ code: 'auth/invalid-email' }).message).toMatch(/not a valid e-mail/);
    expect(authError({ code: 'auth/network-request-failed' }).message).toMatch(/cannot be reached/);
    const unknown = authError({ code: 'auth/something-new' });
    expect(unknown).toBeInstanceOf(BackendError);
    expect(unknown.message).toBe('Login failed');
    expect(unknown.code).toBe('auth/something-new');
    expect(authError(new Error('boom')).message).toBe('Login failed');
  });
});

describe('Firestore errors', () => {
  it('says what a refusal means, and falls back to the given message', () => {
    expect(firestoreError({ code: 'permission-denied' }, 'Save failed').message).toMatch(/^Not authorized/);
    expect(firestoreError({ code: 'unavailable' }, 'Save failed').message).toMatch(/cannot be reached/);
    expect(firestoreError({ code: 'internal' }, 'Save failed').message).toBe('Save failed');
  });
});

describe('checks before writing', () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error as BackendError;
    }
    throw new Error('expected a refusal');
  };
  it('names the field as the server does', () => {
    const error = refusal(() => checked(SettingsSchema, { links: { spotify: 'javascript:alert(1)' } }));
    expect(error).toMatchObject({ field: 'links.spotify', code: 'invalid' });
    expect(error.message).toMatch(/^links\.spotify must be an https:\/\/ link/);
    expect(refusal(() => checked(SettingsSchema, { heroTitle_de: 'x' }))).toMatchObject({
      field: 'heroTitle_de',
      message: 'heroTitle_de is not a known field',
    });
    expect(refusal(() => checked(StatsSchema, { monthlyListeners: 2.5 }))).toMatchObject({ field: 'monthlyListeners' });
  });
  it('passes valid input through', () => {
    expect(checked(StatsSchema, { monthlyListeners: 0 })).toEqual({ monthlyListeners: 0 });
  });
});
