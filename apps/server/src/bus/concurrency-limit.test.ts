import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('concurrency limit', () => {
  it('runs at most the limit at once and admits waiters in order as slots free', async () => {
    const limit = createConcurrencyLimit(() => 2);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const runs = [0, 1, 2, 3].map((n) =>
      limit.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n);
            gates[n] = () => resolve(n);
          }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.running()).toBe(2);
    gates[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.();
    gates[2]?.();
    await tick();
    gates[3]?.();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limit.running()).toBe(0);
  });

  it('reads the limit again when a slot frees, so a raised limit admits more', async () => {
    let max = 1;
    const limit = createConcurrencyLimit(() => max);
    const gates: (() => void)[] = [];
    const runs = [0, 1, 2].map((n) =>
      limit.run(() => new Promise<void>((resolve) => (gates[n] = resolve))),
    );
    await tick();
    expect(limit.running()).toBe(1);
    max = 3;
    gates[0]?.();
    await tick();
    expect(limit.running()).toBe(2);
    gates[1]?.();
    gates[2]?.();
    await Promise.all(runs);
  });
});
