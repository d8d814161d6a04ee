import { describe, expect, it } from 'vitest';
import { createNoveltyModel, type NoveltyModelConfig } from './novelty-model';
import { createEventFactory, createRunner, MINUTE, T0 } from './test-events';

const config: NoveltyModelConfig = {
  warmupEvents: 50,
  warmupMs: 5 * MINUTE,
  rareCount: 20,
  fromBits: 12,
  toBits: 20,
  relativeWeight: 0.6,
  voteAt: 0.5,
};

/** 200 lines of three routine templates over 10 minutes of event time. */
function warmedUp() {
  const event = createEventFactory();
  const run = createRunner(createNoveltyModel(config));
  const routine = ['GET <*> 200', 'cache hit for <*>', 'heartbeat from <*>'];
  const early = routine.map((template, i) => run(event({ template, params: ['x'], time: T0 + i })));
  for (let i = 0; i < 200; i += 1) {
    run(event({ template: routine[i % 3] ?? '', params: [String(i)], time: T0 + i * 3_000 }));
  }
  return { event, run, early, now: T0 + 200 * 3_000 };
}

describe('template novelty model', () => {
  it('stays quiet while a new component warms up', () => {
    const { early } = warmedUp();
    expect(early.every((o) => !o.vote && o.score < 0.01)).toBe(true);
  });

  it('fires on a template the component never logged, after warm-up', () => {
    const { event, run, now } = warmedUp();
    const output = run(
      event({ template: 'payment provider <*> rejected card', params: ['acme'], time: now }),
    );
    expect(output.vote).toBe(true);
    expect(output.score).toBe(1);
    expect(output.reason).toContain('new template for checkout');
  });

  it('does not fire on a frequent template', () => {
    const { event, run, now } = warmedUp();
    const output = run(event({ template: 'GET <*> 200', params: ['/'], time: now }));
    expect(output.vote).toBe(false);
    expect(output.score).toBeLessThan(0.1);
  });

  it('scores a template lower each time it comes back', () => {
    const { event, run, now } = warmedUp();
    const scores = [0, 1, 2, 3].map(
      (i) => run(event({ template: 'rare thing <*>', params: ['a'], time: now + i })).score,
    );
    expect(scores[0]).toBe(1);
    expect(scores[1]).toBeLessThan(scores[0] ?? 0);
    expect(scores[3]).toBeLessThan(scores[1] ?? 0);
  });

  it('judges each component on its own volume', () => {
    const { event, run, now } = warmedUp();
    const other = run(
      event({
        template: 'payment provider <*> rejected card',
        component: 'billing',
        params: ['x'],
        time: now,
      }),
    );
    expect(other.score).toBe(0);
  });
});
