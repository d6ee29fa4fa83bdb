import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle, markActivity } from './idle-gc';

let stop = () => {};
afterEach(() => stop());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

describe('collecting the young generation when idle', () => {
  it('collects once after 30 ms without a request, not again until the next request', async () => {
    let collections = 0;
    stop = collectWhenIdle({ collect: () => collections++, youngBytes: () => 8 * MB });
    markActivity();
    expect(collections).toBe(0);
    await sleep(100);
    expect(collections).toBe(1);
    await sleep(100);
    expect(collections).toBe(1);
    markActivity();
    await sleep(100);
    expect(collections).toBe(2);
  });

  it('does not collect while requests keep coming', async () => {
    let collections = 0;
    // A request every 8 ms or so; idle means 300 ms here, so a slow machine cannot fake a pause.
    stop = collectWhenIdle({ collect: () => collections++, youngBytes: () => 8 * MB, idleMs: 300 });
    for (let i = 0; i < 40; i++) {
      markActivity();
      await sleep(8);
    }
    expect(collections).toBe(0);
  });

  it('leaves a nearly empty young generation alone', async () => {
    let collections = 0;
    stop = collectWhenIdle({ collect: () => collections++, youngBytes: () => 1 * MB });
    markActivity();
    await sleep(100);
    expect(collections).toBe(0);
  });

  it("empties V8's young generation with the default collection", async () => {
    stop = collectWhenIdle();
    const junk: unknown[] = [];
    for (let i = 0; i < 60_000; i++) junk.push({ i, text: `item ${i}` });
    junk.length = 0;
    markActivity();
    await sleep(100);
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
    expect(young).toBeLessThan(2 * MB);
  });
});
