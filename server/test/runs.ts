/**
 * How many generated cases a property test runs. `npm test` (and so CI, with 15 minutes for everything on 2 cores) runs
 * a tenth of each suite's full count, at least 100 (208 fields × 100 values on the lists alone): every property still meets edge values (fast-check tries its
 * biased small, large and empty values first) and every field or route is still walked. `npm run fuzz`
 * (SCENA_FUZZ=full) runs the full counts, 1,000 and more, and is what to run after touching validation.
 */
export const FULL_FUZZ = process.env.SCENA_FUZZ === 'full';

export function propertyRuns(full: number): number {
  return FULL_FUZZ ? full : Math.max(100, Math.round(full / 10));
}

/** `npm run chaos` (SCENA_CHAOS=full): the crash tests' full kill counts (test/chaos.ts, chaosRounds). */
export const FULL_CHAOS = process.env.SCENA_CHAOS === 'full';

/**
 * How many generated requests the API fuzz (server/api-fuzz.property.test.ts) sends each route: `ci` in `npm test`
 * (every route of docs/openapi.json, about 150, in the 30 s that file may take in CI), `full` under `npm run fuzz`.
 */
export function fuzzRuns(full: number, ci: number): number {
  return FULL_FUZZ ? full : ci;
}
