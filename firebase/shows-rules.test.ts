/**
 * Shows on Firebase (issue 23; docs/decisions/0033-shows-model.md), on the real Firestore emulator: the generated rules
 * refuse what they can state of a bad show (a country or time zone of the wrong shape, a time of the wrong shape, an
 * end before the start, doors after it, a rescheduled show without its previous start, a price from without a price, a
 * ticket link that is not https), with the write's version as the admin's adapter makes it; and read a draft to the admin only.
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { rulesForAdmin } from '../scripts/firebase-rules.mjs';
import { fullItem } from '../src/content/fields/declare';
import { shows } from '../src/content/kinds';
import { emulators } from './test/emulators';

setLogLevel('silent');
const e = emulators();
const ADMIN = 'admin@scena.test';
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = e.firestore.split(':') as [string, string];
  env = await initializeTestEnvironment({ projectId: 'demo-scena-shows', firestore: { host, port: Number(port), rules: rulesForAdmin(ADMIN) } });
});
afterAll(async () => {
  await env?.cleanup();
});
beforeEach(async () => {
  await env.clearFirestore();
});

type Db = ReturnType<RulesTestContext['firestore']>;
type Data = Record<string, unknown>;
const admin = () => env.authenticatedContext('admin', { email: ADMIN, email_verified: true, admin: true }).firestore();
const now = () => firebase.firestore.FieldValue.serverTimestamp();

const VALID = {
  ...fullItem(shows, {
    status: 'published',
    venue: 'LX Factory',
    city: 'Lisboa',
    country: 'PT',
    timeZone: 'Europe/Lisbon',
    start: '2027-06-12T18:30',
    tickets: 'https://tickets.example.pt/lx',
    slug: '2027-06-12-lisboa-lx-factory',
  }),
  order: 0,
};

/** A show created as the admin's adapter creates it: the document and its first version in one batch. */
function create(db: Db, change: Data, id = 's1') {
  const data = { ...VALID, ...change };
  const batch = db.batch();
  const head = db.collection('history').doc(`shows~${id}`);
  const { order: _order, ...value } = data;
  batch.set(db.collection('shows').doc(id), data);
  batch.set(head.collection('versions').doc('1'), { version: 1, at: now(), action: 'create', value, changed: [] });
  batch.set(head, { kind: 'shows', item: id, version: 1, removed: false, at: now() });
  return batch.commit();
}

describe('shows: the generated rules', () => {
  it('take a valid show, with a repeated time’s offset, its doors, end and previous start in order', async () => {
    await assertSucceeds(create(admin(), {}));
    await assertSucceeds(
      create(
        admin(),
        { start: '2026-10-25T01:30+01:00', end: '2026-10-25T01:30+00:00', doors: '2026-10-25T00:30', state: 'rescheduled', previousStart: '2026-10-11T22:00' },
        's2',
      ),
    );
    await assertSucceeds(create(admin(), { timeZone: '', country: 'RO', admission: 'from', priceFrom: 60, currency: 'RON' }, 's3'));
  });

  it('refuse a country or a time zone of the wrong shape', async () => {
    for (const country of ['', 'pt', 'PRT', 'P', 7]) await assertFails(create(admin(), { country }));
    for (const timeZone of ['europe/lisbon', '+01:00', 'Europe/Lisbon ', 'Europe//Lisbon', 'x'.repeat(65)]) await assertFails(create(admin(), { timeZone }));
  });

  it('refuse a time of the wrong shape, or no start', async () => {
    for (const start of ['', '2027-06-12', '2027-06-12T24:00', '2027-06-12T18:30Z', '2027-06-12T18:30+1:00', '2027-06-12T18:30:00'])
      await assertFails(create(admin(), { start }));
    for (const end of ['2027-06-12 20:00', '2027-06-12T20:00+25:00']) await assertFails(create(admin(), { end }));
  });

  it('refuse an end before the start, doors after it', async () => {
    await assertFails(create(admin(), { end: '2027-06-12T18:00' }));
    await assertFails(create(admin(), { end: '2027-06-11T23:00' }));
    await assertFails(create(admin(), { doors: '2027-06-12T19:00' }));
  });

  it('refuse a rescheduled show without its previous start, a price from without a price', async () => {
    await assertFails(create(admin(), { state: 'rescheduled' }));
    await assertFails(create(admin(), { admission: 'from', priceFrom: 0 }));
  });

  it('refuse a ticket link that is not https, a description past its size', async () => {
    for (const tickets of ['http://tickets.example.pt/lx', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)']) await assertFails(create(admin(), { tickets }));
    await assertFails(create(admin(), { description_ro: 'ă'.repeat(10_000) }));
  });

  it('let only the admin read a draft', async () => {
    await env.withSecurityRulesDisabled((c) =>
      c
        .firestore()
        .collection('shows')
        .doc('d1')
        .set({ ...VALID, status: 'draft' }),
    );
    await assertFails(env.unauthenticatedContext().firestore().collection('shows').doc('d1').get());
    await assertSucceeds(admin().collection('shows').doc('d1').get());
    await assertSucceeds(env.unauthenticatedContext().firestore().collection('shows').where('status', '==', 'published').get());
  });
});
