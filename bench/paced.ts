/**
 * An open-loop load generator: requests leave at a fixed offered rate, evenly spaced (request i is
 * due at start + i / rate), whatever the server does, and each latency is measured from the moment
 * the request was due to the end of its response. A slow response therefore counts the time the
 * requests behind it waited (no "coordinated omission"), as wrk2 measures.
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second, and a connection
 * sends its quota back to back from the start of each second (autocannon/lib/httpClient.js, the
 * `rateInterval` and `reqsMadeThisSecond`). At "1,000 req/s over 20 connections" that is a burst of
 * 20 concurrent streams every second, then silence: a saturation test of the first ~100 ms of each
 * second, not a fixed offered rate. bench/load.ts prints that figure too, for information.
 */
import http from 'node:http';
import { quantile } from './latency';

export interface PacedResult {
  /** Requests sent and answered. */
  sent: number;
  answered: number;
  /** Errors, time-outs and responses that are not 2xx. */
  bad: number;
  /** The rate actually offered (requests sent per second of the run). */
  offered: number;
  /** Latency percentiles, milliseconds with microsecond resolution. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface PacedOptions {
  url: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
}

/** Keep-alive connections available (a request waits for a free one; the wait counts as latency). */
const CONNECTIONS = 50;
/** A request with no answer after this long counts as bad. */
const TIMEOUT_MS = 10_000;

export async function paced(options: PacedOptions): Promise<PacedResult> {
  const { rate, seconds } = options;
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, scheduling: 'fifo' });
  const total = Math.round(rate * seconds);
  const intervalNs = 1e9 / rate;
  const latencies: number[] = [];
  let sent = 0;
  let bad = 0;
  let settled = 0;

  const done = new Promise<void>((resolve) => {
    const finish = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const send = (due: bigint) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { 'accept-encoding': 'identity' } },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - due) / 1e6);
            if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) bad += 1;
            finish();
          });
        },
      );
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('time-out')));
      request.on('error', () => {
        bad += 1;
        finish();
      });
    };
    const start = process.hrtime.bigint();
    const due = (i: number) => start + BigInt(Math.round(i * intervalNs));
    // Sends every request whose moment has come, then sleeps until the next one is due. Timers fire
    // late by up to a millisecond or so; a late request is still timed from its due moment.
    const tick = () => {
      const now = process.hrtime.bigint();
      while (sent < total && due(sent) <= now) {
        send(due(sent));
        sent += 1;
      }
      if (sent < total) {
        const waitMs = Number(due(sent) - process.hrtime.bigint()) / 1e6;
        if (waitMs > 1) setTimeout(tick, Math.floor(waitMs));
        else setImmediate(tick);
      }
    };
    tick();
  });
  const began = Date.now();
  await done;
  const elapsed = (Date.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    sent,
    answered: latencies.length,
    bad,
    offered: Math.round(sent / Math.max(elapsed, seconds)),
    p50: round3(quantile(latencies, 0.5)),
    p90: round3(quantile(latencies, 0.9)),
    p99: round3(quantile(latencies, 0.99)),
    max: round3(latencies.at(-1) ?? Number.NaN),
  };
}
