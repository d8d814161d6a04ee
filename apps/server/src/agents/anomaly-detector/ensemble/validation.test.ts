import { describe, expect, it } from 'vitest';
import { Validation } from '@vigil/contract';
import { createEventStats } from '../models/event-stats';
import type { ModelOutput } from '../models/model';
import { createEventFactory, type EventSpec } from '../models/test-events';
import { DEFAULT_DETECTOR_CONFIG as config } from './detector-config';
import { createValidator } from './validation';

const names = ['failure_lexicon', 'template_novelty'];
const out = (score: number): ModelOutput => ({ score, vote: score >= 0.5, reason: null });

function setup() {
  const validator = createValidator(config);
  const event = createEventFactory();
  const stats = createEventStats(config.memory);
  // Enough ordinary templates for word rarity to mean something.
  for (let i = 0; i < 30; i += 1)
    validator.observe(event({ template: `routine step ${i} finished for <*>`, params: ['x'] }));
  const check = (spec: EventSpec, outputs: ModelOutput[], score: number) => {
    const e = event(spec);
    validator.observe(e);
    return validator.validate({
      event: e,
      ctx: stats.context(e),
      names,
      outputs,
      score,
      mark: null,
    });
  };
  return { validator, check };
}

describe('validator', () => {
  it('validates a failure that several models agree on, citing the evidence', () => {
    const { check } = setup();
    const result = check(
      { template: 'data TLB error interrupt', level: 'FATAL' },
      [out(0.81), out(1)],
      0.89,
    );
    expect(Validation.parse(result)).toEqual(result);
    expect(result.validated).toBe(true);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
    expect(result.analysis).toContain(
      "checkout logged a FATAL line 'data TLB error interrupt' with failure words 'error'",
    );
    expect(result.analysis).toContain('2 of 2 models agree (failure_lexicon, template_novelty)');
    expect(result.new_keywords).toEqual(expect.arrayContaining(['tlb', 'interrupt']));
  });

  it('does not validate a lone behavioural signal on a line that says nothing is wrong', () => {
    const { check } = setup();
    const result = check(
      { template: 'cache warmed with <*> keys', params: ['5000'] },
      [out(0), out(1)],
      0.52,
    );
    expect(result.validated).toBe(false);
    expect(result.analysis).toMatch(/^Not validated .* with no failure words/);
    expect(result.new_keywords).toEqual([]);
  });

  it('proposes failure-shaped words the lexicon does not know', () => {
    const { check } = setup();
    const result = check(
      { template: 'worker <*> stalled, watchdog throttling queue', params: ['7'], level: 'WARN' },
      [out(0.3), out(1)],
      0.6,
    );
    expect(result.new_keywords).toEqual(expect.arrayContaining(['stalled', 'throttling']));
  });

  it('keeps word statistics across snapshot/restore', () => {
    const { validator } = setup();
    const restored = createValidator(config);
    restored.restore(validator.snapshot());
    expect(restored.snapshot()).toEqual(validator.snapshot());
  });
});
