import { describe, expect, it, vi } from 'vitest';
import type { FirebaseConfig } from './firebase-config';
import { createFirebaseReader, decodeFields, firestoreRestBase, toSettings } from './firebase-public';

const CONFIG: FirebaseConfig = { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p', appId: 'a', adminEmail: 'admin@x.ro' };
const DOCS = 'https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents';

function fakeFirestore(routes: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input));
    const path = decodeURIComponent(url.pathname).replace(/^\/v1\/projects\/p\/databases\/\(default\)\/documents[/:]/, '');
    const key = url.searchParams.get('pageToken') ? `${path}?${url.searchParams.get('pageToken')}` : path;
    // As Firestore answers: a missing document is a 404, a collection without documents an empty answer.
    if (!(key in routes))
      return key === 'runQuery' ? Response.json([]) : key.includes('/') ? new Response('{"error":{"code":404}}', { status: 404 }) : Response.json({});
    const body = routes[key];
    return body instanceof Response ? body : Response.json(body);
  });
}

describe('the public Firebase reader (Firestore REST, no SDK)', () => {
  it("reads Google's endpoint in production and the emulator's in tests", () => {
    expect(firestoreRestBase(CONFIG)).toBe(DOCS);
    expect(firestoreRestBase({ projectId: 'demo-x', emulators: { auth: 'h:1', firestore: '127.0.0.1:8080' } })).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-x/databases/(default)/documents',
    );
  });

  it("decodes typed values, keeping only the model's keys and types", () => {
    const data = decodeFields({
      heroTitle_en: { stringValue: 'Hi' },
      bio1_ro: { stringValue: 'Salut' },
      email: { stringValue: 'a@b.co' },
      links: {
        mapValue: { fields: { spotify: { stringValue: 'https://open.spotify.com/x' }, myspace: { stringValue: 'https://m' }, tiktok: { integerValue: '5' } } },
      },
      isAdmin: { booleanValue: true },
      bio2_en: { integerValue: '3' },
      list: { arrayValue: { values: [{ doubleValue: 1.5 }, { nullValue: null }] } },
    });
    expect(data.list).toEqual([1.5, null]);
    expect(toSettings(data)).toEqual({ heroTitle_en: 'Hi', bio1_ro: 'Salut', email: 'a@b.co', links: { spotify: 'https://open.spotify.com/x' } });
  });

  it("reads every kind in one snapshot: undefined for absent documents, lists in the admin's order, following pages", async () => {
    const doc = (id: string, fields: Record<string, unknown>) => ({ name: `${DOCS}/collaborators/${id}`, fields });
    const fetch = fakeFirestore({
      'stats/main': { name: `${DOCS}/stats/main`, fields: { monthlyListeners: { integerValue: '1234' } } },
      collaborators: {
        documents: [
          doc('b', { name: { stringValue: 'B' }, role: { stringValue: '' }, order: { integerValue: '1' } }),
          doc('z', { name: { stringValue: 'No order' } }),
        ],
        nextPageToken: 't1',
      },
      'collaborators?t1': { documents: [doc('a', { name: { stringValue: 'A' }, role: { stringValue: 'Artist' }, order: { integerValue: '0' } })] },
    });
    const reader = createFirebaseReader({ config: CONFIG, fetch });
    expect(reader.kind).toBe('firebase');
    expect(await reader.content().then((c) => c.settings)).toBeUndefined();
    expect(await reader.content().then((c) => c.stats)).toEqual({ monthlyListeners: 1234 });
    expect(await reader.content().then((c) => c.collaborators)).toEqual([
      { id: 'a', name: 'A', roleKind: 'own', role: 'Artist', roleRo: '' },
      { id: 'b', name: 'B', roleKind: 'own', role: '', roleRo: '' },
      { id: 'z', name: 'No order', roleKind: 'own', role: '', roleRo: '' },
    ]);
    expect(fetch.mock.calls.every(([url]) => String(url).includes('key=k'))).toBe(true);
  });

  it('asks for the published releases only (a visitor may not read a draft), each with every field', async () => {
    const fetch = fakeFirestore({
      runQuery: [
        {
          document: { name: `${DOCS}/releases/a`, fields: { title: { stringValue: 'A' }, status: { stringValue: 'published' }, order: { integerValue: '0' } } },
        },
        { readTime: '2026-11-23T00:00:00Z' },
      ],
    });
    const releases = await createFirebaseReader({ config: CONFIG, fetch })
      .content()
      .then((c) => c.releases);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ id: 'a', title: 'A', status: 'published', slug: '', links: {}, tracks: 0 });
    const [url, init] = fetch.mock.calls.find(([, init]) => String(init?.body ?? '').includes('"releases"'))!;
    expect(String(url)).toMatch(/documents:runQuery\?key=k$/);
    expect(JSON.parse(String(init!.body))).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'releases' }],
        where: { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'published' } } },
      },
    });
  });

  it('fails on an error answer (the page then keeps its built-in content)', async () => {
    const reader = createFirebaseReader({ config: CONFIG, fetch: fakeFirestore({ 'settings/main': new Response('', { status: 403 }) }) });
    await expect(reader.content()).rejects.toThrow(/403/);
  });
});
