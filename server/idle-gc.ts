/**
 * Collects the young generation while the server is idle, so that a burst of requests starts with
 * it empty and does not meet a collection half-way (each one pauses every request in flight for a
 * few milliseconds: the tail of bench/load.ts's p99). Only after 30 ms without a request, and only
 * when the young generation holds over 2 MB; a server under steady load is never idle that long
 * and V8 collects as usual. See docs/decisions/0015-page-cache.md.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const IDLE_MS = 30;
const MIN_YOUNG_BYTES = 2 * 1024 * 1024;

let lastRequest = 0;

/** Called for every request, first thing: one clock read. */
export function markActivity(): void {
  lastRequest = performance.now();
}

/** V8's minor collection, through a gc() exposed at run time (no command-line flag needed). */
export function minorCollection(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose_gc');
    const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
    return () => gc({ type: 'minor' });
  } catch {
    return undefined;
  }
}

export function youngBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_used_size ?? 0;
}

export interface IdleGcOptions {
  /** The collection to run (default: V8's minor collection through an exposed gc()). */
  collect?: () => void;
  /** Bytes in the young generation now (default: V8's new_space statistics). */
  youngBytes?: () => number;
  /** How long without a request counts as idle (default 30 ms). */
  idleMs?: number;
}

/** Made once: the flag is set and gc() fetched at the first start. */
let defaultCollection: (() => void) | undefined;

/** Starts the idle check (every 10 ms, not keeping the process alive); returns how to stop it. */
export function collectWhenIdle(options: IdleGcOptions = {}): () => void {
  if (!options.collect) defaultCollection ??= minorCollection();
  const collect = options.collect ?? defaultCollection;
  if (!collect) return () => {};
  const young = options.youngBytes ?? youngBytes;
  const idleMs = options.idleMs ?? IDLE_MS;
  let collectedAfter = -1;
  const timer = setInterval(() => {
    if (performance.now() - lastRequest < idleMs || collectedAfter === lastRequest) return;
    collectedAfter = lastRequest;
    if (young() > MIN_YOUNG_BYTES) collect();
  }, 10);
  timer.unref();
  return () => clearInterval(timer);
}
