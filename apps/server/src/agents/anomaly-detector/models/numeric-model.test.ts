import { describe, expect, it } from 'vitest';
import { createNumericModel, type NumericModelConfig } from './numeric-model';
import { createEventFactory, createRunner, T0 } from './test-events';

const config: NumericModelConfig = {
  warmup: 30,
  fireZ: 4,
  maxZ: 8,
  relativeSigma: 0.1,
  absoluteSigma: 1,
  maxSlotsPerTemplate: 8,
  voteAt: 0.5,
  maxTemplates: 100,
};
const TEMPLATE = 'request <*> took <*> ms';

function trained(samples: number) {
  const event = createEventFactory();
  const model = createNumericModel(config);
  const run = createRunner(model);
  // Latencies 90..110 ms; the first slot is an id and never numeric-looking.
  for (let i = 0; i < samples; i += 1) {
    run(
      event({ template: TEMPLATE, params: [`req-${i}`, `${90 + ((i * 7) % 21)}ms`], time: T0 + i }),
    );
  }
  return { event, model, run };
}

describe('numeric outlier model', () => {
  it('fires on a value far outside a slot’s usual range after warm-up', () => {
    const { event, run } = trained(60);
    const output = run(event({ template: TEMPLATE, params: ['req-x', '2500ms'], time: T0 + 100 }));
    expect(output.vote).toBe(true);
    expect(output.score).toBe(1);
    expect(output.reason).toMatch(/parameter 2 = 2500 is \d+\.\dσ from its usual 9\d\.\d \(n=60\)/);
  });

  it('stays quiet on a usual value', () => {
    const { event, run } = trained(60);
    expect(
      run(event({ template: TEMPLATE, params: ['req-y', '104ms'], time: T0 + 100 })).vote,
    ).toBe(false);
  });

  it('says nothing before the slot has warmed up', () => {
    const { event, run } = trained(10);
    expect(
      run(event({ template: TEMPLATE, params: ['req-z', '2500ms'], time: T0 + 100 })).score,
    ).toBe(0);
  });

  it('ignores hex, ids and versions', () => {
    const { event, run } = trained(60);
    expect(
      run(event({ template: TEMPLATE, params: ['req-1', '0x1f40'], time: T0 + 100 })).score,
    ).toBe(0);
  });

  it('keeps its statistics across snapshot/restore', () => {
    const { model } = trained(40);
    const restored = createNumericModel(config);
    restored.restore(model.snapshot());
    const event = createEventFactory();
    const run = createRunner(restored);
    expect(run(event({ template: TEMPLATE, params: ['req-x', '2500ms'], time: T0 })).vote).toBe(
      true,
    );
  });

  it('survives values at the float limit: its snapshot still restores through JSON', () => {
    const { event, model, run } = trained(40);
    for (const value of ['1e999', '-1.7e308', '1.7e308', '9e200', '-9e200']) {
      run(event({ template: TEMPLATE, params: ['req-big', value], time: T0 + 50 }));
    }
    const restored = createNumericModel(config);
    restored.restore(JSON.parse(JSON.stringify(model.snapshot())));
    const again = createRunner(restored);
    // The usual latencies' statistics are intact: a far value still fires.
    expect(
      again(event({ template: TEMPLATE, params: ['req-x', '2500ms'], time: T0 + 60 })).vote,
    ).toBe(true);
  });
});
