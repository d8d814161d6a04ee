import { describe, expect, it } from 'vitest';
import { createFaultScheduler } from './fault-scheduler';
import { createFleetState } from './fleet-state';

const schedule = { firstAfterMs: 20_000, intervalMs: 60_000, maxDurationMs: 300_000 };

describe('fault scheduler', () => {
  it('injects one fault at a time, in turn, and waits the interval after each ends', () => {
    const state = createFleetState();
    const scheduler = createFaultScheduler(state, 1, 0, schedule, ['disk-full', 'bad-deploy']);
    expect(scheduler.tick(19_999).injected).toBeNull();
    expect(scheduler.tick(20_000).injected).toBe('disk-full');
    expect(scheduler.tick(30_000).injected).toBeNull();
    state.operate('object-storage', 'free-disk');
    expect(scheduler.tick(40_000).injected).toBeNull();
    expect(scheduler.tick(99_999).injected).toBeNull();
    expect(scheduler.tick(100_000).injected).toBe('bad-deploy');
  });

  it('runs the scenario --demo-speed times faster, and a fault nobody fixes ends on its own', () => {
    const state = createFleetState();
    const scheduler = createFaultScheduler(state, 10, 0, schedule, ['disk-full']);
    expect(scheduler.tick(2_000).injected).toBe('disk-full');
    expect(scheduler.tick(31_999).expired).toEqual([]);
    expect(scheduler.tick(32_000).expired).toEqual(['disk-full']);
    expect(state.active()).toEqual([]);
  });
});
