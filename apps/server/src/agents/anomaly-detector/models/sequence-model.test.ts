import { describe, expect, it } from 'vitest';
import { createSequenceModel, type SequenceModelConfig } from './sequence-model';
import { createEventFactory, createRunner, T0 } from './test-events';

const config: SequenceModelConfig = {
  sessionGapMs: 10 * 60_000,
  minTemplateCount: 5,
  warmupEvents: 50,
  voteAt: 0.5,
  maxSessions: 100,
  maxTransitions: 1000,
};

const FLOW = ['order <*> received', 'payment <*> authorised', 'order <*> shipped'];

/** 40 traces that each log the three steps in order. */
function trained() {
  const event = createEventFactory();
  const model = createSequenceModel(config);
  const run = createRunner(model);
  let time = T0;
  for (let trace = 0; trace < 40; trace += 1) {
    for (const template of FLOW)
      run(
        event({
          template,
          params: [String(trace)],
          traceId: `trace${trace}`,
          time: (time += 1000),
        }),
      );
  }
  return { event, model, run, time };
}

describe('sequence novelty model', () => {
  it('stays quiet on transitions it has seen', () => {
    const { event, run, time } = trained();
    const outputs = FLOW.map((template, i) =>
      run(event({ template, params: ['x'], traceId: 'fresh', time: time + i })),
    );
    expect(outputs.some((o) => o.vote)).toBe(false);
  });

  it('fires on an unseen transition between known templates within a trace', () => {
    const { event, run, time } = trained();
    run(event({ template: FLOW[0] ?? '', params: ['y'], traceId: 'skip', time: time + 1 }));
    const output = run(
      event({ template: FLOW[2] ?? '', params: ['y'], traceId: 'skip', time: time + 2 }),
    );
    expect(output.vote).toBe(true);
    expect(output.reason).toContain('trace skip');
    expect(output.reason).toContain("after 'order <*> received'");
  });

  it('leaves brand-new templates to the novelty model', () => {
    const { event, run, time } = trained();
    run(event({ template: FLOW[0] ?? '', params: ['z'], traceId: 'new', time: time + 1 }));
    expect(
      run(event({ template: 'refund <*> issued', params: ['z'], traceId: 'new', time: time + 2 }))
        .score,
    ).toBe(0);
  });

  it('uses the component and host as the session when there is no trace', () => {
    const { event, run, time } = trained();
    run(event({ template: FLOW[0] ?? '', params: ['a'], host: 'web-1', time: time + 1 }));
    const crossed = run(
      event({ template: FLOW[2] ?? '', params: ['b'], host: 'web-2', time: time + 2 }),
    );
    const skipped = run(
      event({ template: FLOW[2] ?? '', params: ['a'], host: 'web-1', time: time + 3 }),
    );
    expect(crossed.vote).toBe(false);
    expect(skipped.vote).toBe(true);
  });

  it('keeps learned transitions across snapshot/restore', () => {
    const { model } = trained();
    const restored = createSequenceModel(config);
    restored.restore(model.snapshot());
    expect(restored.snapshot()).toEqual(model.snapshot());
  });
});
