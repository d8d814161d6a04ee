import { describe, expect, it } from 'vitest';
import { Detection, Validation } from '@vigil/contract';
import { createEventFactory, MINUTE, T0 } from '../models/test-events';
import { createEnsemble } from './ensemble';

/** A fake timer that advances 3 µs per reading, so processing_time is deterministic. */
function fakeTimer() {
  let now = 0;
  return () => (now += 0.003);
}

/** An ensemble that has seen 10 minutes of routine checkout traffic. */
function warmed() {
  const ensemble = createEnsemble({ timer: fakeTimer() });
  const event = createEventFactory();
  const routine = ['GET <*> 200 in <*> ms', 'cart <*> updated', 'session <*> refreshed'];
  const results = [];
  for (let i = 0; i < 300; i += 1) {
    const template = routine[i % 3] ?? '';
    results.push(
      ensemble.evaluate(event({ template, params: [`/p${i % 5}`, '12'], time: T0 + i * 2_000 })),
    );
  }
  return { ensemble, event, results, now: T0 + 300 * 2_000 };
}

const REFUSED = 'connection to <*> refused';

describe('ensemble', () => {
  it('lets routine traffic through without building detection blocks', () => {
    const { results } = warmed();
    expect(results.some((r) => r.isAnomaly)).toBe(false);
    expect(results.every((r) => r.detection === null && r.validation === null)).toBe(true);
  });

  it('flags a fatal failure with contract-shaped detection and validation blocks', () => {
    const { ensemble, event, now } = warmed();
    const result = ensemble.evaluate(
      event({ template: REFUSED, params: ['db-1'], level: 'FATAL', time: now }),
    );
    expect(result.isAnomaly).toBe(true);
    expect(result.severity).toBe('critical');
    const detection = Detection.parse(result.detection);
    expect(Object.keys(detection.ensemble_votes)).toEqual(ensemble.modelNames);
    expect(detection.ensemble_votes.failure_lexicon).toBe(true);
    expect(detection.ensemble_votes.template_novelty).toBe(true);
    expect(detection.processing_time).toBeCloseTo(0.000003, 9);
    expect(detection.reason).toContain("failure words 'refused'");
    const validation = Validation.parse(result.validation);
    expect(validation.validated).toBe(true);
  });

  it('explains a normal event on request', () => {
    const { ensemble, event, now } = warmed();
    const result = ensemble.evaluate(
      event({ template: 'cart <*> updated', params: ['c1'], time: now }),
      { explain: true },
    );
    expect(result.isAnomaly).toBe(false);
    expect(result.detection?.reason).toMatch(/^Normal: combined score 0\.\d\d < threshold/);
  });

  it('stops firing on a template marked false positive, also after snapshot/restore', () => {
    const { ensemble, event, now } = warmed();
    const failing = (time: number) =>
      event({ template: REFUSED, params: ['db-1'], level: 'ERROR', time });
    expect(ensemble.evaluate(failing(now)).isAnomaly).toBe(true);
    ensemble.applyFeedback({ templateId: `tpl-${REFUSED}` }, 'false_positive');
    expect(ensemble.evaluate(failing(now + MINUTE)).isAnomaly).toBe(false);

    const restarted = createEnsemble();
    restarted.restore(JSON.parse(JSON.stringify(ensemble.snapshot())));
    const after = restarted.evaluate(failing(now + 2 * MINUTE), { explain: true });
    expect(after.isAnomaly).toBe(false);
    expect(after.detection?.reason).toContain('false positive');
  });

  it('keeps firing on a confirmed template that repeats', () => {
    const { ensemble, event, now } = warmed();
    ensemble.applyFeedback(
      { templateId: 'tpl-disk <*> error', component: 'checkout' },
      'confirmed',
    );
    const results = Array.from({ length: 30 }, (_, i) =>
      ensemble.evaluate(
        event({
          template: 'disk <*> error',
          params: ['sda'],
          level: 'ERROR',
          time: now + i * 1000,
        }),
      ),
    );
    expect(results.every((r) => r.isAnomaly)).toBe(true);
  });

  it('rejects a malformed snapshot and keeps its state', () => {
    const { ensemble, event, now } = warmed();
    ensemble.applyFeedback({ templateId: `tpl-${REFUSED}` }, 'false_positive');
    expect(() =>
      ensemble.restore({ version: 1, modelVersion: 'x', stats: {}, models: {}, feedback: 'nope' }),
    ).toThrow();
    expect(
      ensemble.evaluate(event({ template: REFUSED, params: ['x'], level: 'ERROR', time: now }))
        .isAnomaly,
    ).toBe(false);
  });

  it('is deterministic: the same stream gives the same scores', () => {
    const a = warmed().results.map((r) => r.score);
    const b = warmed().results.map((r) => r.score);
    expect(a).toEqual(b);
  });
});
