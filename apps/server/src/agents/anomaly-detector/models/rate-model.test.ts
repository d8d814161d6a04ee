import { describe, expect, it } from 'vitest';
import { createRateModel, type RateModelConfig } from './rate-model';
import { createEventFactory, createRunner, MINUTE, T0 } from './test-events';

const config: RateModelConfig = {
  bucketMs: MINUTE,
  alpha: 0.2,
  warmupBuckets: 10,
  minBaseline: 0.5,
  minCount: 5,
  minRatio: 3,
  quietP: 0.05,
  fireP: 1e-4,
  maxP: 1e-9,
  errorBoost: 1.5,
  voteAt: 0.5,
  maxKeys: 1000,
};

/** `perMinute` lines of one template every minute for `minutes` minutes; returns the outputs. */
function steady(minutes: number, perMinute: number, level = 'INFO') {
  const event = createEventFactory();
  const run = createRunner(createRateModel(config));
  const outputs = [];
  for (let m = 0; m < minutes; m += 1) {
    for (let i = 0; i < perMinute; i += 1) {
      const time = T0 + m * MINUTE + (i * MINUTE) / perMinute;
      outputs.push(
        run(event({ template: 'request served in <*> ms', params: ['12'], level, time })),
      );
    }
  }
  return { event, run, outputs, next: T0 + minutes * MINUTE };
}

describe('rate spike model', () => {
  it('stays quiet on steady traffic', () => {
    const { outputs } = steady(60, 4);
    expect(outputs.some((o) => o.vote)).toBe(false);
  });

  it('fires when a bucket holds far more lines than the learned baseline', () => {
    const { event, run, next } = steady(30, 4);
    const burst = Array.from({ length: 40 }, (_, i) =>
      run(event({ template: 'request served in <*> ms', params: ['12'], time: next + i * 100 })),
    );
    expect(burst.slice(0, 3).some((o) => o.vote)).toBe(false);
    expect(burst.at(-1)?.vote).toBe(true);
    expect(burst.at(-1)?.reason).toMatch(/40 lines .* vs ~4\.\d expected/);
  });

  it('does not score a series before its warm-up', () => {
    const { outputs } = steady(5, 40);
    expect(outputs.some((o) => o.score > 0)).toBe(false);
  });

  it('counts an error-rate spike more than the same spike of normal lines', () => {
    const normal = steady(30, 2);
    const errors = steady(30, 2, 'ERROR');
    const spike = (s: typeof normal, level: string) =>
      Array.from({ length: 12 }, (_, i) =>
        s.run(
          normal.event({
            template: 'request served in <*> ms',
            params: ['12'],
            level,
            time: s.next + i,
          }),
        ),
      ).at(-1)?.score ?? 0;
    expect(spike(errors, 'ERROR')).toBeGreaterThan(spike(normal, 'INFO'));
  });

  it('survives snapshot/restore', () => {
    const model = createRateModel(config);
    const event = createEventFactory();
    const run = createRunner(model);
    for (let m = 0; m < 30; m += 1) run(event({ template: 'tick', time: T0 + m * MINUTE }));
    const restored = createRateModel(config);
    restored.restore(model.snapshot());
    expect(restored.snapshot()).toEqual(model.snapshot());
  });
});
