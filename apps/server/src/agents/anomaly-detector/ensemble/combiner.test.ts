import { describe, expect, it } from 'vitest';
import { Detection } from '@vigil/contract';
import type { ModelOutput } from '../models/model';
import { anomalySeverity, buildDetection, combineScores, confidenceLevel } from './combiner';
import { DEFAULT_DETECTOR_CONFIG as config } from './detector-config';

const names = ['failure_lexicon', 'template_novelty', 'rate_spike'];
const weights = [0.9, 0.4, 0.45];
const out = (score: number, reason: string | null = null): ModelOutput => ({
  score,
  vote: score >= 0.5,
  reason,
});

describe('combineScores (weighted noisy-OR)', () => {
  it.each([
    [[0, 0, 0], 0, false],
    [[1, 0, 0], 0.9, true],
    // An ERROR line with no failure words and nothing unusual is not enough on its own.
    [[0.6, 0, 0], 0.54, false],
    // A new INFO template on its own is not an anomaly...
    [[0, 1, 0], 0.4, false],
    // ...but together with a rate spike it is.
    [[0, 1, 1], 1 - 0.6 * 0.55, true],
  ])('scores %j → %f (anomaly %s)', (scores, expected, anomaly) => {
    const combined = combineScores(
      scores.map((s) => out(s)),
      weights,
      null,
      config,
    );
    expect(combined.score).toBeCloseTo(expected, 6);
    expect(combined.isAnomaly).toBe(anomaly);
  });

  it('mutes a template marked false positive and boosts a confirmed one', () => {
    const outputs = [out(0.7), out(0.5), out(0)];
    const plain = combineScores(outputs, weights, null, config).score;
    expect(combineScores(outputs, weights, 'false_positive', config).score).toBeCloseTo(
      plain * 0.2,
      6,
    );
    expect(combineScores(outputs, weights, 'confirmed', config).score).toBeGreaterThan(plain);
  });
});

describe('anomaly severity and confidence level', () => {
  it.each([
    [0.65, 'info', 0, 'low'],
    [0.75, 'info', 0.6, 'medium'],
    [0.85, 'warn', 0.6, 'high'],
    // Without failure evidence a behavioural anomaly is never critical.
    [0.95, 'info', 0, 'high'],
    [0.95, 'error', 0.9, 'critical'],
    [0.62, 'error', 0.6, 'medium'],
    [0.81, 'fatal', 0.9, 'critical'],
    [0.62, 'fatal', 0.9, 'medium'],
  ] as const)('score %f at %s (failure %f) → %s', (score, level, failure, expected) => {
    expect(anomalySeverity(score, level, failure, config)).toBe(expected);
  });

  it.each([
    [0.6, 'low'],
    [0.75, 'medium'],
    [0.9, 'high'],
  ] as const)('confidence %f → %s', (score, level) => {
    expect(confidenceLevel(score, config)).toBe(level);
  });
});

describe('buildDetection', () => {
  it('produces the contract’s detection block, citing the models that fired', () => {
    const outputs = [
      out(0.9, "FATAL severity; failure words 'error'"),
      out(1, 'new template for KERNEL'),
      out(0.1),
    ];
    const combined = combineScores(outputs, weights, null, config);
    const detection = buildDetection(names, outputs, weights, combined, null, 0.000004, config);
    expect(Detection.parse(detection)).toEqual(detection);
    expect(detection.ensemble_votes).toEqual({
      failure_lexicon: true,
      template_novelty: true,
      rate_spike: false,
    });
    expect(detection.individual_scores.failure_lexicon).toBe(0.9);
    expect(detection.confidence_level).toBe('high');
    expect(detection.model_version).toBe(config.modelVersion);
    expect(detection.reason).toMatch(
      /^Anomaly: combined score 0\.\d\d ≥ threshold 0\.60\. Fired: failure_lexicon/,
    );
    expect(detection.reason).toContain('template_novelty (1.00): new template for KERNEL');
  });
});
