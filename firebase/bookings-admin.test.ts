/**
 * A visitor's booking request on Firebase, from the public reader's sendBooking to the admin's inbox through the
 * admin's adapter, on the real Auth and Firestore emulators with firebase/firestore.rules: listed with its
 * arrival time, marked handled, deleted and brought back (its history), as the inbox does it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '../src/content/backends/firebase';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import { clearAccounts, clearFirestore, createAccount, emulatorConfig, emulators } from './test/emulators';

const e = emulators();
const ADMIN = { email: e.adminEmail, password: 'Violet-Studio-Nights-42' };

beforeAll(async () => {
  await clearAccounts(e);
  await createAccount(ADMIN.email, ADMIN.password, { emailVerified: true, claims: { admin: true } }, e);
});

describe('firebase: a booking request in the admin’s inbox', () => {
  it('arrives from the page, is listed with the server’s time, marked handled, deleted and restored', async () => {
    await clearFirestore(e);
    const config = emulatorConfig(e);
    const before = Date.now();
    await createFirebaseReader({ config }).sendBooking!({
      name: 'Ioana Țăran',
      email: 'ioana@example.com',
      service: 'mastering',
      budget: '200 EUR',
      date: '',
      message: 'A master for my EP, please.',
      lang: 'ro',
      website: '',
    });
    const admin = createFirebaseBackend({ config, persistence: 'memory', appName: 'bookings-admin' });
    try {
      await admin.signIn(ADMIN.email, ADMIN.password);
      const [item, ...rest] = await admin.list('bookings');
      expect(rest).toEqual([]);
      expect(item).toMatchObject({ name: 'Ioana Țăran', email: 'ioana@example.com', service: 'mastering', status: 'new', lang: 'ro' });
      const at = Date.parse(item!.receivedAt);
      expect(item!.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(at).toBeGreaterThanOrEqual(before - 5_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 5_000);

      const { id, ...value } = item!;
      await admin.update('bookings', id, { ...value, status: 'handled' });
      const [handled] = await admin.list('bookings');
      expect(handled).toMatchObject({ id, status: 'handled', receivedAt: item!.receivedAt });

      await admin.remove('bookings', id);
      expect(await admin.list('bookings')).toEqual([]);
      const [removed] = await admin.removedItems('bookings');
      expect(removed).toMatchObject({ id, value: { name: 'Ioana Țăran', status: 'handled' } });
      await admin.restoreVersion('bookings', id, removed!.version);
      expect(await admin.list('bookings')).toEqual([expect.objectContaining({ id, status: 'handled', receivedAt: item!.receivedAt })]);
    } finally {
      await admin.signOut().catch(() => {});
      await admin.dispose();
    }
  });
});
