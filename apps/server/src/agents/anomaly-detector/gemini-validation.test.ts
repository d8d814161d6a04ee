import { describe, expect, it } from 'vitest';
import type { Validation } from '@vigil/contract';
import {
  applyVerdict,
  DEFAULT_GEMINI_VALIDATION_CONFIG,
  GeminiVerdict,
  isNearBoundary,
  NEAR_BOUNDARY_MARGIN,
  type GeminiValidationConfig,
} from './gemini-validation';

const local: Validation = {
  validated: false,
  confidence: 0.62,
  new_keywords: ['exhausted'],
  analysis: 'Not validated (confidence 0.62): billing logged a WARN line.',
};
const verdict = (answer: unknown) => GeminiVerdict.parse(answer);
const config = (change: Partial<GeminiValidationConfig> = {}): GeminiValidationConfig => ({
  ...DEFAULT_GEMINI_VALIDATION_CONFIG,
  ...change,
});

describe('near the decision boundary', () => {
  it.each([
    [0.6, 0.6, true],
    [0.7499, 0.6, true],
    [0.6 + NEAR_BOUNDARY_MARGIN, 0.6, false],
    [0.9, 0.6, false],
    [0.59, 0.6, false],
    [0.9, 0.8, true],
  ])('score %d at threshold %d: %s', (score, threshold, near) => {
    expect(isNearBoundary(score, threshold)).toBe(near);
  });
});

describe('applyVerdict', () => {
  it('validation_threshold: the minimum Gemini confidence for validated', () => {
    const answer = verdict({ confidence: 0.75, analysis: 'Quota exhaustion blocks tenants.' });
    const at70 = applyVerdict(answer, 'gemini-x', config({ validation_threshold: 0.7 }), local);
    const at80 = applyVerdict(answer, 'gemini-x', config({ validation_threshold: 0.8 }), local);
    expect(at70).toMatchObject({ validated: true, gemini_confidence: 0.75, confidence: 0.62 });
    expect(at80).toMatchObject({ validated: false, gemini_confidence: 0.75 });
    expect(at70.context_analysis).toBe(
      'Gemini (gemini-x) validated this anomaly: confidence 0.75 ≥ 0.7. Quota exhaustion blocks tenants.',
    );
    expect(at80.context_analysis).toMatch(
      /^Gemini \(gemini-x\) did not validate this anomaly: confidence 0\.75 < 0\.8\./,
    );
    // The deterministic analysis is kept; Gemini's is added beside it.
    expect(at70.analysis).toBe(local.analysis);
  });

  it('default_confidence: assumed when the answer carries none', () => {
    const answer = verdict({ analysis: 'Looks like a real fault.' });
    const high = applyVerdict(answer, 'm', config({ default_confidence: 0.9 }), local);
    const low = applyVerdict(answer, 'm', config({ default_confidence: 0.4 }), local);
    expect(high).toMatchObject({ validated: true, gemini_confidence: 0.9 });
    expect(low).toMatchObject({ validated: false, gemini_confidence: 0.4 });
    expect(high.context_analysis).toContain('(no confidence given: default)');
  });

  it('keyword_confidence: the minimum confidence for a proposed keyword to be kept', () => {
    const answer = verdict({
      confidence: 0.9,
      new_keywords: [
        { keyword: 'Quota', confidence: 0.9 },
        { keyword: 'tenant', confidence: 0.45 },
        'throttled',
        { keyword: 'two words', confidence: 1 },
      ],
    });
    const at50 = applyVerdict(answer, 'm', config({ keyword_confidence: 0.5 }), local);
    expect(at50.new_keywords).toEqual(['exhausted', 'quota', 'throttled']);
    const at40 = applyVerdict(answer, 'm', config({ keyword_confidence: 0.4 }), local);
    expect(at40.new_keywords).toEqual(['exhausted', 'quota', 'tenant', 'throttled']);
    // A keyword without its own confidence gets default_confidence.
    const strict = applyVerdict(
      answer,
      'm',
      config({ keyword_confidence: 0.85, default_confidence: 0.8 }),
      local,
    );
    expect(strict.new_keywords).toEqual(['exhausted', 'quota']);
  });

  it('rejects an answer with an out-of-range confidence', () => {
    expect(GeminiVerdict.safeParse({ confidence: 1.5 }).success).toBe(false);
  });
});
