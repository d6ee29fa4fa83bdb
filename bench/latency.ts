/**
 * Latency percentiles for the load bench (bench/load.ts, bench/paced.ts).
 *
 * Why bench/load.ts computes the fixed-rate p99 itself from autocannon's per-response times instead
 * of reading autocannon's `latency.p99`: autocannon 9 corrects for coordinated omission with
 * HdrHistogram's `recordValueWithExpectedInterval(latency, Math.ceil(1 / rate))` (lib/run.js,
 * `onResponse`), where `rate` is the connection's quota in requests per *second* and the latency is
 * in *milliseconds*. The expected interval comes out as 1 ms whatever the rate, so every response
 * of R ms is recorded together with R − 1 invented ones (R − 1, R − 2, … 1 ms): the slower a
 * response, the more times it counts. At 1,000 req/s over 20 connections a connection's requests
 * are 1000 / 50 = 20 ms apart, and that is the interval the correction is meant to use.
 * `withOmissionCorrection(latencies, 20)` does what autocannon means to do; its figures are also
 * unrounded (autocannon's histogram keeps whole milliseconds, so 3.9 ms prints as 3).
 */

/** The q-quantile (0 < q <= 1) of sorted values, nearest rank (as HdrHistogram reports it). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

/**
 * HdrHistogram's correction for coordinated omission, on a list: each latency L longer than the
 * expected interval between one connection's requests stands for the requests that connection
 * could not send meanwhile, recorded as L − interval, L − 2 × interval, … down to the interval.
 * Returns a new list, sorted.
 */
export function withOmissionCorrection(latencies: readonly number[], intervalMs: number): number[] {
  if (!(intervalMs > 0)) throw new RangeError(`the expected interval must be positive (got ${intervalMs})`);
  const out: number[] = [];
  for (const latency of latencies) {
    out.push(latency);
    for (let missing = latency - intervalMs; missing >= intervalMs; missing -= intervalMs) out.push(missing);
  }
  return out.sort((a, b) => a - b);
}
