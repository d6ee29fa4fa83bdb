/**
 * How many generated cases a property test runs. `npm test` (and so CI, with 15 minutes for everything on 2 cores) runs
 * a share of each suite's full count: a tenth unless the suite says otherwise, at least 40. Every property still meets
 * edge values (fast-check tries its biased small, large and empty values first) and every field or route is still
 * walked: the lists' validation (208 fields, each its own property) runs 40 values a field in CI, where the booking
 * form's one property keeps 200 (at 100 a run once met no "press Send again" case). `npm run fuzz` (SCENA_FUZZ=full)
 * runs the full counts, 1,000 and more, and is what to run after touching validation.
 */
export const FULL_FUZZ = process.env.SCENA_FUZZ === 'full';

export function propertyRuns(full: number, share = 10): number {
  return FULL_FUZZ ? full : Math.max(40, Math.round(full / share));
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
