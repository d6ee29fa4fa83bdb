import { describe, expect, it } from 'vitest';
import { firebaseConfigFromEnv, incompleteFirebaseMessage, isAdminEmail, parseEmulators } from './firebase-config';

const FULL = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'scena.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'scena',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('firebaseConfigFromEnv', () => {
  it('is off (undefined) when nothing is set, whatever else is', () => {
    expect(firebaseConfigFromEnv({})).toBeUndefined();
    expect(firebaseConfigFromEnv({ VITE_ADMIN_EMAIL: 'a@b.co', VITE_FIREBASE_STORAGE_BUCKET: 'b', MODE: 'production', DEV: false })).toBeUndefined();
    expect(firebaseConfigFromEnv({ VITE_FIREBASE_API_KEY: '  ' })).toBeUndefined();
  });

  it('is on with the four required settings; the bucket and the admin e-mail are optional', () => {
    expect(firebaseConfigFromEnv(FULL)).toEqual({
      ok: true,
      config: { apiKey: 'key', authDomain: 'scena.firebaseapp.com', projectId: 'scena', appId: '1:2:web:3' },
    });
    const result = firebaseConfigFromEnv({ ...FULL, VITE_FIREBASE_STORAGE_BUCKET: 'scena.appspot.com', VITE_ADMIN_EMAIL: ' Owner@Example.COM ' });
    expect(result).toMatchObject({ ok: true, config: { storageBucket: 'scena.appspot.com', adminEmail: 'owner@example.com' } });
  });

  it('names every missing setting of a partial configuration', () => {
    expect(firebaseConfigFromEnv({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: 'scena' })).toEqual({
      ok: false,
      missing: ['VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID'],
    });
    const message = incompleteFirebaseMessage(['VITE_FIREBASE_APP_ID']);
    expect(message).toContain('VITE_FIREBASE_APP_ID');
    expect(message).toMatch(/incomplete/);
  });

  it('refuses a malformed admin e-mail or emulator setting instead of guessing', () => {
    expect(firebaseConfigFromEnv({ ...FULL, VITE_ADMIN_EMAIL: 'not-an-address' })).toMatchObject({
      ok: false,
      missing: [expect.stringContaining('VITE_ADMIN_EMAIL')],
    });
    expect(firebaseConfigFromEnv({ ...FULL, VITE_FIREBASE_EMULATORS: 'auth=127.0.0.1' })).toMatchObject({
      ok: false,
      missing: [expect.stringContaining('VITE_FIREBASE_EMULATORS')],
    });
  });

  it('points at the emulators when told', () => {
    expect(firebaseConfigFromEnv({ ...FULL, VITE_FIREBASE_EMULATORS: 'auth=127.0.0.1:9099,firestore=127.0.0.1:8080' })).toMatchObject({
      ok: true,
      config: { emulators: { auth: '127.0.0.1:9099', firestore: '127.0.0.1:8080' } },
    });
    expect(parseEmulators('firestore=localhost:1, auth=[::1]:2')).toEqual({ auth: '[::1]:2', firestore: 'localhost:1' });
    expect(parseEmulators('auth=127.0.0.1:9099')).toBeUndefined();
    expect(parseEmulators('auth=http://x:1,firestore=y:2')).toBeUndefined();
  });
});

describe('isAdminEmail', () => {
  it('compares case-insensitively, and nothing is the admin without an e-mail', () => {
    expect(isAdminEmail('Admin@TudorVale.ro', 'admin@tudorvale.ro')).toBe(true);
    expect(isAdminEmail('admin@tudorvale.ro', 'ADMIN@tudorvale.ro')).toBe(true);
    expect(isAdminEmail('admin@tudorvale.ro.evil.com', 'admin@tudorvale.ro')).toBe(false);
    expect(isAdminEmail(null, 'admin@tudorvale.ro')).toBe(false);
    expect(isAdminEmail('', 'admin@tudorvale.ro')).toBe(false);
  });
});
