/**
 * The shared content-backend contract (src/content/contract), run against the Firebase adapter on the
 * real Auth emulator and the real Firestore emulator with firebase/firestore.rules. The visitor is
 * the public page's REST reader, signed out: what it reads, the rules let anyone read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../src/content/backend';
import { createFirebaseBackend } from '../src/content/backends/firebase';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import { runContentBackendContract, type ContractFixture } from '../src/content/contract';
import { runHistoryContract } from '../src/content/contract/history';
import { runValidationContract } from '../src/content/contract/validation';
import { LIST_LIMITS } from '../src/content/model';
import { clearAccounts, clearFirestore, createAccount, emulatorConfig, emulators, seedList } from './test/emulators';

const e = emulators();
const ADMIN = { email: e.adminEmail, password: 'Violet-Studio-Nights-42' };
const OTHER = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

beforeAll(async () => {
  await clearAccounts(e);
  // The admin as README step 6 makes it: a verified address and the admin claim.
  await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true, claims: { admin: true } }, e);
  await createAccount(OTHER.email, OTHER.password, { emailVerified: true }, e);
});

let n = 0;
async function fixture(): Promise<ContractFixture> {
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
}
runContentBackendContract('firebase (Auth and Firestore emulators)', fixture);
runValidationContract('firebase (Auth and Firestore emulators)', fixture);
runHistoryContract('firebase (Auth and Firestore emulators)', fixture);

describe('firebase: the list cap', () => {
  for (const list of ['releases', 'collaborators'] as const) {
    it(`${list}: an add to a list of ${LIST_LIMITS[list]} is refused with the server's words; after a removal it fits`, async () => {
      const f = await fixture();
      try {
        await seedList(list, LIST_LIMITS[list], e);
        await f.backend.signIn(ADMIN.email, ADMIN.password);
        const add = () =>
          list === 'releases'
            ? f.backend.add('releases', { title: 'One more', meta: '', url: '', cover: '' })
            : f.backend.add('collaborators', { name: 'One more', role: 'Artist' });
        const error = await add().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BackendError);
        expect(error).toMatchObject({ message: `${list}: at most ${LIST_LIMITS[list]} items; remove one first`, code: 'list-full', field: list });
        const items = list === 'releases' ? await f.visitor.content().then((c) => c.releases) : await f.visitor.content().then((c) => c.collaborators);
        expect(items).toHaveLength(LIST_LIMITS[list]);
        await (list === 'releases' ? f.backend.remove('releases', items[0]!.id) : f.backend.remove('collaborators', items[0]!.id));
        expect((await add()).id).toBeTruthy();
      } finally {
        await f.cleanup();
      }
    }, 60_000);
  }
});

// After the contract (tests of a file run in order): who counts as the admin. The rules require the
// admin's address, verified, AND the admin claim (scripts/firebase-set-admin.ts); the adapter says what is missing.
describe('firebase: the admin address must be verified and carry the admin claim', () => {
  const config = emulatorConfig(e);
  const attempt = async (name: string) => {
    await clearFirestore(e);
    const backend = createFirebaseBackend({ config, persistence: 'memory', appName: name });
    try {
      const user = await backend.signIn(ADMIN.email.toUpperCase(), ADMIN.password).catch((error: unknown) => error);
      const write = await backend.save('stats', { monthlyListeners: 7 }).then(
        () => 'saved',
        (error: unknown) => error,
      );
      return {
        user,
        write,
        stored: await createFirebaseReader({ config })
          .content()
          .then((c) => c.stats),
      };
    } finally {
      await backend.signOut().catch(() => {});
      await backend.dispose();
    }
  };
  const refused = (result: Awaited<ReturnType<typeof attempt>>, message: string) => {
    expect(result.user).toBeInstanceOf(BackendError);
    expect((result.user as BackendError).message).toBe(message);
    expect(result.write).toBeInstanceOf(BackendError);
    expect(result.stored).toBeUndefined();
  };

  it('signing up with the admin address is not enough', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, {}, e);
    refused(await attempt('neither'), 'Not authorized: this address is not verified and has no admin claim yet. See "Make the admin" in docs/firebase.md.');
  });

  it('a verified address without the admin claim is not the admin', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true }, e);
    refused(await attempt('verified-only'), 'Not authorized: this account has no admin claim yet. See "Make the admin" in docs/firebase.md.');
  });

  it('the admin claim on an unverified address is not the admin', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, { claims: { admin: true } }, e);
    refused(await attempt('claim-only'), 'Not authorized: this address is not verified yet. See "Make the admin" in docs/firebase.md.');
  });

  it('a verified admin address with the admin claim is the admin', async () => {
    await clearAccounts(e);
    await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true, claims: { admin: true } }, e);
    const { user, write, stored } = await attempt('both');
    expect(user).toEqual({ email: ADMIN.email, isAdmin: true });
    expect(write).toBe('saved');
    expect(stored).toEqual({ monthlyListeners: 7 });
  });
});

// Two tabs of the admin saving at the same moment: each save reads the head and writes the next version,
// so both must land, one after the other, as two versions (never two "version 2", never a refused save).
describe('firebase: history, two tabs at once', () => {
  it('saves racing each other each get their own version, in one sequence', async () => {
    const first = await fixture();
    const second = createFirebaseBackend({ config: emulatorConfig(e), persistence: 'memory', appName: `contract-tab-${++n}` });
    try {
      await first.backend.signIn(ADMIN.email, ADMIN.password);
      await second.signIn(ADMIN.email, ADMIN.password);
      await first.backend.save('stats', { monthlyListeners: 1 });
      await Promise.all([
        first.backend.save('settings', { heroTitle_en: 'From tab one' }),
        second.save('settings', { heroTitle_ro: 'Din fila a doua' }),
        first.backend.save('stats', { monthlyListeners: 2 }),
        second.save('stats', { monthlyListeners: 3 }),
      ]);
      const settingsHistory = await first.backend.history!('settings');
      expect(settingsHistory.map((v) => v.version)).toEqual([2, 1]);
      expect(settingsHistory[0]!.value).toEqual({ heroTitle_en: 'From tab one', heroTitle_ro: 'Din fila a doua' });
      expect(await first.visitor.content().then((c) => c.settings)).toEqual({ heroTitle_en: 'From tab one', heroTitle_ro: 'Din fila a doua' });
      const statsHistory = await second.history!('stats');
      expect(statsHistory.map((v) => v.version)).toEqual([3, 2, 1]);
      expect(await first.visitor.content().then((c) => c.stats)).toEqual(statsHistory[0]!.value);
    } finally {
      await second.signOut().catch(() => {});
      await second.dispose();
      await first.cleanup();
    }
  });
});
