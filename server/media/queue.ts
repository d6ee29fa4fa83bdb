/**
 * Image work, one job at a time: decoding and encoding a photo takes a core for a second or more, and the
 * machine has two. Uploads wait their turn on disk (their temporary files), never in memory, so ten at once
 * cost ten files and one decode; the pages go on being served from the other core.
 */
export interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** How many jobs ran at once at most since the start (1: the tests check that it never exceeds it). */
  readonly maxActive: number;
  readonly waiting: number;
}

export function workQueue(): WorkQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let active = 0;
  let maxActive = 0;
  let waiting = 0;
  return {
    run(job) {
      waiting++;
      const start = async () => {
        waiting--;
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          return await job();
        } finally {
          active--;
        }
      };
      const run = tail.then(start, start);
      tail = run.catch(() => undefined);
      return run;
    },
    get maxActive() {
      return maxActive;
    },
    get waiting() {
      return waiting;
    },
  };
}
