import { describe, expect, it } from 'vitest';
import { repeatEvery, type Timers } from './repeat';

describe('repeatEvery', () => {
  it('reads the interval again before every wait and stops cleanly', () => {
    const armed: { callback: () => void; ms: number }[] = [];
    const timers: Timers = {
      set(callback, ms) {
        armed.push({ callback, ms });
        return () => undefined;
      },
    };
    let interval = 10_000;
    let runs = 0;
    const stop = repeatEvery(
      () => interval,
      () => (runs += 1),
      timers,
    );
    expect(armed.map((a) => a.ms)).toEqual([10_000]);
    interval = 7_000;
    armed[0]?.callback();
    expect(runs).toBe(1);
    expect(armed.map((a) => a.ms)).toEqual([10_000, 7_000]);
    stop();
    armed[1]?.callback();
    expect(runs).toBe(1);
  });
});
