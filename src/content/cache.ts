/**
 * Read once, cached for the session, one shared fetch for concurrent readers.
 * A failed read is swallowed (the spec: settings stay undefined, no user message) and not cached,
 * so a later reader may try again.
 */
export interface CachedRead<T> {
  /** The value if the read has finished. */
  peek(): { value: T } | undefined;
  /** The cached value, or the one shared read in flight, or a new read. Never rejects. */
  get(): Promise<T>;
  /** Put a value in the cache (content delivered inside the page). */
  seed(value: T): void;
}

export function cachedRead<T>(read: () => Promise<T>, onFailure: T): CachedRead<T> {
  let done: { value: T } | undefined;
  let inflight: Promise<T> | undefined;
  return {
    peek: () => done,
    seed(value) {
      done = { value };
    },
    get() {
      if (done) return Promise.resolve(done.value);
      inflight ??= read().then(
        (value) => {
          done = { value };
          inflight = undefined;
          return value;
        },
        () => {
          inflight = undefined;
          return onFailure;
        },
      );
      return inflight;
    },
  };
}
