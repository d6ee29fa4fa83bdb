import type { BackendKind, ContentReader } from './backend';
import { createNoneReader } from './backends/none';

/** Each adapter sits behind a dynamic import, so the page downloads only the one it uses. */
export async function loadReader(kind: BackendKind): Promise<ContentReader> {
  switch (kind) {
    case 'server': {
      const { createServerReader } = await import('./backends/server-public');
      return createServerReader();
    }
    case 'firebase': {
      // Only a build with Firebase settings keeps this branch (and its chunk) at all.
      if (!__FIREBASE_SETTINGS_GIVEN__) return createNoneReader();
      const { createFirebaseReader } = await import('./backends/firebase-public');
      return createFirebaseReader();
    }
    default:
      return createNoneReader();
  }
}
