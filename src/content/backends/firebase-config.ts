/**
 * Firebase's build-time settings (Vite `VITE_*` variables), read without zod or the Firebase SDK:
 * this module sits in the public page's bundle.
 * Firebase is on only when the API key, auth domain, project id and app id are all set; the storage
 * bucket is optional; the admin e-mail falls back to adminEmailFallback in site.config.ts. A partial configuration
 * is an error (reported at build time by scripts/firebase-env-check.ts and in the console), never a
 * half-working site.
 */

export const FIREBASE_ENV = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  appId: 'VITE_FIREBASE_APP_ID',
} as const;
export const FIREBASE_ENV_OPTIONAL = {
  storageBucket: 'VITE_FIREBASE_STORAGE_BUCKET',
  adminEmail: 'VITE_ADMIN_EMAIL',
  /** Test builds only: `auth=127.0.0.1:9099,firestore=127.0.0.1:8080` points the site at the emulators. */
  emulators: 'VITE_FIREBASE_EMULATORS',
} as const;

export interface FirebaseEmulators {
  /** host:port of the Auth emulator. */
  auth: string;
  /** host:port of the Firestore emulator. */
  firestore: string;
}

export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  storageBucket?: string;
  /** Lower-case; compared case-insensitively with the signed-in e-mail. */
  /** VITE_ADMIN_EMAIL, lower-cased, when set. */
  adminEmail?: string;
  emulators?: FirebaseEmulators;
}

export type FirebaseConfigResult =
  | { ok: true; config: FirebaseConfig }
  /** Some settings are set and others are not (or are malformed): names of the variables at fault. */
  | { ok: false; missing: string[] }
  /** Nothing is set: Firebase is simply off. */
  | undefined;

type Env = Record<string, unknown>;
const value = (env: Env, name: string) => (typeof env[name] === 'string' ? (env[name] as string).trim() : '');
const HOST_PORT = /^[\w.-]+:\d{1,5}$|^\[[\d:a-f]+\]:\d{1,5}$/i;

/** `auth=host:port,firestore=host:port`; undefined when malformed. */
export function parseEmulators(text: string): FirebaseEmulators | undefined {
  const pairs = new Map(
    text.split(',').map((part) => {
      const [name = '', ...rest] = part.split('=');
      return [name.trim(), rest.join('=').trim()] as const;
    }),
  );
  const auth = pairs.get('auth');
  const firestore = pairs.get('firestore');
  if (!auth || !firestore || !HOST_PORT.test(auth) || !HOST_PORT.test(firestore)) return undefined;
  return { auth, firestore };
}

export function firebaseConfigFromEnv(env: Env): FirebaseConfigResult {
  const required = Object.entries(FIREBASE_ENV).map(([key, name]) => [key, name, value(env, name)] as const);
  const set = required.filter(([, , v]) => v);
  if (set.length === 0) return undefined;
  const missing: string[] = required.filter(([, , v]) => !v).map(([, name]) => name);
  const emulatorText = value(env, FIREBASE_ENV_OPTIONAL.emulators);
  const emulators = emulatorText ? parseEmulators(emulatorText) : undefined;
  if (emulatorText && !emulators) missing.push(`${FIREBASE_ENV_OPTIONAL.emulators} (expected auth=host:port,firestore=host:port)`);
  // Without the setting the admin adapter uses site.config's adminEmailFallback (kept out of this
  // module, which the public page loads).
  const adminEmail = value(env, FIREBASE_ENV_OPTIONAL.adminEmail).toLowerCase() || undefined;
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) missing.push(`${FIREBASE_ENV_OPTIONAL.adminEmail} (not an e-mail address)`);
  if (missing.length) return { ok: false, missing };
  const config: FirebaseConfig = {
    apiKey: value(env, FIREBASE_ENV.apiKey),
    authDomain: value(env, FIREBASE_ENV.authDomain),
    projectId: value(env, FIREBASE_ENV.projectId),
    appId: value(env, FIREBASE_ENV.appId),
  };
  if (adminEmail) config.adminEmail = adminEmail;
  const bucket = value(env, FIREBASE_ENV_OPTIONAL.storageBucket);
  if (bucket) config.storageBucket = bucket;
  if (emulators) config.emulators = emulators;
  return { ok: true, config };
}

/** The message for a partial configuration: at build time and in the console. */
export function incompleteFirebaseMessage(missing: string[]): string {
  return (
    `Scena: the Firebase configuration is incomplete, so Firebase is off (no admin, no dynamic content). ` +
    `Set ${missing.join(', ')} (or unset every VITE_FIREBASE_* variable) and build again.`
  );
}

let reported = false;
/**
 * This build's Firebase settings (the `__FIREBASE_ENV__` constant of vite.config.ts). A partial
 * configuration is logged once to the console as an error; the caller treats it as "no backend" (the
 * admin says Firebase is not configured).
 * Not import.meta.env: Vite writes that whole, every VITE_* variable with it, into each bundle that
 * reads it, so the public page would name the admin's address (VITE_ADMIN_EMAIL). The constant holds
 * the settings by name, and the address only in the admin's build.
 */
export function buildFirebaseConfig(): FirebaseConfigResult {
  // Outside Vite (tsx scripts) the constant does not exist: no settings.
  const result = firebaseConfigFromEnv(typeof __FIREBASE_ENV__ === 'object' ? __FIREBASE_ENV__ : {});
  if (result && !result.ok && !reported) {
    reported = true;
    console.error(incompleteFirebaseMessage(result.missing));
  }
  return result;
}

/** Admin means the signed-in e-mail equals the configured admin e-mail, case-insensitively. */
export function isAdminEmail(email: string | null | undefined, adminEmail: string): boolean {
  return typeof email === 'string' && email.trim().toLowerCase() === adminEmail.trim().toLowerCase();
}
