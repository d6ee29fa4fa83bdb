/**
 * The shared content-backend contract (src/content/contract), run against the Firebase adapter on the
 * real Auth emulator and the real Firestore emulator with firebase/firestore.rules. The visitor is
 * the public page's REST reader, signed out: what it reads, the rules let anyone read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../src/content/backend';
import { createFirebaseBackend } from '../src/content/backends/firebase';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import { runContentBackendContract } from '../src/content/contract';
import { clearAccounts, clearFirestore, createAccount, emulatorConfig, emulators } from './test/emulators';

const e = emulators();
const ADMIN = { email: e.adminEmail, password: 'Violet-Studio-Nights-42' };
const OTHER = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

beforeAll(async () => {
  await clearAccounts(e);
  await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true }, e);
  await createAccount(OTHER.email, OTHER.password, { emailVerified: true }, e);
});

let n = 0;
runContentBackendContract('firebase (Auth and Firestore emulators)', async () => {
  await clearFirestore(e);
  const config = emulatorConfig(e);
  const backend = createFirebaseBackend({ config, persistence: 'memory', appName: `contract-${++n}` });
  return {
    backend,
    visitor: createFirebaseReader({ config }),
    admin: ADMIN,
    other: OTHER,
    cleanup: async () => {
      await backend.signOut().catch(() => {});
      await backend.dispose();
    },
  };
});

// After the contract (tests of a file run in order): who counts as the admin, beyond a verified address.
describe('firebase: the admin address must be proven', () => {
  const config = emulatorConfig(e);
  const attempt = async (name: string) => {
    await clearFirestore(e);
    const backend = createFirebaseBackend({ config, persistence: 'memory', appName: name });
    try {
      const user = await backend.signIn(ADMIN.email.toUpperCase(), ADMIN.password).catch((error: unknown) => error);
      const write = await backend.saveStats({ monthlyListeners: 7 }).then(
        () => 'saved',
        (error: unknown) => error,
      );
      return { user, write, stored: await createFirebaseReader({ config }).getStats() };
    } finally {
      await backend.signOut().catch(() => {});
      await backend.dispose();
    }
  };

  it('signing up with the admin address is not enough', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, {}, e);
    const { user, write, stored } = await attempt('unverified');
    expect(user).toBeInstanceOf(BackendError);
    expect((user as BackendError).message).toMatch(/^Not authorized: this address is not verified/);
    expect(write).toBeInstanceOf(BackendError);
    expect(stored).toBeUndefined();
  });

  it('the admin claim (scripts/firebase-set-admin.ts) makes an unverified admin address the admin', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, { claims: { admin: true } }, e);
    const { user, write, stored } = await attempt('claimed');
    expect(user).toEqual({ email: ADMIN.email, isAdmin: true });
    expect(write).toBe('saved');
    expect(stored).toEqual({ monthlyListeners: 7 });
  });
});
