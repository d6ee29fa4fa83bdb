export const CHUNK_TIMEOUT_MS = 120_000;

/** The error a lazy chunk fails with, named as the spec names it. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(chunk: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed.`, options);
  }
}

/**
 * Loads a lazy chunk, failing with ChunkLoadError when the import fails or takes longer
 * than the time-out (120 s).
 */
export function loadChunk<T>(chunk: string, importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, { cause: 'timeout' })), timeoutMs);
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, { cause }));
      },
    );
  });
}
