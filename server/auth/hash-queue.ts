/**
 * Bounds the password hashing the server does at once. Each argon2id check takes 19 MiB and a core for
 * tens of milliseconds: unbounded, a burst of sign-ins (even ones the throttle would count, from many addresses)
 * takes all memory and every core from the pages. A few run at a time, a few more wait, and the
 * rest are refused at once, before the throttle's write and any hashing: a fast 429.
 */
export interface HashQueueOptions {
  /** Checks running at once. */
  concurrency: number;
  /** Admitted requests waiting for a free slot; beyond that, admit() refuses. */
  waiting: number;
}

export const HASH_QUEUE_DEFAULTS: HashQueueOptions = { concurrency: 2, waiting: 8 };

export interface HashTicket {
  /** Runs work when a slot is free (in turn with the other admitted requests). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the ticket back (idempotent): a request that ends without hashing, or after. */
  release(): void;
}

export function hashQueue(options: HashQueueOptions = HASH_QUEUE_DEFAULTS) {
  let admitted = 0;
  let running = 0;
  let mostRunning = 0;
  const queue: (() => void)[] = [];

  const acquire = (): Promise<void> => {
    if (running < options.concurrency) {
      running++;
      mostRunning = Math.max(mostRunning, running);
      return Promise.resolve();
    }
    // The slot is handed over by the finishing run, so `running` stays counted.
    return new Promise((resolve) => queue.push(resolve));
  };
  const free = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };

  return {
    /** A ticket, or undefined when the queue is full (the caller answers 429 at once). */
    admit(): HashTicket | undefined {
      if (admitted >= options.concurrency + options.waiting) return undefined;
      admitted++;
      let released = false;
      return {
        async run(work) {
          await acquire();
          try {
            return await work();
          } finally {
            free();
          }
        },
        release() {
          if (released) return;
          released = true;
          admitted--;
        },
      };
    },
    /** For tests and figures: the most checks that ever ran at once. */
    get mostRunning() {
      return mostRunning;
    },
  };
}
export type HashQueue = ReturnType<typeof hashQueue>;
