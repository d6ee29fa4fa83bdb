/**
 * The `firebase` backend for the admin: Firebase Auth (e-mail and password) and Firestore, secured by
 * firebase/firestore.rules. Loaded lazily, by the admin only.
 * - Firestore through `firebase/firestore/lite` (REST, ~22 KB): the admin reads once and relists after
 *   each change, so it needs neither live listeners nor the offline cache of the full SDK.
 * - Auth through `initializeAuth` with IndexedDB persistence: unlike getAuth(), it never loads
 *   apis.google.com (no popup/redirect resolver).
 * - Every write is checked against the shared schemas first, so the admin sees the field at fault;
 *   the rules check the same limits again for clients that skip this code.
 * - The admin is signed out after 30 minutes without activity and 12 hours after signing in
 *   (./session-limits.ts), as on Scena's server: Firebase alone would keep the browser signed in.
 */
import { adminEmailFallback } from '../../../site.config';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  EmailAuthProvider,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  initializeFirestore,
  limit,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore/lite';
import type { z } from 'zod';
import { BackendError, HISTORY_LIMIT, type ContentAdmin, type ContentKindName, type ContentListName, type HistoryEntry, type RemovedItem } from '../backend';
import { KIND_SCHEMAS, LIST_LIMITS, PASSWORD_MAX, PASSWORD_MIN, listFullMessage } from '../model';
import { withMissingFields, type ListKind, type SingletonKind } from '../fields/declare';
import { settleSlugs, SlugTakenError } from '../fields/slugs';
import { itemFromFirestore, orderOf, singletonFromFirestore } from '../fields/firestore';
import { buildFirebaseConfig, isAdminEmail, type FirebaseConfig } from './firebase-config';
import { sortByOrder } from './firebase-public';
import {
  HISTORY,
  MAIN,
  VERSIONS,
  afterSave,
  changedFields,
  entryOf,
  headId,
  instantOf,
  isListName,
  isoOf,
  kindNamed,
  valueOf,
  type HistoryHead,
} from './firebase-history';
import { REAL_CLOCK, localActivityStore, sessionLimits, type ActivityStore, type ExpiryReason, type SessionClock } from './session-limits';

export interface FirebaseBackendOptions {
  config?: FirebaseConfig;
  /** 'local' keeps the session across reloads (IndexedDB, the browser's default); 'memory' does not. */
  persistence?: 'local' | 'memory';
  /** A name for the Firebase app, so tests can run several clients side by side. */
  appName?: string;
  /** The clock of the session limits (tests pass a fake one). */
  clock?: SessionClock;
  /** Where the last activity is kept across reloads; by default localStorage with 'local' persistence. */
  activityStore?: ActivityStore;
}

export interface FirebaseAdmin extends ContentAdmin {
  /** Ends this client (signs out nothing): for tests and hot reloads. */
  dispose(): Promise<void>;
}

const AUTH_MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'Wrong e-mail or password.',
  'auth/user-not-found': 'Wrong e-mail or password.',
  'auth/invalid-credential': 'Wrong e-mail or password.',
  'auth/invalid-login-credentials': 'Wrong e-mail or password.',
  'auth/invalid-email': 'That is not a valid e-mail address.',
  'auth/missing-password': 'Enter the password.',
  'auth/missing-email': 'Enter the e-mail address.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes and try again, or reset the password.',
  'auth/network-request-failed': 'The sign-in service cannot be reached. Check the connection and try again.',
  'auth/operation-not-allowed': 'E-mail and password sign-in is not enabled for this Firebase project.',
  'auth/invalid-api-key': 'The Firebase API key of this build is not valid.',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'The Firebase API key of this build is not valid.',
  'auth/unauthorized-domain': 'This domain is not authorized for sign-in in the Firebase project.',
};

const FIRESTORE_MESSAGES: Record<string, string> = {
  'permission-denied': 'Not authorized: only the admin can change this. Sign in again.',
  unauthenticated: 'Not authorized: sign in again.',
  unavailable: 'The database cannot be reached. Check the connection and try again.',
  'deadline-exceeded': 'The database did not answer in time. Try again.',
  'not-found': 'It no longer exists. Reload the page.',
  'resource-exhausted': 'Too many changes at once. Wait a moment and try again.',
};

/** Why a session ended by itself, as the admin should read it. */
export const EXPIRED_MESSAGES: Record<ExpiryReason, string> = {
  idle: 'You were signed out after 30 minutes without activity. Sign in again.',
  max: 'You were signed out 12 hours after signing in. Sign in again.',
};

/** A value checked against its kind's schema (the same one the server and the rules apply). */
const valid = (name: ContentKindName, value: unknown) => {
  const kind = kindNamed(name);
  // A list item's fields left out are stored at their empty values, as on Scena's server.
  const filled =
    kind?.shape === 'list' && value && typeof value === 'object' && !Array.isArray(value) ? withMissingFields(kind, value as Record<string, unknown>) : value;
  return checked(KIND_SCHEMAS[name], filled) as Record<string, unknown>;
};

/**
 * A value as Firestore stores it: an `instant` field (a booking's receivedAt) is a timestamp there, as the
 * visitor's create made it (request.time), and the model's ISO text elsewhere.
 */
function stored(kind: SingletonKind | ListKind, value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!value) return value;
  const out = { ...value };
  for (const [name, field] of Object.entries(kind.fields)) {
    const v = out[name];
    if (field.type === 'instant' && typeof v === 'string' && v !== '') out[name] = Timestamp.fromMillis(Date.parse(v));
  }
  return out;
}

/** The value with its slugs settled among the list's documents (read just before: see docs/decisions/0024). */
function withSlugs(kind: ListKind, id: string | undefined, value: Record<string, unknown>, docs: { id: string; data(): Record<string, unknown> }[]) {
  try {
    return settleSlugs(
      kind,
      id,
      value,
      docs.map((d) => ({ ...valueOf(kind, d.data()), id: d.id })),
    );
  } catch (error) {
    if (error instanceof SlugTakenError) throw new BackendError(error.message, 'slug-taken', error.field);
    throw error;
  }
}

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : undefined);

/** An auth error as the admin should read it (production says auth/invalid-credential where the emulator is more specific). */
export function authError(error: unknown, fallback = 'Login failed'): BackendError {
  if (error instanceof BackendError) return error;
  const code = codeOf(error);
  return new BackendError((code && AUTH_MESSAGES[code]) || fallback, code);
}

export function firestoreError(error: unknown, fallback: string): BackendError {
  if (error instanceof BackendError) return error;
  const code = codeOf(error);
  return new BackendError((code && FIRESTORE_MESSAGES[code]) || fallback, code);
}

/** Checks with a shared schema; on failure the first problem, naming its field ("links.spotify must be…"). */
export function checked<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path.map(String), issue.keys[0]].join('.');
    throw new BackendError(`${field} is not a known field`, 'invalid', field);
  }
  const field = issue.path.map(String).join('.');
  throw new BackendError(field ? `${field} ${issue.message}` : issue.message, 'invalid', field || undefined);
}

/** Firestore refuses `undefined`; an absent field simply keeps its stored value in a merge. */
function defined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function createFirebaseBackend(options: FirebaseBackendOptions = {}): FirebaseAdmin {
  const config = options.config ?? configOrThrow();
  const app: FirebaseApp = initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId, storageBucket: config.storageBucket },
    options.appName ?? '[DEFAULT]',
  );
  const persistence = options.persistence ?? (typeof indexedDB === 'undefined' ? 'memory' : 'local');
  const auth: Auth = initializeAuth(app, { persistence: persistence === 'local' ? indexedDBLocalPersistence : inMemoryPersistence });
  const db: Firestore = initializeFirestore(app, {});
  if (config.emulators) {
    connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
    const cut = config.emulators.firestore.lastIndexOf(':');
    connectFirestoreEmulator(db, config.emulators.firestore.slice(0, cut), Number(config.emulators.firestore.slice(cut + 1)));
  }

  const adminEmail = config.adminEmail ?? adminEmailFallback;
  /** What an account lacks to be the admin: the rules require the address, its verification AND the claim. */
  async function examine(user: User): Promise<{ email: string; missing: ('address' | 'verified' | 'claim')[]; signedInAt: number }> {
    const email = user.email ?? '';
    const token = await user.getIdTokenResult().catch(() => undefined);
    const missing: ('address' | 'verified' | 'claim')[] = [];
    if (!isAdminEmail(email, adminEmail)) missing.push('address');
    if (!user.emailVerified) missing.push('verified');
    if (token?.claims.admin !== true) missing.push('claim');
    const signedInAt = token ? Date.parse(token.authTime) : Number.NaN;
    return { email, missing, signedInAt: Number.isFinite(signedInAt) ? signedInAt : 0 };
  }

  // Session limits. `expiredBy` remembers why the last session ended by itself, for the next refusal.
  let expiredBy: ExpiryReason | undefined;
  const limits = sessionLimits({
    clock: options.clock,
    store: options.activityStore ?? (persistence === 'local' ? localActivityStore() : undefined),
    onExpire(reason) {
      expiredBy = reason;
      void signOut(auth).catch(() => {});
    },
  });
  const clock = options.clock ?? REAL_CLOCK;
  // While signIn runs, Firebase already tells the auth listeners about the new user: they must not take it
  // for a session resumed from an earlier visit (whose stored activity may be days old).
  let signingIn = false;
  /**
   * A session found signed in (page load) or just signed in: starts its limits; false when it is already
   * over. A resumed session counts from the token's auth_time and the stored activity; a new one from now
   * (the same moment as auth_time, without the local clock's error).
   */
  function admit(user: User, signedInAt: number, resumed: boolean): boolean {
    const fresh = signingIn || !resumed;
    if (!limits.running()) limits.start(fresh ? clock.now() : signedInAt, !fresh);
    return limits.running() && auth.currentUser?.uid === user.uid;
  }
  /** Admin activity: an adapter call. Past a limit, signs out instead (a timer can be late: a sleeping laptop). */
  function activity(): void {
    const reason = limits.expired();
    if (reason) {
      limits.stop();
      expiredBy = reason;
      void signOut(auth).catch(() => {});
    } else limits.touch();
  }
  // User input counts as activity too (typing a long bio is not idleness). Capture: seen before any handler.
  const input = () => limits.touch();
  const target = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
  for (const type of ['keydown', 'pointerdown']) target?.addEventListener(type, input, { capture: true, passive: true });
  // The limits run whether or not the UI listens: a session kept by the browser starts them on page load.
  const stopWatching = onAuthStateChanged(auth, (user) => {
    if (!user) return limits.stop();
    void examine(user).then(({ missing, signedInAt }) => {
      if (missing.length === 0 && auth.currentUser?.uid === user.uid) admit(user, signedInAt, true);
    });
  });

  async function read<T>(work: () => Promise<T>): Promise<T> {
    activity();
    try {
      return await work();
    } catch (error) {
      throw firestoreError(error, 'The content could not be read.');
    }
  }
  async function write(work: () => Promise<void>, fallback = 'Save failed'): Promise<void> {
    activity();
    if (!auth.currentUser || !limits.running()) {
      if (expiredBy) throw new BackendError(EXPIRED_MESSAGES[expiredBy], 'session-expired');
      throw new BackendError('Not authorized: sign in again.', 'unauthenticated');
    }
    try {
      await work();
    } catch (error) {
      throw firestoreError(error, fallback);
    }
  }

  /** A list in the admin's order, each document mapped by its kind's declaration (as the public reader does). */
  async function ordered<K extends ListKind>(kind: K) {
    const snapshot = await getDocs(collection(db, kind.name));
    return sortByOrder(snapshot.docs.map((d) => ({ item: itemFromFirestore(kind, d.id, d.data()), order: orderOf(d.data()) })));
  }

  /** The next place at the end of a list (its highest `order` plus one). */
  const endOf = (docs: { get(field: string): unknown }[]) =>
    docs.reduce((max, d) => Math.max(max, typeof d.get('order') === 'number' ? (d.get('order') as number) + 1 : max), 0);

  /** The list's documents, refused with the server's words when it already holds its maximum. */
  async function roomIn(name: ContentListName, unless?: string) {
    const snapshot = await getDocs(collection(db, name));
    // The cap is checked here, not atomically: rules cannot count a collection, and the only writer
    // is the admin, so two adds racing past it take the admin's own two tabs (docs/decisions/0022).
    if (snapshot.size >= LIST_LIMITS[name] && !snapshot.docs.some((d) => d.id === unless)) throw new BackendError(listFullMessage(name), 'list-full', name);
    return snapshot.docs;
  }

  type Plan = { action: HistoryEntry['action']; data: Record<string, unknown> | null; value: Record<string, unknown> | null };
  /**
   * One admin write of a singleton or list item together with its next version, in one batch: the rules
   * refuse either without the other. `plan` gets the stored value (undefined when there is none) and says
   * what to store (null: delete) and what the version records. A version past the last HISTORY_LIMIT goes
   * in the same batch.
   * A batch after two reads, not runTransaction: lite's transactions start on a timer, which a page
   * whose clock is held (the admin's browser tests) never fires. The rules serialise instead: they take
   * only the head's next number, so when another tab wrote this item between the reads and the commit,
   * the commit is refused whole, and the write is planned again from what is stored now.
   */
  async function recorded(name: ContentKindName, item: string, plan: (current: Record<string, unknown> | undefined) => Plan): Promise<void> {
    const kind = kindNamed(name)!;
    const contentRef = doc(db, name, item);
    const headRef = doc(db, HISTORY, headId(name, item));
    const versionRef = (n: number): DocumentReference => doc(headRef, VERSIONS, String(n));
    const versionOf = (head: { exists(): boolean; get(field: string): unknown }) => {
      const last = head.exists() ? head.get('version') : 0;
      return typeof last === 'number' ? last : 0;
    };
    for (let attempt = 1; ; attempt++) {
      const [content, head] = await Promise.all([getDoc(contentRef), getDoc(headRef)]);
      const current = content.exists() ? valueOf(kind, content.data()) : undefined;
      const { action, data, value } = plan(current);
      const last = versionOf(head);
      const version = last + 1;
      const batch = writeBatch(db);
      // A list item's update keeps its place (`order`); everything else is stored whole.
      if (data === null) batch.delete(contentRef);
      else if (content.exists() && kind.shape === 'list') batch.update(contentRef, stored(kind, data)!);
      else batch.set(contentRef, stored(kind, data)!);
      batch.set(versionRef(version), { version, at: serverTimestamp(), action, value: stored(kind, value), changed: changedFields(kind, current, value) });
      batch.set(headRef, { kind: name, item, version, removed: action === 'remove', at: serverTimestamp() } satisfies HistoryHead);
      if (version > HISTORY_LIMIT) batch.delete(versionRef(version - HISTORY_LIMIT));
      try {
        await batch.commit();
        return;
      } catch (error) {
        if (attempt < 5 && codeOf(error) === 'permission-denied' && versionOf(await getDoc(headRef)) !== last) continue;
        throw error;
      }
    }
  }

  const gone = () => new BackendError(FIRESTORE_MESSAGES['not-found']!, 'not-found');

  async function add(name: ContentListName, input: Record<string, unknown>): Promise<{ id: string; value: Record<string, unknown> }> {
    let id = '';
    let stored = input;
    await write(async () => {
      const docs = await roomIn(name);
      const order = endOf(docs);
      const ref = doc(collection(db, name));
      const value = withSlugs(kindNamed(name) as ListKind, undefined, input, docs);
      await recorded(name, ref.id, () => ({ action: 'create', data: { ...value, order }, value: { ...value } }));
      id = ref.id;
      stored = value;
    });
    return { id, value: stored };
  }

  async function update(name: ContentListName, id: string, input: Record<string, unknown>): Promise<void> {
    const item = requireId(id);
    await write(async () => {
      const value = withSlugs(kindNamed(name) as ListKind, item, input, (await getDocs(collection(db, name))).docs);
      await recorded(name, item, (current) => {
        if (!current) throw gone();
        return { action: 'update', data: { ...value }, value: { ...value } };
      });
    });
  }

  const remove = (name: ContentListName, id: string) =>
    write(
      () =>
        recorded(name, requireId(id), (current) => {
          if (!current) throw gone();
          return { action: 'remove', data: null, value: null };
        }),
      'Delete failed',
    );

  async function saveSingleton(name: ContentKindName, input: Record<string, unknown>): Promise<void> {
    const kind = kindNamed(name)!;
    await write(() =>
      recorded(name, MAIN, (current) => {
        const value = defined(afterSave(kind, current, input));
        return { action: current ? 'update' : 'create', data: value, value };
      }),
    );
  }

  /** A new order only: not a version of any item (restoring a version never moves an item). */
  async function reorder(name: string, ids: string[]): Promise<void> {
    if (new Set(ids).size !== ids.length) throw new BackendError('The new order lists an item twice.', 'invalid', 'ids');
    await write(async () => {
      const batch = writeBatch(db);
      ids.forEach((id, index) => batch.update(doc(db, name, id), { order: index }));
      await batch.commit();
    });
  }

  const requireId = (id: string) => {
    if (typeof id !== 'string' || !id || id.includes('/')) throw new BackendError('Remove requires an id.', 'invalid', 'id');
    return id;
  };
  /** The document a history is about: a list item's id, or main for a singleton. */
  const itemOf = (name: ContentKindName, id: string | undefined) => {
    const kind = kindNamed(name);
    if (!kind) throw new BackendError(`${String(name)} is not a kind of content`, 'invalid', 'kind');
    if (kind.shape === 'singleton') return MAIN;
    if (typeof id !== 'string' || !id || id.includes('/') || id.includes('~')) throw new BackendError(`A ${kind.item} needs its id.`, 'invalid', 'id');
    return id;
  };

  return {
    kind: 'firebase',
    // As the public reader maps them: a merged singleton that exists is at least {} (its fields are
    // optional), a replaced one without its fields is not there.
    read: (name) =>
      read(async () => {
        const kind = kindNamed(name) as SingletonKind;
        const snapshot = await getDoc(doc(db, name, MAIN));
        if (!snapshot.exists()) return undefined;
        return (singletonFromFirestore(kind, snapshot.data()) ?? (kind.save === 'merge' ? {} : undefined)) as never;
      }),
    list: (name) => read(async () => (await ordered(kindNamed(name) as ListKind)) as never[]),

    async signIn(email, password) {
      let user: User;
      let found: Awaited<ReturnType<typeof examine>>;
      signingIn = true;
      try {
        user = (await signInWithEmailAndPassword(auth, email, password)).user;
        // A new session: the limits of any earlier one (this user's or another's) end here.
        limits.stop();
        found = await examine(user);
      } catch (error) {
        throw authError(error);
      } finally {
        signingIn = false;
      }
      if (found.missing.length === 0) {
        expiredBy = undefined;
        if (admit(user, found.signedInAt, false)) return { email: found.email, isAdmin: true };
        throw new BackendError('Sign-in failed. Try again.', 'interrupted');
      }
      await signOut(auth).catch(() => {});
      if (found.missing.includes('address')) throw new BackendError('Not authorized', 'not-admin');
      throw new BackendError(notProven(found.missing), found.missing.includes('verified') ? 'unverified' : 'no-claim');
    },
    async signOut() {
      try {
        await signOut(auth);
      } catch (error) {
        throw authError(error, 'Sign out failed');
      }
    },
    onAuthChange(callback) {
      // Mapping a user can wait for its token; a later change must never be overtaken by an earlier one.
      let latest = 0;
      let active = true;
      const unsubscribe = onAuthStateChanged(auth, (user) => {
        const turn = ++latest;
        if (!user) {
          callback(null);
          return;
        }
        void examine(user).then(({ email, missing, signedInAt }) => {
          if (!active || turn !== latest) return;
          if (missing.length) return callback({ email, isAdmin: false });
          // A session kept by the browser is checked against the limits before the admin sees it.
          if (admit(user, signedInAt, true)) callback({ email, isAdmin: true });
        });
      });
      return () => {
        active = false;
        unsubscribe();
      };
    },

    async changePassword(currentPassword, newPassword) {
      const user = auth.currentUser;
      if (!user?.email) throw new BackendError('Sign in first.', 'unauthenticated');
      // Firebase's own policy is the project's (6 characters by default): Scena's bounds come first.
      const length = [...newPassword].length;
      if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
        throw new BackendError(`The new password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`, 'invalid', 'newPassword');
      }
      if (newPassword === currentPassword) throw new BackendError('The new password must differ from the current one.', 'invalid', 'newPassword');
      try {
        // Firebase asks for a recent sign-in before a password change: proving the current password is one.
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      } catch (error) {
        const code = codeOf(error);
        if (code && /wrong-password|invalid-credential|invalid-login-credentials|user-mismatch|missing-password/.test(code)) {
          throw new BackendError('The current password is not right.', 'wrong-password', 'currentPassword');
        }
        throw authError(error, 'The password could not be changed.');
      }
      try {
        // Firebase then revokes the account's other refresh tokens: other devices are signed out once
        // their hour-long access token runs out.
        await updatePassword(user, newPassword);
      } catch (error) {
        if (codeOf(error) === 'auth/weak-password') {
          throw new BackendError("The new password does not meet this Firebase project's password policy.", 'weak-password', 'newPassword');
        }
        throw authError(error, 'The password could not be changed.');
      }
    },

    // The values are checked against the kind's schema first, so the admin sees the field at fault.
    save: async (name, value) => saveSingleton(name, valid(name, value)),
    async add(name, value) {
      const added = await add(name, valid(name, value));
      return { id: added.id, ...added.value } as never;
    },
    update: async (name, id, value) => update(name, id, valid(name, value)),
    remove: async (name, id) => remove(name, id),
    reorder: (name, ids) => reorder(name, ids),

    history: async (name, id) =>
      read(async () => {
        const snapshot = await getDocs(
          query(collection(db, HISTORY, headId(name, itemOf(name, id)), VERSIONS), orderBy('version', 'desc'), limit(HISTORY_LIMIT)),
        );
        return snapshot.docs.map((d) => entryOf(d.data()));
      }),

    async restoreVersion(name, id, version) {
      const kind = kindNamed(name);
      const item = itemOf(name, id);
      if (!Number.isSafeInteger(version) || version < 1) throw new BackendError(`There is no version ${String(version)} to restore.`, 'not-found', 'version');
      await write(async () => {
        const kept = await getDoc(doc(db, HISTORY, headId(name, item), VERSIONS, String(version)));
        if (!kept.exists()) {
          throw new BackendError(`Version ${version} is not kept: only the last ${HISTORY_LIMIT} versions can be restored.`, 'not-found', 'version');
        }
        const entry = entryOf(kept.data());
        if (!entry.value) throw new BackendError(`Version ${version} is the removal; restore the version before it.`, 'invalid', 'version');
        // An old version meets today's declaration first: a field added since gets its empty value, and
        // a value today's limits refuse is refused here, naming its field, before the rules see it.
        const checkedValue = defined(checked(KIND_SCHEMAS[name], valueOf(kind!, entry.value)) as Record<string, unknown>);
        const docs = kind!.shape === 'list' ? await roomIn(name as ContentListName, item) : [];
        const order = endOf(docs);
        // Its address comes back too, unless another item has taken it since (then refused, as a save would be).
        const value = kind!.shape === 'list' ? withSlugs(kind!, item, checkedValue, docs) : checkedValue;
        await recorded(name, item, (current) => ({ action: 'restore', data: current || kind!.shape === 'singleton' ? value : { ...value, order }, value }));
      }, 'Restore failed');
    },

    removedItems: (list) =>
      read(async () => {
        if (!isListName(list)) throw new BackendError(`${String(list)} is not a list`, 'invalid', 'list');
        const heads = await getDocs(query(collection(db, HISTORY), where('kind', '==', list), where('removed', '==', true)));
        const items = await Promise.all(
          heads.docs.map(async (head): Promise<{ item: RemovedItem; when: { seconds: number; nanoseconds: number } } | undefined> => {
            // The version before the removal holds the item as it was.
            const version = Number(head.get('version')) - 1;
            const kept = version >= 1 ? await getDoc(doc(head.ref, VERSIONS, String(version))) : undefined;
            const value = kept?.exists() ? entryOf(kept.data()).value : null;
            return value ? { item: { id: String(head.get('item')), at: isoOf(head.get('at')), value, version }, when: instantOf(head.get('at')) } : undefined;
          }),
        );
        // By the stored time, to the microsecond: two removals within one millisecond keep their order.
        return items
          .filter((x) => !!x)
          .sort((a, b) => b.when.seconds - a.when.seconds || b.when.nanoseconds - a.when.nanoseconds)
          .map((x) => x.item);
      }),

    async dispose() {
      limits.stop();
      stopWatching();
      for (const type of ['keydown', 'pointerdown']) target?.removeEventListener(type, input, { capture: true });
      await deleteApp(app);
    },
  };
}

/** Why the admin's own account is refused: what is missing of the address's verification and the admin claim. */
function notProven(missing: string[]): string {
  const verified = missing.includes('verified');
  const claim = missing.includes('claim');
  const what =
    verified && claim
      ? 'this address is not verified and has no admin claim yet'
      : verified
        ? 'this address is not verified yet'
        : 'this account has no admin claim yet';
  return `Not authorized: ${what}. See "Make the admin" in docs/firebase.md.`;
}

function configOrThrow(): FirebaseConfig {
  const result = buildFirebaseConfig();
  if (!result?.ok) throw new Error('Scena: Firebase is not configured for this build.');
  return result.config;
}
