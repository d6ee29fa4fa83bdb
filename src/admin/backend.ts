import type { ContentAdmin } from '../content/backend';
import { buildFirebaseConfig } from '../content/backends/firebase-config';
import { detectBackend } from '../content/public-content';

export type AdminBackend = { kind: 'server' | 'firebase'; backend: ContentAdmin } | { kind: 'none'; reason: 'none' | 'firebase-incomplete' };

/** The admin's backend, loaded lazily: the public page never downloads this. */
export async function loadAdminBackend(): Promise<AdminBackend> {
  const kind = detectBackend(document);
  if (kind === 'server') {
    const { createServerBackend } = await import('../content/backends/server');
    return { kind, backend: createServerBackend() };
  }
  if (kind === 'firebase' && __FIREBASE_SETTINGS_GIVEN__) {
    const { createFirebaseBackend } = await import('../content/backends/firebase');
    return { kind, backend: createFirebaseBackend() };
  }
  return { kind: 'none', reason: buildFirebaseConfig()?.ok === false ? 'firebase-incomplete' : 'none' };
}
