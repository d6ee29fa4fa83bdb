/**
 * How much longer than on the machine they were set on a test's time limits are (docs/decisions/0043): the browser
 * tests' (playwright.config.ts, each test.setTimeout) and the unit tests' (vite.config.ts, Testing Library's waits). The limits are
 * there to end a test that hangs, not to time it (timings are the benchmarks' job): on CI's 2-core machines, later
 * runs were half as fast as the ones the limits were set by (the same type check: 39 → 81 s), and loaded tests ran past
 * them while everything they checked held. SCENA_TEST_PACE=1 gives the original limits, for a quicker end to a hang on
 * a fast machine.
 */
const fromEnv = Number(process.env.SCENA_TEST_PACE);
const PACE = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 2;

/** `ms` at the machine's pace. */
export const paced = (ms: number) => Math.round(ms * PACE);
