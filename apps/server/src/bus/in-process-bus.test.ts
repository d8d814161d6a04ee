import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './in-process-bus';

const noErrors = {
  onHandlerError: (_t: string, _g: string, error: unknown) => {
    throw error;
  },
};

describe('in-process bus', () => {
  it('delivers in order to every subscriber and drains', async () => {
    const bus = createInProcessBus(noErrors);
    const seenA: number[] = [];
    const seenB: number[] = [];
    bus.subscribe<number>('records.logs', 'a', async (n) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seenA.push(n);
    });
    bus.subscribe<number>('records.logs', 'b', (n) => {
      seenB.push(n);
    });
    for (let i = 0; i < 5; i += 1) await bus.publish('records.logs', i);
    expect(bus.depth('records.logs')).toBeGreaterThan(0);
    await bus.drain();
    expect(seenA).toEqual([0, 1, 2, 3, 4]);
    expect(seenB).toEqual([0, 1, 2, 3, 4]);
    expect(bus.depth('records.logs')).toBe(0);
  });

  it('measures depth by weight for the slowest subscriber', async () => {
    const bus = createInProcessBus(noErrors);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.subscribe<number>('records.logs', 'slow', async () => gate);
    bus.subscribe<number>('records.logs', 'fast', () => undefined);
    await bus.publish('records.logs', 1, 500);
    await bus.publish('records.logs', 2, 250);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(bus.depth('records.logs')).toBe(750);
    release();
    await bus.drain();
    expect(bus.depth('records.logs')).toBe(0);
  });

  it('reports handler errors and keeps going', async () => {
    const errors: unknown[] = [];
    const bus = createInProcessBus({ onHandlerError: (_t, _g, error) => errors.push(error) });
    const seen: number[] = [];
    bus.subscribe<number>('anomalies.detected', 'x', (n) => {
      if (n === 1) throw new Error('boom');
      seen.push(n);
    });
    for (const n of [0, 1, 2]) await bus.publish('anomalies.detected', n);
    await bus.drain();
    expect(seen).toEqual([0, 2]);
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = createInProcessBus(noErrors);
    const seen: number[] = [];
    const off = bus.subscribe<number>('config.changed', 'x', (n) => {
      seen.push(n);
    });
    await bus.publish('config.changed', 1);
    await bus.drain();
    off();
    await bus.publish('config.changed', 2);
    await bus.drain();
    expect(seen).toEqual([1]);
  });

  it('handles up to the concurrency a group is given, read again as messages finish', async () => {
    let limit = 2;
    const bus = createInProcessBus({
      ...noErrors,
      concurrency: (topic, group) => (topic === 'records.logs' && group === 'wide' ? limit : 1),
    });
    const running = { wide: 0, narrow: 0 };
    const most = { wide: 0, narrow: 0 };
    const gates: (() => void)[] = [];
    for (const group of ['wide', 'narrow'] as const)
      bus.subscribe<number>('records.logs', group, async () => {
        running[group] += 1;
        most[group] = Math.max(most[group], running[group]);
        await new Promise<void>((resolve) => gates.push(resolve));
        running[group] -= 1;
      });
    for (let i = 0; i < 6; i += 1) await bus.publish('records.logs', i);
    expect(running).toEqual({ wide: 2, narrow: 1 });
    limit = 4;
    gates.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(running.wide).toBe(4);
    while (running.wide + running.narrow > 0) {
      for (const open of gates.splice(0)) open();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await bus.drain();
    expect(most).toEqual({ wide: 4, narrow: 1 });
  });
});
