import type { BackendKind, ContentReader } from './backend';
import { buildFirebaseConfig } from './backends/firebase-config';
import { cachedRead, type CachedRead } from './cache';
import type { PublicContent } from './model';

import { BACKEND_META, CONTENT_SCRIPT_ID, EMPTY_CONTENT } from './page-data';

/** The whole public snapshot, read through the backend once per session. */
export function publicContentCache(reader: Promise<ContentReader>): CachedRead<PublicContent> {
  return cachedRead(async () => {
    const backend = await reader;
    const swallow = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
    const [settings, stats, releases, collaborators] = await Promise.all([
      swallow(backend.getSettings(), undefined),
      swallow(backend.getStats(), undefined),
      swallow(backend.listReleases(), []),
      swallow(backend.listCollaborators(), []),
    ]);
    return { settings, stats, releases, collaborators };
  }, EMPTY_CONTENT);
}

/** The backend named by the page (server) or by the build's Firebase settings (firebase); none otherwise. */
export function detectBackend(doc: Pick<Document, 'querySelector'> | undefined): BackendKind {
  const named = doc?.querySelector(`meta[name="${BACKEND_META}"]`)?.getAttribute('content');
  if (named === 'server') return 'server';
  if (__FIREBASE_SETTINGS_GIVEN__ && buildFirebaseConfig()?.ok) return 'firebase';
  return 'none';
}

/** Content delivered inside the page by the server, if any. */
export function embeddedContent(doc: Pick<Document, 'getElementById'> | undefined): PublicContent | undefined {
  const text = doc?.getElementById(CONTENT_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as PublicContent;
    return { ...EMPTY_CONTENT, ...parsed };
  } catch {
    return undefined;
  }
}

/** Monthly listeners as shown on the public page: hidden below the threshold. */
export function visibleListeners(monthlyListeners: number | undefined, threshold: number): number | undefined {
  return typeof monthlyListeners === 'number' && monthlyListeners >= threshold ? monthlyListeners : undefined;
}
