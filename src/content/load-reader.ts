import type { BackendKind, ContentReader } from './backend';
import { createNoneReader } from './backends/none';

/** Each adapter sits behind a dynamic import, so the page downloads only the one it uses. */
export async function loadReader(kind: BackendKind): Promise<ContentReader> {
  switch (kind) {
    default:
      return createNoneReader();
  }
}
