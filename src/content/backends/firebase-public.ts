/**
 * The public page's Firebase reader: Firestore's REST API with plain fetch, no SDK (a few hundred
 * bytes instead of ~130 KB), so the public page keeps its JS budget with Firebase on.
 * The security rules allow anyone to read these four paths; no sign-in, no API key needed
 * (the key is sent anyway, for quota attribution).
 */
import { BookingError, type BookingRequest, type ContentReader } from '../backend';
import { type ListKind, type ValueOfKind } from '../fields/declare';
import { itemFromFirestore, orderOf, singletonFromFirestore } from '../fields/firestore';
import { isHomeKind, isPublicKind } from '../fields/declare';
import { LISTS, settings, SINGLETONS, stats } from '../kinds';
import type { PublicContent, Settings, Stats } from '../model';
import { buildFirebaseConfig, type FirebaseConfig } from './firebase-config';

/** Firestore's typed JSON value (the subset Scena stores). */
export interface FirestoreValue {
  stringValue?: string;
  integerValue?: string;
  doubleValue?: number;
  booleanValue?: boolean;
  nullValue?: null;
  mapValue?: { fields?: Record<string, FirestoreValue> };
  arrayValue?: { values?: FirestoreValue[] };
}
export interface FirestoreDocument {
  name: string;
  fields?: Record<string, FirestoreValue>;
}

/** A document's fields as plain values (numbers, strings, maps, arrays). */
export function decodeFields(fields: Record<string, FirestoreValue> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, decodeValue(v)]));
}

function decodeValue(v: FirestoreValue): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.integerValue !== undefined) return Number(v.integerValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.booleanValue !== undefined) return v.booleanValue;
  if (v.mapValue) return decodeFields(v.mapValue.fields);
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(decodeValue);
  return null;
}

/** Only the model's keys and types: whatever else a document holds never reaches the page. */
export const toSettings = (data: Record<string, unknown>): Settings => singletonFromFirestore(settings, data) ?? {};
export const toStats = (data: Record<string, unknown>): Stats | undefined => singletonFromFirestore(stats, data);

const idOf = (doc: FirestoreDocument) => doc.name.slice(doc.name.lastIndexOf('/') + 1);

/** The admin's order (the `order` field), then the id: the same order for every reader. */
export function sortByOrder<T extends { id: string }>(items: { item: T; order: number }[]): T[] {
  return items.sort((a, b) => a.order - b.order || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0)).map((x) => x.item);
}

/** A list's documents as its items, in the admin's order. */
export function toItems<K extends ListKind>(kind: K, docs: FirestoreDocument[]): (ValueOfKind<K> & { id: string })[] {
  return sortByOrder(
    docs.map((doc) => {
      const data = decodeFields(doc.fields);
      return { item: itemFromFirestore(kind, idOf(doc), data), order: orderOf(data) };
    }),
  );
}

export interface FirebaseReaderOptions {
  config?: FirebaseConfig;
  fetch?: typeof globalThis.fetch;
}

/** Where Firestore's REST API lives: Google's, or the emulator's (plain http on loopback). */
export function firestoreRestBase(config: Pick<FirebaseConfig, 'projectId' | 'emulators'>): string {
  const origin = config.emulators ? `http://${config.emulators.firestore}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${encodeURIComponent(config.projectId)}/databases/(default)/documents`;
}

export function createFirebaseReader(options: FirebaseReaderOptions = {}): ContentReader {
  const config = options.config ?? configOrThrow();
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const base = firestoreRestBase(config);
  const key = `key=${encodeURIComponent(config.apiKey)}`;

  async function get<T>(path: string, query = ''): Promise<T | undefined> {
    const response = await doFetch(`${base}/${path}?${query}${key}`, { headers: { accept: 'application/json' } });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`Firestore answered ${response.status} for ${path}`);
    return (await response.json()) as T;
  }

  async function list(collection: string): Promise<FirestoreDocument[]> {
    const documents: FirestoreDocument[] = [];
    let pageToken = '';
    // The lists are short; pages of 300 keep it to one request, and a longer list still arrives whole.
    for (let page = 0; page < 20; page++) {
      const body = await get<{ documents?: FirestoreDocument[]; nextPageToken?: string }>(
        collection,
        `pageSize=300&${pageToken ? `pageToken=${encodeURIComponent(pageToken)}&` : ''}`,
      );
      documents.push(...(body?.documents ?? []));
      pageToken = body?.nextPageToken ?? '';
      if (!pageToken) break;
    }
    return documents;
  }

  /**
   * A list whose items are not all public (ListKind.publicWhen: drafts): only the public ones, by a query the rules
   * allow visitors (they may read a draft with no query at all). One request: such a list holds at most 200 items.
   */
  async function publicList(kind: ListKind): Promise<FirestoreDocument[]> {
    if (!kind.publicWhen) return list(kind.name);
    const response = await doFetch(`${base}:runQuery?${key}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: kind.name }],
          where: { fieldFilter: { field: { fieldPath: kind.publicWhen.field }, op: 'EQUAL', value: { stringValue: kind.publicWhen.equals } } },
        },
      }),
    });
    if (!response.ok) throw new Error(`Firestore answered ${response.status} for ${kind.name}`);
    const rows = (await response.json()) as { document?: FirestoreDocument }[];
    return rows.flatMap((row) => (row.document ? [row.document] : []));
  }

  return {
    kind: 'firebase',
    // Every singleton and every list a visitor's home page shows, from the declarations (an inbox never: its rules
    // refuse); `all`: the kinds with a page of their own too (the press kit), as the build reads them.
    async content(options?: { all?: boolean }) {
      const shown = (kind: (typeof LISTS)[number] | (typeof SINGLETONS)[number]) => (options?.all ? isPublicKind(kind) : isHomeKind(kind));
      const read = async (name: string) => {
        const doc = await get<FirestoreDocument>(`${name}/main`);
        return (
          doc &&
          singletonFromFirestore(
            SINGLETONS.find((k) => k.name === name)!,
            decodeFields(doc.fields),
          )
        );
      };
      const lists = LISTS.filter(shown);
      const [singletons, items] = await Promise.all([
        Promise.all(SINGLETONS.filter(shown).map(async (kind) => [kind.name, await read(kind.name)] as const)),
        Promise.all(lists.map(async (kind) => [kind.name, toItems(kind, await publicList(kind))] as const)),
      ]);
      const content: Record<string, unknown> = Object.fromEntries(items);
      for (const [name, value] of singletons) if (value !== undefined) content[name] = value;
      return content as PublicContent;
    },
    sendBooking: (request) => sendBooking(config, doFetch, request),
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id as Firestore makes them: 20 letters and digits. */
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => ALPHABET[b % ALPHABET.length]).join('');

/**
 * A visitor's booking request: one create the rules allow anyone (the bookings collection is create-only for
 * visitors: docs/decisions/0025-booking-requests.md), its time the server's (REQUEST_TIME), never over a document.
 * The rules say only yes or no, so a refusal names no field: the form checks its fields before.
 */
async function sendBooking(config: FirebaseConfig, doFetch: typeof globalThis.fetch, request: BookingRequest): Promise<void> {
  // The honeypot: a person never fills it; a bot is answered as if sent.
  if (request.website) return;
  const base = firestoreRestBase(config);
  const fields: Record<string, FirestoreValue> = { status: { stringValue: 'new' } };
  for (const name of ['name', 'email', 'service', 'city', 'venue', 'budget', 'date', 'message', 'lang'] as const)
    fields[name] = { stringValue: String(request[name] ?? '') };
  const path = `${base.slice(base.indexOf('projects/'))}/bookings/${newId()}`;
  let response: Response;
  try {
    response = await doFetch(`${base}:commit?key=${encodeURIComponent(config.apiKey)}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        writes: [
          {
            update: { name: path, fields },
            updateTransforms: [{ fieldPath: 'receivedAt', setToServerValue: 'REQUEST_TIME' }],
            currentDocument: { exists: false },
          },
        ],
      }),
    });
  } catch {
    throw new BookingError('The request could not be sent: check the connection and try again.', 'network');
  }
  if (response.ok) return;
  if (response.status === 403) throw new BookingError('The request was refused: check each field and send it again.', 'invalid');
  if (response.status === 429) throw new BookingError('The site is taking many requests right now: please try again later, or write by e-mail.', 'busy');
  throw new BookingError('The request could not be sent: please try again later, or write by e-mail.', `http-${response.status}`);
}

function configOrThrow(): FirebaseConfig {
  const result = buildFirebaseConfig();
  if (!result?.ok) throw new Error('Scena: Firebase is not configured for this build.');
  return result.config;
}
