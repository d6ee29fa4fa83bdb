import { describe, expect, it } from 'vitest';
import { quantile, withOmissionCorrection } from './latency';

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('correction for coordinated omission', () => {
  it('adds, for a latency longer than the interval, the requests the connection could not send meanwhile', () => {
    expect(withOmissionCorrection([60, 5], 20)).toEqual([5, 20, 40, 60]);
    expect(withOmissionCorrection([45], 20)).toEqual([25, 45]);
    expect(withOmissionCorrection([39.5], 20)).toEqual([39.5]);
  });

  it('changes nothing when every latency is within the interval', () => {
    const latencies = [3.2, 1.1, 7.9, 19.99, 2.5];
    expect(withOmissionCorrection(latencies, 20)).toEqual([...latencies].sort((a, b) => a - b));
  });

  it("shows what autocannon's 1 ms interval does to a p99: 1 % of responses at 12 ms make it 9 ms instead of 3", () => {
    const latencies = [...Array<number>(990).fill(3), ...Array<number>(10).fill(12)];
    // 20 connections sharing 1,000 req/s: one connection's requests are 20 ms apart.
    expect(quantile(withOmissionCorrection(latencies, 20), 0.99)).toBe(3);
    // autocannon's Math.ceil(1 / rate) with rate = 50 per second: 1 (ms).
    expect(quantile(withOmissionCorrection(latencies, Math.ceil(1 / 50)), 0.99)).toBe(9);
  });

  it('refuses an interval that is not positive', () => {
    expect(() => withOmissionCorrection([1], 0)).toThrow(RangeError);
  });
});
