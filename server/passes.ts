/**
 * One pass of background work at a time in this process (the booking outbox, the letters' sender): a kick while a pass
 * runs asks for one more after it, however many kicks came; `idle()` is what `stop()` waits for. A pass that throws is
 * handed to `onError` (the next kick runs again).
 */
export interface Passes {
  /** Starts a pass, or asks the running one for another after it; resolves when none is left to run. */
  kick(): Promise<void>;
  /** Resolves once the running pass (and the one asked for after it) has ended. */
  idle(): Promise<void>;
}

export function serialPasses(pass: () => Promise<void>, options: { skip: () => boolean; onError: (error: unknown) => void }): Passes {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    kick() {
      if (options.skip()) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await pass();
        } while (again && !options.skip());
      })()
        .catch(options.onError)
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    idle: async () => {
      await running;
    },
  };
}
