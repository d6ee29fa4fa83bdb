/**
 * The content a static build renders its pages with (scripts/prerender.ts):
 * - without a backend (`none`), the first-start content (src/content/seed.ts);
 * - on Firebase, what Firestore holds at build time, read as a visitor reads it (published releases only, through
 *   the public page's REST reader and the security rules), so that each release published there has its page,
 *   its sitemap entry and its place in the HTML. A Firestore that cannot be read (no network, a project not set
 *   up yet) does not stop the build: the pages are rendered with the first-start content, a warning says so, and
 *   each page reads the live content once its script runs.
 */
import { loadEnv } from 'vite';
import { firebaseConfigFromEnv, type FirebaseConfig } from '../src/content/backends/firebase-config';
import { createFirebaseReader } from '../src/content/backends/firebase-public';
import type { PublicContent } from '../src/content/model';
import { EMPTY_CONTENT } from '../src/content/page-data';
import { withReferencedLibraries } from '../src/content/public-content';
import { SEED_CONTENT } from '../src/content/seed';

/** How long the build waits for each Firestore request before it renders the first-start content instead. */
export const FIRESTORE_BUILD_TIMEOUT_MS = 15_000;

export interface BuildContentOptions {
  /** The build's settings (default: .env files and the environment). */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  warn?: (message: string) => void;
}

export async function buildContent(options: BuildContentOptions = {}): Promise<PublicContent> {
  // The settings the bundles were built with: .env files and the environment, the environment winning, as in Vite.
  const firebase = firebaseConfigFromEnv(options.env ?? { ...loadEnv('production', process.cwd(), 'VITE_'), ...process.env });
  if (!firebase?.ok) return SEED_CONTENT;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  try {
    return await firestoreContent(firebase.config, options.timeoutMs ?? FIRESTORE_BUILD_TIMEOUT_MS);
  } catch (error) {
    warn(
      `⚠ Firestore could not be read at build time (${error instanceof Error ? error.message : String(error)}): ` +
        'the pages are rendered with the first-start content; each page shows the live content once its script runs. ' +
        'Build again when Firestore is reachable, so that every published release has its page.',
    );
    return SEED_CONTENT;
  }
}

/** Everything the public page shows, as a visitor may read it; any failed read fails the whole (no half content). */
async function firestoreContent(config: FirebaseConfig, timeoutMs: number): Promise<PublicContent> {
  const reader = createFirebaseReader({
    config,
    fetch: (input, init) => globalThis.fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  return withReferencedLibraries({ ...EMPTY_CONTENT, ...(await reader.content({ all: true })) });
}
