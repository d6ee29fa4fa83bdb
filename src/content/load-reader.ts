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

/**
 * The reader as a promise that starts loading its adapter only when first awaited: the server's page is read from its
 * own HTML (the cache is seeded), so its adapter's chunk waits until a form asks for it (the booking form's first focus),
 * not part of the JavaScript before the first interaction (docs/decisions/0053). Firebase's cache reads it at once.
 */
export function readerWhenAsked(kind: BackendKind): Promise<ContentReader> {
  let started: Promise<ContentReader> | undefined;
  const start = () => (started ??= loadReader(kind));
  return {
    then: (onFulfilled, onRejected) => start().then(onFulfilled, onRejected),
    catch: (onRejected) => start().catch(onRejected),
    finally: (onFinally) => start().finally(onFinally),
    [Symbol.toStringTag]: 'Promise',
  } satisfies Promise<ContentReader>;
}
