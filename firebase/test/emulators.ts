/**
 * The running emulators, as scripts/firebase-emulators.mjs announces them, and what the tests do to
 * them directly (reset the data, make accounts). Without the emulators the tests fail, saying how to run them.
 */
import type { FirebaseConfig } from '../../src/content/backends/firebase-config';

export interface Emulators {
  firestore: string;
  auth: string;
  project: string;
  adminEmail: string;
}

export function emulators(): Emulators {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!firestore || !auth) {
    throw new Error(
      'The Firebase emulators are not running. Run the Firebase tests through the script that starts them:\n' +
        '  node scripts/firebase-emulators.mjs -- npx vitest run --project firebase',
    );
  }
  return {
    firestore,
    auth,
    project: process.env.SCENA_FIREBASE_PROJECT ?? 'demo-scena',
    adminEmail: (process.env.SCENA_ADMIN_EMAIL ?? 'admin@scena.test').toLowerCase(),
  };
}

/** The build-time configuration of a site pointed at these emulators. */
export function emulatorConfig(e: Emulators = emulators()): FirebaseConfig {
  return {
    apiKey: 'demo-api-key',
    authDomain: `${e.project}.firebaseapp.com`,
    projectId: e.project,
    appId: '1:000000000000:web:0000000000000000',
    adminEmail: e.adminEmail,
    emulators: { auth: e.auth, firestore: e.firestore },
  };
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Deletes every document of the project (rules do not apply to the emulator's own API). */
export async function clearFirestore(e: Emulators = emulators()): Promise<void> {
  await ok(
    await fetch(`http://${e.firestore}/emulator/v1/projects/${e.project}/databases/(default)/documents`, { method: 'DELETE' }),
    'Clearing the Firestore emulator',
  );
}

/** Deletes every account of the project. */
export async function clearAccounts(e: Emulators = emulators()): Promise<void> {
  await ok(await fetch(`http://${e.auth}/emulator/v1/projects/${e.project}/accounts`, { method: 'DELETE' }), 'Clearing the Auth emulator');
}

/** Makes an account (as anyone can, by signing up), then, as the project owner, marks it verified or sets claims. */
export async function createAccount(
  email: string,
  password: string,
  options: { emailVerified?: boolean; claims?: Record<string, unknown> } = {},
  e: Emulators = emulators(),
): Promise<string> {
  const base = `http://${e.auth}/identitytoolkit.googleapis.com/v1`;
  const signUp = await ok(
    await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    }),
    `Signing up ${email}`,
  );
  const { localId } = (await signUp.json()) as { localId: string };
  if (options.emailVerified || options.claims) {
    await ok(
      await fetch(`${base}/projects/${e.project}/accounts:update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({
          localId,
          ...(options.emailVerified ? { emailVerified: true } : {}),
          ...(options.claims ? { customAttributes: JSON.stringify(options.claims) } : {}),
        }),
      }),
      `Updating ${email}`,
    );
  }
  return localId;
}

/** Writes `count` items straight into a list (as the project owner: the rules do not apply), in batches. */
export async function seedList(list: 'releases' | 'collaborators', count: number, e: Emulators = emulators()): Promise<void> {
  const base = `projects/${e.project}/databases/(default)/documents`;
  for (let from = 0; from < count; from += 100) {
    const writes = Array.from({ length: Math.min(100, count - from) }, (_, k) => {
      const i = from + k;
      const fields =
        list === 'releases'
          ? {
              title: { stringValue: `Seeded ${i}` },
              slug: { stringValue: `seeded-${i}` },
              status: { stringValue: 'published' },
              meta: { stringValue: '' },
              url: { stringValue: '' },
              order: { integerValue: String(i) },
            }
          : { name: { stringValue: `Seeded ${i}` }, role: { stringValue: 'Artist' }, order: { integerValue: String(i) } };
      return { update: { name: `${base}/${list}/seed-${i}`, fields } };
    });
    await ok(
      await fetch(`http://${e.firestore}/v1/${base}:commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ writes }),
      }),
      `Seeding ${list}`,
    );
  }
}

/** The account's record as the Auth emulator keeps it (claims, verification), read as the project owner. */
export async function lookupAccount(email: string, e: Emulators = emulators()): Promise<{ emailVerified?: boolean; customAttributes?: string } | undefined> {
  const response = await ok(
    await fetch(`http://${e.auth}/identitytoolkit.googleapis.com/v1/projects/${e.project}/accounts:lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    }),
    `Looking up ${email}`,
  );
  return ((await response.json()) as { users?: { emailVerified?: boolean; customAttributes?: string }[] }).users?.[0];
}
