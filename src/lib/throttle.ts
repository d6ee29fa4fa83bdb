/**
 * Leading-and-trailing throttle: runs at once, then at most once per `wait` ms,
 * and always once more after the last call so the final state is never missed.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    pending = undefined;
    fn(...args);
  };
  const throttled = (...args: A) => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending) run(pending);
        },
        Math.max(0, remaining),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
