/**
 * Booking requests on Firebase (docs/decisions/0025-booking-requests.md), on the real Firestore emulator: the
 * bookings collection is create-only for visitors (one request, exactly the declared fields within their sizes,
 * status new, the server's time); nobody but the admin reads, lists, changes or deletes one. And the public
 * reader's sendBooking, through Firestore's REST API as the page sends it.
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rulesForAdmin } from '../scripts/firebase-rules.mjs';
import { BookingError } from '../src/content/backend';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import { emulators } from './test/emulators';

setLogLevel('silent');
const e = emulators();
const ADMIN = 'admin@scena.test';
const PROJECT = 'demo-scena-bookings';
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = e.firestore.split(':') as [string, string];
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { host, port: Number(port), rules: rulesForAdmin(ADMIN) } });
});
afterAll(async () => {
  await env?.cleanup();
});
beforeEach(async () => {
  await env.clearFirestore();
});

type Db = ReturnType<RulesTestContext['firestore']>;
type Data = Record<string, unknown>;
const serverTime = () => firebase.firestore.FieldValue.serverTimestamp();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const visitor = () => env.unauthenticatedContext().firestore();
const fan = () => env.authenticatedContext('fan', { email: 'fan@scena.test', email_verified: true }).firestore();
const admin = () => env.authenticatedContext('admin', { email: ADMIN, email_verified: true, admin: true }).firestore();

/** A request as a visitor's form creates it. */
const request = (over: Data = {}): Data => ({
  name: 'Ioana Țăran',
  email: 'ioana@example.com',
  service: 'mixing',
  city: '',
  venue: '',
  budget: '300 EUR',
  date: day(30),
  message: 'Could you mix my single? https://files.example/stems',
  lang: 'ro',
  status: 'new',
  receivedAt: serverTime(),
  ...over,
});
const create = (db: Db, data: Data, id?: string) => (id ? db.collection('bookings').doc(id) : db.collection('bookings').doc()).set(data);

/** A stored request (written past the rules), for the reads and changes. */
async function stored(id = 'b1'): Promise<string> {
  await env.withSecurityRulesDisabled((c) => c.firestore().collection('bookings').doc(id).set(request()));
  return id;
}

/**
 * An admin's change as the adapter makes it: the document's changed fields with its next version (the whole value
 * after the change) and the history head, in one batch.
 */
async function recorded(db: Db, id: string, change: Data | null) {
  const key = `bookings~${id}`;
  let last = 0;
  let before: Data = {};
  await env.withSecurityRulesDisabled(async (c) => {
    last = ((await c.firestore().collection('history').doc(key).get()).get('version') as number | undefined) ?? 0;
    before = (await c.firestore().collection('bookings').doc(id).get()).data() ?? {};
  });
  const after = change === null ? null : { ...before, ...change };
  const version = last + 1;
  const action = after === null ? 'remove' : 'update';
  const batch = db.batch();
  const head = db.collection('history').doc(key);
  if (after === null) batch.delete(db.collection('bookings').doc(id));
  else batch.update(db.collection('bookings').doc(id), change!);
  batch.set(head.collection('versions').doc(String(version)), { version, at: serverTime(), action, value: after, changed: [] });
  batch.set(head, { kind: 'bookings', item: id, version, removed: action === 'remove', at: serverTime() });
  return batch.commit();
}

describe('bookings on Firestore', () => {
  it('anyone may create one request with exactly the declared fields, status new, at the server’s time', async () => {
    await assertSucceeds(create(visitor(), request()));
    await assertSucceeds(create(fan(), request({ service: 'other', budget: '', date: '', lang: 'en' })));
    await assertSucceeds(create(visitor(), request({ date: day(-1) })));
  });

  it('refuses a request out of shape: a field too many or missing, a set status or time, an order', async () => {
    const { budget: _b, ...withoutBudget } = request();
    for (const [what, data] of [
      ['an extra field', request({ admin: true })],
      ['a field missing', withoutBudget],
      ['status handled', request({ status: 'handled' })],
      ['a time of its own', request({ receivedAt: firebase.firestore.Timestamp.fromMillis(Date.now() - 60_000) })],
      ['a time as text', request({ receivedAt: new Date().toISOString() })],
      ['a place in the order', request({ order: 0 })],
    ] as const) {
      await assertFails(create(visitor(), data as Data)).catch((error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      });
    }
  });

  it('refuses each field out of its rules: line breaks, sizes, links, choices, a past day', async () => {
    for (const over of [
      { name: '' },
      { name: '   ' },
      { name: 'Ana\r\nBcc: victim@example.com' },
      { name: 'n'.repeat(121) },
      { email: '' },
      { email: 'mailto:ana@example.com' },
      { email: 'ana@example.com\nBcc: x@example.com' },
      { email: 'not an address' },
      { service: 'ghostwriting' },
      { budget: 'b'.repeat(61) },
      { budget: '300\n' },
      { date: day(-2) },
      { date: '2027-13-01' },
      { message: '' },
      { message: 'm'.repeat(5001) },
      { message: 'https://a.example www.b.example http://c.example HTTPS://d.example' },
      { message: 'Hi\u202E' },
      { lang: 'de' },
      { name: 42 },
      // A promoter's request names the event's city (the declaration's check, as on Scena's server).
      { service: 'live', city: '', venue: 'Form Space' },
      { service: 'live', city: '   ', venue: 'Form Space' },
    ]) {
      await assertFails(create(visitor(), request(over))).catch((error: unknown) => {
        throw new Error(`${JSON.stringify(over).slice(0, 80)}: ${String(error)}`);
      });
    }
    // A live show with its city (its venue may not be settled yet); studio work without one.
    await assertSucceeds(create(visitor(), request({ service: 'live', city: 'Cluj-Napoca', venue: '' })));
    await assertSucceeds(create(visitor(), request({ service: 'mixing', city: '', venue: '' })));
    // At the limits, allowed.
    await assertSucceeds(
      create(visitor(), request({ name: 'n'.repeat(120), message: 'https://a.example www.b.example http://c.example', budget: 'b'.repeat(60) })),
    );
  });

  it('nobody but the admin reads, lists, changes or deletes a request; a visitor cannot overwrite one', async () => {
    const id = await stored();
    for (const db of [visitor(), fan()]) {
      await assertFails(db.collection('bookings').doc(id).get());
      await assertFails(db.collection('bookings').get());
      await assertFails(db.collection('bookings').where('status', '==', 'new').get());
      await assertFails(db.collection('bookings').doc(id).update({ status: 'handled' }));
      await assertFails(db.collection('bookings').doc(id).delete());
      await assertFails(recorded(db, id, { status: 'handled' }));
      await assertFails(create(db, request(), id));
    }
    const a = admin();
    await assertSucceeds(a.collection('bookings').doc(id).get());
    await assertSucceeds(a.collection('bookings').get());
    // The admin's changes come with their version, as every content write does.
    await assertFails(a.collection('bookings').doc(id).update({ status: 'handled' }));
    await assertSucceeds(recorded(a, id, { status: 'handled' }));
    await assertFails(recorded(a, id, { status: 'spam' }));
    await assertSucceeds(recorded(a, id, null));
  });
});

describe('the public reader’s sendBooking on Firebase', () => {
  const reader = () =>
    createFirebaseReader({
      config: {
        apiKey: 'demo-key',
        authDomain: `${PROJECT}.firebaseapp.com`,
        projectId: PROJECT,
        appId: 'demo-app',
        emulators: { firestore: e.firestore, auth: e.auth },
      } as never,
    });
  const all = async () => {
    let docs: Data[] = [];
    await env.withSecurityRulesDisabled(async (c) => {
      docs = (await c.firestore().collection('bookings').get()).docs.map((d) => d.data());
    });
    return docs;
  };
  const send = {
    name: 'Mihai Ștefănescu',
    email: 'mihai@example.com',
    service: 'beat',
    budget: '',
    date: '',
    message: 'A beat for my next single, please.',
    lang: 'ro',
    website: '',
  } as const;

  it('creates the request with the server’s time', async () => {
    const before = Date.now();
    await reader().sendBooking!(send);
    const [doc, ...rest] = await all();
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({ name: 'Mihai Ștefănescu', email: 'mihai@example.com', service: 'beat', status: 'new', lang: 'ro' });
    const at = (doc!.receivedAt as firebase.firestore.Timestamp).toMillis();
    expect(at).toBeGreaterThanOrEqual(before - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('is refused by the rules when a field is out of bounds, and stores nothing', async () => {
    const error = await reader().sendBooking!({ ...send, name: 'Ana\r\nBcc: x@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingError);
    expect((error as BookingError).code).toBe('invalid');
    expect(await all()).toEqual([]);
  });

  it('answers a filled honeypot as sent, and stores nothing', async () => {
    await reader().sendBooking!({ ...send, website: 'https://spam.example' });
    expect(await all()).toEqual([]);
  });
});
