/**
 * The shared content-backend contract (src/content/contract), run against the Firebase adapter on the
 * real Auth emulator and the real Firestore emulator with firebase/firestore.rules. The visitor is
 * the public page's REST reader, signed out: what it reads, the rules let anyone read.
 */
import { beforeAll } from 'vitest';
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
