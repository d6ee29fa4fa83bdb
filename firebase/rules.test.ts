/**
 * firebase/firestore.rules on the real Firestore emulator (@firebase/rules-unit-testing):
 * who may do what where, and which payloads are refused.
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configuredAdminEmail, rulesAdminEmail, rulesForAdmin } from '../scripts/firebase-rules.mjs';
import { INVISIBLE_CHARS } from '../src/content/fields/arbitraries';
import { LIMITS } from '../src/content/model';
import { emulators } from './test/emulators';
import { fullItem } from '../src/content/fields/declare';
import { releases as releaseKind } from '../src/content/kinds';

// Refusals are what these tests expect: the SDK need not log each one.
setLogLevel('silent');
const e = emulators();
const ADMIN = 'admin@scena.test';
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = e.firestore.split(':') as [string, string];
  env = await initializeTestEnvironment({
    projectId: 'demo-scena-rules',
    firestore: { host, port: Number(port), rules: rulesForAdmin(ADMIN) },
  });
});
afterAll(async () => {
  await env?.cleanup();
});

type Db = ReturnType<RulesTestContext['firestore']>;
type Data = Record<string, unknown>;
const now = () => firebase.firestore.FieldValue.serverTimestamp();

/** A settings merge as Firestore makes it: the links one by one. */
function merged(before: Data | undefined, change: Data): Data {
  if (!before) return change;
  const links = (v: unknown) => (v && typeof v === 'object' ? (v as Data) : undefined);
  const out = { ...before, ...change };
  if (links(before.links) && links(change.links)) out.links = { ...links(before.links), ...links(change.links) };
  return out;
}

/**
 * A content write as the adapter makes it: the document, its next version and the history head in one
 * batch, written as `db`'s identity. What is there before is read as the project owner, so that only
 * the writes meet the rules. `change` null removes; `merge` merges into the stored document.
 */
async function recordedWrite(db: Db, path: string, change: Data | null, options: { merge?: boolean; action?: string } = {}) {
  const [kind, item] = path.split('/') as [string, string];
  const key = `${kind}~${item}`;
  let before: Data | undefined;
  let last = 0;
  await env.withSecurityRulesDisabled(async (c) => {
    before = (await c.firestore().doc(path).get()).data();
    last = ((await c.firestore().collection('history').doc(key).get()).get('version') as number | undefined) ?? 0;
  });
  const after = change === null ? null : options.merge ? merged(before, change) : change;
  const action = options.action ?? (after === null ? 'remove' : before ? 'update' : 'create');
  const version = last + 1;
  const batch = db.batch();
  const head = db.collection('history').doc(key);
  if (after === null) batch.delete(db.doc(path));
  else batch.set(db.doc(path), after);
  const { order: _order, ...value } = after ?? {};
  batch.set(head.collection('versions').doc(String(version)), { version, at: now(), action, value: after === null ? null : value, changed: [] });
  batch.set(head, { kind, item, version, removed: action === 'remove', at: now() });
  return batch.commit();
}
/** One client per identity, made on first use (each client holds its own connection). */
function once(make: () => Db): () => Db {
  let db: Db | undefined;
  return () => (db ??= make());
}
const IDENTITIES: Record<string, { can: boolean; db: () => Db }> = {
  'signed out': { can: false, db: once(() => env.unauthenticatedContext().firestore()) },
  'another account': { can: false, db: once(() => env.authenticatedContext('fan', { email: 'fan@scena.test', email_verified: true }).firestore()) },
  'the admin address, unverified': {
    can: false,
    db: once(() => env.authenticatedContext('squatter', { email: ADMIN, email_verified: false }).firestore()),
  },
  'the admin claim on another address': {
    can: false,
    db: once(() => env.authenticatedContext('claimed', { email: 'fan@scena.test', email_verified: true, admin: true }).firestore()),
  },
  'the admin, verified, without the admin claim': {
    can: false,
    db: once(() => env.authenticatedContext('admin-verified', { email: ADMIN, email_verified: true }).firestore()),
  },
  'the admin, with the admin claim, unverified': {
    can: false,
    db: once(() => env.authenticatedContext('admin-claim', { email: ADMIN, email_verified: false, admin: true }).firestore()),
  },
  'the admin, with the admin claim as a string': {
    can: false,
    db: once(() => env.authenticatedContext('admin-claim-text', { email: ADMIN, email_verified: true, admin: 'true' }).firestore()),
  },
  'the admin, verified, with the admin claim': {
    can: true,
    db: once(() => env.authenticatedContext('admin', { email: ADMIN, email_verified: true, admin: true }).firestore()),
  },
  'the admin, verified, with the admin claim, in capitals': {
    can: true,
    db: once(() => env.authenticatedContext('admin-caps', { email: ADMIN.toUpperCase(), email_verified: true, admin: true }).firestore()),
  },
};

const VALID = {
  settings: { heroTitle_en: 'Night drives', email: 'mailto:booking@example.com', links: { spotify: 'https://open.spotify.com/artist/x' } },
  stats: { monthlyListeners: 1234 },
  releases: { ...fullItem(releaseKind, { title: 'Nocturn', slug: 'nocturn', meta: 'Album · 2023', url: 'https://open.spotify.com/album/n' }), order: 0 },
  media: {
    src: 'https://images.example.com/nocturn.jpg',
    width: 1200,
    height: 1200,
    placeholder: '',
    name: 'nocturn.jpg',
    alt_en: 'The cover',
    alt_ro: 'Coperta',
    order: 0,
  },
  collaborators: { name: 'Irina Dobre', roleKind: 'own', role: 'Artist', roleRo: '', order: 0 },
} as const;

/** The four content paths, and what each operation does on each of them. */
const PATHS = [
  { name: 'settings/main', collection: 'settings', id: 'main', data: VALID.settings, list: false, del: false, newId: false },
  { name: 'stats/main', collection: 'stats', id: 'main', data: VALID.stats, list: false, del: false, newId: false },
  { name: 'releases/*', collection: 'releases', id: 'r1', data: VALID.releases, list: true, del: true, newId: true },
  { name: 'collaborators/*', collection: 'collaborators', id: 'c1', data: VALID.collaborators, list: true, del: true, newId: true },
  { name: 'media/*', collection: 'media', id: 'm1', data: VALID.media, list: true, del: true, newId: true },
] as const;

async function seed() {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const p of PATHS) await db.collection(p.collection).doc(p.id).set(p.data);
    await db
      .collection('releases')
      .doc('draft1')
      .set({ ...VALID.releases, title: 'Unannounced', slug: 'unannounced', status: 'draft' });
    await db.collection('settings').doc('other').set({ heroTitle_en: 'not public' });
    await db.collection('secrets').doc('s').set({ value: 'x' });
  });
}

describe('who may do what, where', () => {
  beforeAll(seed);
  for (const [who, identity] of Object.entries(IDENTITIES)) {
    describe(who, () => {
      for (const p of PATHS) {
        it(`${p.name}: get allowed`, async () => {
          await assertSucceeds(identity.db().collection(p.collection).doc(p.id).get());
        });
        it(`${p.name}: list ${p.list ? 'allowed' : 'refused (single document)'}`, async () => {
          // Releases hold drafts: a visitor lists the published ones, as the public page's query asks.
          const collection = identity.db().collection(p.collection);
          const list = p.collection === 'releases' && !identity.can ? collection.where('status', '==', 'published').get() : collection.get();
          await (p.list ? assertSucceeds(list) : assertFails(list));
        });
        it(`${p.name}: create ${identity.can ? 'allowed' : 'refused'}`, async () => {
          const db = identity.db();
          const id = p.newId ? db.collection(p.collection).doc().id : p.id;
          // settings/main and stats/main exist: creating them again is a set, checked like an update.
          const write = recordedWrite(db, `${p.collection}/${id}`, p.data);
          await (identity.can ? assertSucceeds(write) : assertFails(write));
        });
        it(`${p.name}: update ${identity.can ? 'allowed' : 'refused'}`, async () => {
          const write = recordedWrite(identity.db(), `${p.collection}/${p.id}`, p.data, { merge: true });
          await (identity.can ? assertSucceeds(write) : assertFails(write));
        });
        it(`${p.name}: delete ${identity.can && p.del ? 'allowed' : 'refused'}`, async () => {
          const db = identity.db();
          let id: string = p.id;
          if (p.del) {
            // A document of its own to delete, so the others stay for the next identity.
            id = `${p.id}-${Object.keys(IDENTITIES).indexOf(who)}`;
            await env.withSecurityRulesDisabled((c) => c.firestore().collection(p.collection).doc(id).set(p.data));
          }
          const del = recordedWrite(db, `${p.collection}/${id}`, null);
          await (identity.can && p.del ? assertSucceeds(del) : assertFails(del));
        });
      }
      it(`a draft release: ${identity.can ? 'read and listed' : 'neither read nor listed'}`, async () => {
        const db = identity.db();
        const reads: Promise<unknown>[] = [
          db.collection('releases').doc('draft1').get(),
          db.collection('releases').get(),
          db.collection('releases').where('status', '==', 'draft').get(),
        ];
        for (const read of reads) await (identity.can ? assertSucceeds(read) : assertFails(read));
      });
      it('anything else: refused to read and to write', async () => {
        const db = identity.db();
        await assertFails(db.collection('settings').doc('other').get());
        await assertFails(db.collection('settings').doc('other').set({ heroTitle_en: 'x' }));
        await assertFails(db.collection('secrets').doc('s').get());
        await assertFails(db.collection('secrets').get());
        await assertFails(db.collection('secrets').doc('new').set({ value: 'x' }));
        await assertFails(db.collection('releases').doc('r1').collection('notes').doc('n').set({ text: 'x' }));
      });
    });
  }
});

describe('payloads: the admin writes only what the model allows', () => {
  const admin = () => IDENTITIES['the admin, verified, with the admin claim']!.db();
  beforeEach(seed);

  const settings = (data: Data) => recordedWrite(admin(), 'settings/main', data, { merge: true });
  const stats = (data: Data) => recordedWrite(admin(), 'stats/main', data, { merge: true });
  const release = (data: Data) => recordedWrite(admin(), `releases/${admin().collection('releases').doc().id}`, data);
  const collaborator = (data: Data) => recordedWrite(admin(), `collaborators/${admin().collection('collaborators').doc().id}`, data);
  const image = (data: Data) => recordedWrite(admin(), `media/${admin().collection('media').doc().id}`, data);

  it('links: only https:// with a host, or empty', async () => {
    for (const url of ['', 'https://open.spotify.com/album/x', 'https://x.com/a?b=c#d', 'HTTPS://www.youtube.com/@x']) {
      await assertSucceeds(settings({ links: { youtube: url } }));
      await assertSucceeds(release({ ...VALID.releases, url }));
    }
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      ' https://leading.space',
      'https://trailing.space ',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'http://plain.example',
      'https://',
      'https://user:pass@evil.example',
      '//no.scheme',
      'https://tab\there',
      'https://nul\u0000.example',
      `https://long.example/${'a'.repeat(LIMITS.url)}`,
    ]) {
      await assertFails(settings({ links: { spotify: url } }));
      await assertFails(release({ ...VALID.releases, url }));
    }
  });

  it('settings: known keys only, text within LIMITS, the e-mail an address or mailto:', async () => {
    await assertSucceeds(settings({ heroTitle_ro: 'ș'.repeat(LIMITS.heroTitle), bio1_ro: 'ă'.repeat(LIMITS.bio), bio2_en: 'Line one\nline two\ttab' }));
    await assertSucceeds(settings({ email: 'booking@example.com' }));
    await assertSucceeds(settings({ email: 'MAILTO:booking@example.com' }));
    await assertSucceeds(settings({ email: '' }));
    await assertFails(settings({ heroTitle_en: 'x'.repeat(LIMITS.heroTitle + 1) }));
    await assertFails(settings({ bio3_en: 'x'.repeat(LIMITS.bio + 1) }));
    await assertFails(settings({ heroTitle_en: 'bell\u0007' }));
    await assertFails(settings({ heroTitle_en: 42 }));
    await assertFails(settings({ heroTitle_en: null }));
    await assertFails(settings({ bio1_en: ['a'] }));
    await assertFails(settings({ isAdmin: true }));
    await assertFails(settings({ heroTitle_de: 'Hallo' }));
    await assertFails(settings({ links: 'https://open.spotify.com' }));
    await assertFails(settings({ links: { myspace: 'https://myspace.com/x' } }));
    await assertFails(settings({ links: { spotify: 5 } }));
    for (const email of ['javascript:alert(1)', 'not an address', 'a@b', 'mailto:', 'a@b.co?subject=x y', `${'a'.repeat(250)}@b.co`, 'a@b.co\u0000']) {
      await assertFails(settings({ email }));
    }
  });

  it('settings: the Kit form uid is letters and digits, and a save of every field with it stays within the rules’ limits', async () => {
    const link = (path: string) => `https://www.${path}.com/tudorvale`;
    // Every field at once, each at its longest: the rule Firestore evaluates in full (a plain text uid pushed it past 1,000 expressions).
    await assertSucceeds(
      settings({
        ...Object.fromEntries(
          ['heroTitle', 'bio1', 'bio2', 'bio3'].flatMap((f) =>
            ['en', 'ro'].map((l) => [`${f}_${l}`, 'ș'.repeat(f === 'heroTitle' ? LIMITS.heroTitle : LIMITS.bio)]),
          ),
        ),
        email: 'mailto:booking@example.com',
        links: {
          spotify: link('spotify'),
          artistconnect: link('artists'),
          youtube: 'https://www.youtube.com/@tudorvale',
          instagram: link('instagram'),
          tiktok: link('tiktok'),
          twitter: link('x'),
        },
        portrait: '',
        shareImage: '',
        featuredRelease: 'r1',
        vlog: 'https://www.youtube.com/watch?v=abc',
        releaseCount: 12,
        discographyOrder: 'admin',
        producerTag: '',
        newsletter: 'kit',
        kitUid: '8f3c2a1b7e',
      }),
    );
    await assertSucceeds(settings({ kitUid: '' }));
    await assertSucceeds(settings({ kitUid: 'AbC123'.padEnd(40, '0') }));
    for (const kitUid of ['8f3c-2a1b', '8f3c 2a1b', '"><script>', 'ș1', '1'.repeat(41), 42, null]) await assertFails(settings({ kitUid }));
  });

  it('the contact e-mail: never a mailto: query, fragment or escape', async () => {
    for (const email of [
      'mailto:a@b.ro?bcc=x%40y.com',
      'mailto:a@b.ro?cc=x%40y.com',
      'mailto:a@b.ro?subject=Hello',
      'MAILTO:a@b.ro?body=hi',
      'a@b.ro?subject=Hello',
      'mailto:a@b.ro%3Fbcc=x',
      'mailto:a%3fb@c.ro',
      'a?b@c.ro',
      'mailto:a@b.ro#x',
      'a\u202E@b.ro',
      'a\u200D@b.ro',
    ]) {
      await assertFails(settings({ email }));
    }
    await assertSucceeds(settings({ email: 'mailto:booking+scena@example.com' }));
  });

  it('names and titles: no invisible or direction-changing characters, emoji joiners allowed', async () => {
    // Every character in one field, and one character in every kind of field: the fields share one generated rule
    // (isPlainText), so this finds a character it misses and a field without it, in 23 writes instead of 7 × 17 (which
    // took more than 30 s on the emulator of a busy 2-core machine).
    for (const ch of INVISIBLE_CHARS) await assertFails(settings({ heroTitle_en: `Irina ${ch}Dobre` }));
    const spoof = `Irina ${INVISIBLE_CHARS[0]}Dobre`;
    await assertFails(settings({ heroTitle_ro: spoof }));
    await assertFails(settings({ bio2_ro: spoof }));
    await assertFails(release({ ...VALID.releases, title: spoof }));
    await assertFails(release({ ...VALID.releases, meta: spoof }));
    await assertFails(collaborator({ ...VALID.collaborators, name: spoof }));
    await assertFails(collaborator({ ...VALID.collaborators, role: spoof }));
    // A joiner only where it joins two pictographs: at either end, or beside a letter, it is refused.
    for (const title of ['\u200D🎤', '🎤\u200D', 'a\u200D🎤', '🎤\u200Da', '🎤\u200D\u200D🎸']) await assertFails(release({ ...VALID.releases, title }));
    for (const name of ['Irina 🧑‍🎤', 'Pride 🏳️‍🌈', '👩🏽‍🎤 Ana', 'Ștefan și Țuțu (ă â î)', 'عمر']) {
      await assertSucceeds(collaborator({ ...VALID.collaborators, name }));
      await assertSucceeds(settings({ heroTitle_ro: name }));
    }
  });

  it('stats: monthlyListeners a whole number from 0 to the limit, nothing else', async () => {
    for (const n of [0, 99, 12_345, LIMITS.monthlyListeners]) await assertSucceeds(stats({ monthlyListeners: n }));
    for (const n of [-1, 2.5, -0.5, LIMITS.monthlyListeners + 1, '5', null, true]) await assertFails(stats({ monthlyListeners: n }));
    await assertFails(stats({ monthlyListeners: 5, fake: 1 }));
    await assertFails(admin().collection('stats').doc('main').set({ listeners: 5 }));
  });

  it('releases: all fields, each of its type and size, and a whole-number order', async () => {
    // Every field of the declaration (fullItem), each checked; one missing or of the wrong type is refused.
    const full = (v: Data) => ({ ...VALID.releases, ...v });
    await assertSucceeds(release(full({ title: 't'.repeat(LIMITS.title), meta: 'm'.repeat(LIMITS.meta), url: '', order: 3 })));
    await assertFails(release(full({ title: 't'.repeat(LIMITS.title + 1) })));
    await assertFails(release(full({ meta: 'm'.repeat(LIMITS.meta + 1) })));
    await assertFails(release({ title: 't', meta: 'm', url: '', cover: '', order: 0 }));
    const { order: _order, ...withoutOrder } = VALID.releases;
    await assertFails(release(withoutOrder));
    await assertFails(release(full({ cover: '../x' })));
    await assertFails(release(full({ order: -1 })));
    await assertFails(release(full({ order: 1.5 })));
    await assertFails(release(full({ order: '1' })));
    await assertFails(release(full({ meta: 7 })));
    await assertFails(release(full({ html: '<script>' })));
    // The release cycle's fields: a platform's link on its own hosts only, an address part, a choice, a wall time.
    await assertSucceeds(release(full({ links: { spotify: 'https://open.spotify.com/album/x', bandcamp: 'https://tudorvale.bandcamp.com/album/x' } })));
    await assertFails(release(full({ links: { spotify: 'https://www.youtube.com/watch?v=x' } })));
    await assertFails(release(full({ links: { spotify: 'https://open.spotify.com.evil.example/album/x' } })));
    await assertFails(release(full({ links: { bandcamp: 'https://bandcamp.com.evil.example/x' } })));
    await assertFails(release(full({ links: { deezer: 'javascript:alert(1)' } })));
    await assertFails(release(full({ links: { myspace: 'https://myspace.com/x' } })));
    for (const slug of ['a/b', '..', 'A', 'a--b', '-a', 'lumini-de-oraș']) await assertFails(release(full({ slug })));
    await assertFails(release(full({ status: 'scheduled' })));
    await assertFails(release(full({ kind: 'mixtape' })));
    for (const date of ['2026-12-05T24:00', '2026-13-01T00:00', '2026-12-05', '2026-12-05T10:00:00Z']) await assertFails(release(full({ date })));
    await assertSucceeds(release(full({ date: '2026-12-05T20:00', status: 'draft', kind: 'ep', tracks: 4 })));
    // Reordering changes `order` alone; an edit keeps the rules' checks.
    await assertSucceeds(admin().collection('releases').doc('r1').update({ order: 7 }));
    await assertFails(admin().collection('releases').doc('r1').update({ url: 'javascript:alert(1)' }));
    await assertFails(admin().collection('releases').doc('r1').update({ extra: 'x' }));
  });

  it('media: an image by its https address, with its size, a WebP placeholder or none, and its alt texts', async () => {
    await assertSucceeds(image(VALID.media));
    await assertSucceeds(image({ ...VALID.media, placeholder: 'data:image/webp;base64,UklGRg==', alt_ro: '' }));
    for (const src of ['', 'http://images.example.com/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/media/../x'])
      await assertFails(image({ ...VALID.media, src }));
    for (const placeholder of ['data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PHNjcmlwdD4=', `data:image/webp;base64,${'A'.repeat(1500)}`])
      await assertFails(image({ ...VALID.media, placeholder }));
    for (const width of [0, -1, 1.5, 50_001, '100']) await assertFails(image({ ...VALID.media, width }));
    await assertFails(image({ ...VALID.media, alt_en: 'x'.repeat(251) }));
    await assertFails(image({ ...VALID.media, caption: 'extra' }));
  });

  it('collaborators: name and role within LIMITS, and a whole-number order', async () => {
    await assertSucceeds(collaborator({ name: 'n'.repeat(LIMITS.name), roleKind: 'own', role: 'r'.repeat(LIMITS.role), roleRo: '', order: 0 }));
    await assertFails(collaborator({ name: 'n'.repeat(LIMITS.name + 1), roleKind: 'own', role: 'r', roleRo: '', order: 0 }));
    await assertFails(collaborator({ name: 'n', roleKind: 'own', role: 'r'.repeat(LIMITS.role + 1), roleRo: '', order: 0 }));
    await assertFails(collaborator({ name: 'n', role: 5, order: 0 }));
    await assertFails(collaborator({ name: 'n', role: 'r', order: 0, photo: 'https://x.example/p.jpg' }));
    await assertFails(collaborator({ name: 'n', role: 'r' }));
  });

  it('refused writes change nothing', async () => {
    await assertFails(settings({ heroTitle_en: 'x', links: { spotify: 'javascript:alert(1)' } }));
    const stored = await env.withSecurityRulesDisabled(async (c) => {
      const snapshot = await c.firestore().collection('settings').doc('main').get();
      expect(snapshot.data()).toEqual(VALID.settings);
    });
    expect(stored).toBeUndefined();
  });
});

describe("history: the admin's alone, and never apart from the write it records", () => {
  const admin = () => IDENTITIES['the admin, verified, with the admin claim']!.db();
  const head = (db: Db, key: string) => db.collection('history').doc(key);
  const version = (db: Db, key: string, n: number) => head(db, key).collection('versions').doc(String(n));
  /** settings/main at version 2 (two saves), as the adapter leaves it. */
  beforeEach(async () => {
    await env.clearFirestore();
    await recordedWrite(admin(), 'settings/main', { heroTitle_en: 'One' });
    await recordedWrite(admin(), 'settings/main', { heroTitle_en: 'Two' });
    await recordedWrite(admin(), 'releases/r1', VALID.releases);
  });

  for (const [who, identity] of Object.entries(IDENTITIES)) {
    it(`${who}: reading history ${identity.can ? 'allowed' : 'refused'}`, async () => {
      const db = identity.db();
      const reads: (() => Promise<unknown>)[] = [
        () => head(db, 'settings~main').get(),
        () => db.collection('history').get(),
        () => db.collection('history').where('kind', '==', 'releases').where('removed', '==', true).get(),
        () => version(db, 'settings~main', 1).get(),
        () => head(db, 'settings~main').collection('versions').get(),
      ];
      for (const read of reads) {
        await (identity.can ? assertSucceeds(read()) : assertFails(read()));
      }
    });
    if (!identity.can) {
      it(`${who}: writing history refused, even as the adapter writes it`, async () => {
        await assertFails(recordedWrite(identity.db(), 'settings/main', { heroTitle_en: 'Three' }));
        const batch = identity.db().batch();
        batch.set(version(identity.db(), 'settings~main', 3), { version: 3, at: now(), action: 'update', value: { heroTitle_en: 'Two' }, changed: [] });
        batch.set(head(identity.db(), 'settings~main'), { kind: 'settings', item: 'main', version: 3, removed: false, at: now() });
        await assertFails(batch.commit());
      });
    }
  }

  it('a content write without its next version is refused, with it allowed', async () => {
    const db = admin();
    await assertFails(db.collection('settings').doc('main').set({ heroTitle_en: 'Three' }));
    await assertFails(db.collection('settings').doc('main').set({ heroTitle_en: 'Three' }, { merge: true }));
    await assertFails(db.collection('stats').doc('main').set(VALID.stats));
    await assertFails(db.collection('releases').doc('r2').set(VALID.releases));
    await assertFails(db.collection('releases').doc('r1').update({ title: 'Renamed' }));
    await assertFails(db.collection('releases').doc('r1').delete());
    await assertFails(db.collection('collaborators').doc('c1').set(VALID.collaborators));
    // A reorder is not a version: `order` alone moves without one.
    await assertSucceeds(db.collection('releases').doc('r1').update({ order: 4 }));
    await assertSucceeds(recordedWrite(db, 'settings/main', { heroTitle_en: 'Three' }));
    await assertSucceeds(recordedWrite(db, 'stats/main', VALID.stats));
    await assertSucceeds(recordedWrite(db, 'releases/r1', { ...VALID.releases, title: 'Renamed' }));
    await assertSucceeds(recordedWrite(db, 'collaborators/c1', VALID.collaborators));
    await assertSucceeds(recordedWrite(db, 'releases/r1', null));
  });

  it('a content write with a version of the wrong action, number or value is refused', async () => {
    const db = admin();
    const write = (entry: Data, headVersion = 3, content: Data = { heroTitle_en: 'Three' }) => {
      const batch = db.batch();
      batch.set(db.collection('settings').doc('main'), content);
      batch.set(version(db, 'settings~main', headVersion), { version: headVersion, at: now(), action: 'update', value: content, changed: [], ...entry });
      batch.set(head(db, 'settings~main'), { kind: 'settings', item: 'main', version: headVersion, removed: false, at: now() });
      return batch.commit();
    };
    await assertFails(write({ action: 'remove' }));
    await assertFails(write({ action: 'erase' }));
    await assertFails(write({}, 4));
    await assertFails(write({}, 2));
    await assertFails(write({ value: { heroTitle_en: 'Something else' } }));
    await assertFails(write({ value: null }));
    await assertFails(write({ value: 'Three' }));
    await assertFails(write({ changed: 'heroTitle_en' }));
    await assertFails(write({ at: firebase.firestore.Timestamp.fromMillis(0) }));
    await assertFails(write({ note: 'extra' }));
    await assertSucceeds(write({}));
  });

  it('history is never written apart from its content: no made-up version, no rewritten one', async () => {
    const db = admin();
    // The next version of settings, but settings left as they are.
    const made = db.batch();
    made.set(version(db, 'settings~main', 3), { version: 3, at: now(), action: 'update', value: { heroTitle_en: 'Made up' }, changed: [] });
    made.set(head(db, 'settings~main'), { kind: 'settings', item: 'main', version: 3, removed: false, at: now() });
    await assertFails(made.commit());
    // A version alone, or a head alone.
    await assertFails(version(db, 'settings~main', 3).set({ version: 3, at: now(), action: 'update', value: { heroTitle_en: 'Two' }, changed: [] }));
    await assertFails(head(db, 'settings~main').set({ kind: 'settings', item: 'main', version: 3, removed: false, at: now() }));
    // Rewriting or deleting a kept version.
    await assertFails(version(db, 'settings~main', 1).set({ version: 1, at: now(), action: 'create', value: { heroTitle_en: 'Two' }, changed: [] }));
    await assertFails(version(db, 'settings~main', 1).delete());
    await assertFails(head(db, 'settings~main').delete());
    // A head for another kind or another item than its name says.
    const wrong = db.batch();
    wrong.set(db.collection('settings').doc('main'), { heroTitle_en: 'Three' });
    wrong.set(version(db, 'settings~main', 3), { version: 3, at: now(), action: 'update', value: { heroTitle_en: 'Three' }, changed: [] });
    wrong.set(head(db, 'settings~main'), { kind: 'secrets', item: 'main', version: 3, removed: false, at: now() });
    await assertFails(wrong.commit());
  });

  it(`only versions past the last 50 are deleted, in the batch that adds the newest`, async () => {
    const db = admin();
    await env.withSecurityRulesDisabled(async (c) => {
      await c.firestore().collection('history').doc('stats~main').set({ kind: 'stats', item: 'main', version: 50, removed: false, at: new Date() });
      await c.firestore().doc('stats/main').set({ monthlyListeners: 50 });
    });
    const next = (deleted: number[]) => {
      const batch = db.batch();
      batch.set(db.doc('stats/main'), { monthlyListeners: 51 });
      batch.set(version(db, 'stats~main', 51), { version: 51, at: now(), action: 'update', value: { monthlyListeners: 51 }, changed: ['monthlyListeners'] });
      batch.set(head(db, 'stats~main'), { kind: 'stats', item: 'main', version: 51, removed: false, at: now() });
      for (const n of deleted) batch.delete(version(db, 'stats~main', n));
      return batch.commit();
    };
    await assertFails(next([1, 2]));
    await assertSucceeds(next([1]));
  });
});

describe('the admin e-mail in the rules', () => {
  it('is the configured one (node scripts/firebase-rules.mjs --check)', () => {
    expect(rulesAdminEmail()).toBe(configuredAdminEmail().toLowerCase());
  });
  it('is rewritten for another admin, and nothing else changes', () => {
    const rules = rulesForAdmin('Someone@Example.com');
    expect(rulesAdminEmail(rules)).toBe('someone@example.com');
    expect(rules.replace(/return '[^']*'; \} \/\/ scena/, '')).toBe(rulesForAdmin(ADMIN).replace(/return '[^']*'; \} \/\/ scena/, ''));
    expect(() => rulesForAdmin("x'; } function y() { return true; } //@a.b")).toThrow();
  });
});
