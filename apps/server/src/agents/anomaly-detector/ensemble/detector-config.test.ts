import { describe, expect, it } from 'vitest';
import { DEFAULT_DETECTOR_CONFIG, MODEL_NAMES, resolveDetectorConfig } from './detector-config';

describe('detector config', () => {
  it('fills every default and has a weight for every model', () => {
    expect(DEFAULT_DETECTOR_CONFIG.threshold).toBe(0.6);
    for (const name of MODEL_NAMES)
      expect(DEFAULT_DETECTOR_CONFIG.weights[name]).toBeGreaterThan(0);
  });

  it('overrides one key and keeps the rest', () => {
    const config = resolveDetectorConfig({ rate: { bucketMs: 30_000 } });
    expect(config.rate.bucketMs).toBe(30_000);
    expect(config.rate.alpha).toBe(DEFAULT_DETECTOR_CONFIG.rate.alpha);
  });

  it('lists every bad key at once', () => {
    const attempt = () =>
      resolveDetectorConfig({ threshold: 2, rate: { minCount: 0 }, weights: { rate_spike: -1 } });
    expect(attempt).toThrow(
      /threshold[\s\S]*weights[\s\S]*rate|threshold[\s\S]*rate[\s\S]*weights/,
    );
  });
});
