import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { paced } from './paced';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('paced load', () => {
  it('offers the rate asked for, spread over the run (never ahead of time), and answers every request', async () => {
    const arrivals: number[] = [];
    const origin = await serve((_req, res) => {
      arrivals.push(performance.now());
      res.end('ok');
    });
    const before = performance.now();
    const result = await paced({ url: origin + '/', rate: 200, seconds: 1 });
    expect(result.sent).toBe(200);
    expect(result.answered).toBe(200);
    expect(result.bad).toBe(0);
    expect(result.offered).toBeLessThanOrEqual(210);
    // Request i is due 5 × i ms after the start and never leaves before: so the k-th request to
    // arrive cannot arrive before 5 × k ms. A generator that sends ahead (a burst) fails this; a slow
    // machine cannot, as it only makes requests later (and the latencies count from the due moment).
    arrivals.sort((a, b) => a - b);
    const early = arrivals.map((t, k) => t - before - 5 * k).filter((slack) => slack < -0.1);
    expect(early).toEqual([]);
  });

  it('times each request from when it was due, so a stall counts for every request queued behind it', async () => {
    let served = 0;
    const origin = await serve((_req, res) => {
      served += 1;
      // One 150 ms stall, a quarter of the way in.
      if (served === 50) {
        const until = performance.now() + 150;
        while (performance.now() < until);
      }
      res.end('ok');
    });
    const result = await paced({ url: origin + '/', rate: 200, seconds: 1 });
    expect(result.answered).toBe(200);
    // About 30 requests fell due during the stall: they all waited, so the p90 saw it, not just the max.
    expect(result.max).toBeGreaterThanOrEqual(140);
    expect(result.p90).toBeGreaterThanOrEqual(20);
    expect(result.p50).toBeLessThan(result.p90);
  });

  it('counts answers that are not 2xx as bad', async () => {
    const origin = await serve((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    const result = await paced({ url: origin + '/', rate: 100, seconds: 0.5 });
    expect(result.bad).toBe(50);
  });
});
