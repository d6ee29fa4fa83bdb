import { describe, expect, it, vi } from 'vitest';
import type { FirebaseConfig } from './firebase-config';
import { createFirebaseReader, decodeFields, firestoreRestBase, toSettings } from './firebase-public';

const CONFIG: FirebaseConfig = { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p', appId: 'a', adminEmail: 'admin@x.ro' };
const DOCS = 'https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents';

function fakeFirestore(routes: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const path = decodeURIComponent(url.pathname).replace('/v1/projects/p/databases/(default)/documents/', '');
    const key = url.searchParams.get('pageToken') ? `${path}?${url.searchParams.get('pageToken')}` : path;
    if (!(key in routes)) return new Response('{"error":{"code":404}}', { status: 404 });
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

  it("returns undefined for absent documents, lists in the admin's order, and follows pages", async () => {
    const fetch = fakeFirestore({
      'stats/main': { name: `${DOCS}/stats/main`, fields: { monthlyListeners: { integerValue: '1234' } } },
      releases: {
        documents: [
          {
            name: `${DOCS}/releases/b`,
            fields: { title: { stringValue: 'B' }, meta: { stringValue: '' }, url: { stringValue: '' }, order: { integerValue: '1' } },
          },
          { name: `${DOCS}/releases/z`, fields: { title: { stringValue: 'No order' } } },
        ],
        nextPageToken: 't1',
      },
      'releases?t1': {
        documents: [
          {
            name: `${DOCS}/releases/a`,
            fields: { title: { stringValue: 'A' }, meta: { stringValue: '2023' }, url: { stringValue: 'https://x.example' }, order: { integerValue: '0' } },
          },
        ],
      },
      collaborators: {},
    });
    const reader = createFirebaseReader({ config: CONFIG, fetch });
    expect(reader.kind).toBe('firebase');
    expect(await reader.getSettings()).toBeUndefined();
    expect(await reader.getStats()).toEqual({ monthlyListeners: 1234 });
    expect(await reader.listReleases()).toEqual([
      { id: 'a', title: 'A', meta: '2023', url: 'https://x.example', cover: '' },
      { id: 'b', title: 'B', meta: '', url: '', cover: '' },
      { id: 'z', title: 'No order', meta: '', url: '', cover: '' },
    ]);
    expect(await reader.listCollaborators()).toEqual([]);
    expect(String(fetch.mock.calls[0]![0])).toContain('key=k');
  });

  it('fails on an error answer (the page then keeps its built-in content)', async () => {
    const reader = createFirebaseReader({ config: CONFIG, fetch: fakeFirestore({ 'settings/main': new Response('', { status: 403 }) }) });
    await expect(reader.getSettings()).rejects.toThrow(/403/);
  });
});
