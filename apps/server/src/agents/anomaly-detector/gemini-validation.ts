import { z } from 'zod';
import type { Anomaly, Validation } from '@vigil/contract';
import type { GeminiClient } from '../../integrations/gemini/gemini-client';

/** `agents.anomaly_detector.gemini.*` (names as in the config schema). */
export interface GeminiValidationConfig {
  /** Gemini confidence at or above which the anomaly is validated. */
  validation_threshold: number;
  /** Confidence assumed when the answer (or one of its keywords) carries none. */
  default_confidence: number;
  /** Confidence a proposed keyword needs to be added to `new_keywords`. */
  keyword_confidence: number;
}

export const DEFAULT_GEMINI_VALIDATION_CONFIG: GeminiValidationConfig = {
  validation_threshold: 0.7,
  default_confidence: 0.8,
  keyword_confidence: 0.5,
};

/**
 * Anomalies whose ensemble score is in [decision threshold, decision threshold + this) are "near
 * the decision boundary" and go to Gemini: the detector was least sure about them.
 */
export const NEAR_BOUNDARY_MARGIN = 0.15;

export const isNearBoundary = (score: number, decisionThreshold: number): boolean =>
  score >= decisionThreshold && score < decisionThreshold + NEAR_BOUNDARY_MARGIN;

const Keyword = z.union([
  z.string(),
  z.object({ keyword: z.string(), confidence: z.number().min(0).max(1).optional() }),
]);

/** What the model is asked to return about one log line. */
export const GeminiVerdict = z.object({
  /** How likely the line signals a genuine fault (0..1). */
  confidence: z.number().min(0).max(1).optional(),
  analysis: z.string().max(2_000).default(''),
  new_keywords: z.array(Keyword).max(50).default([]),
});
export type GeminiVerdict = z.infer<typeof GeminiVerdict>;

const MAX_KEYWORDS = 10;
/** One lower-case word: what the detector's failure lexicon could hold. */
const KEYWORD_RE = /^[a-z][a-z0-9_'-]{1,39}$/;

const SYSTEM = [
  'You validate log anomalies for an SRE team.',
  'A statistical detector flagged the log line below, but only just above its decision threshold.',
  'Decide how likely it is that this line signals a genuine fault that needs attention.',
  'Answer with one JSON object: {"confidence": number 0..1 (likelihood of a genuine fault),',
  '"analysis": string (at most 2 sentences),',
  '"new_keywords": [{"keyword": string (one lower-case word from the line that marks the failure),',
  '"confidence": number 0..1}]}.',
].join(' ');

export function validationPrompt(
  anomaly: Anomaly,
  decisionThreshold: number,
): { system: string; user: string } {
  const { context, detection, gemini_validation: local } = anomaly;
  const votes = Object.entries(detection.ensemble_votes)
    .filter(([, vote]) => vote)
    .map(([model]) => model);
  return {
    system: SYSTEM,
    user: [
      `Component: ${context.component} (${anomaly.display_meta.layer}, ${anomaly.display_meta.env})`,
      `Level: ${context.log_level || 'unknown'}`,
      `Log line: ${context.log_message}`,
      `Template: ${context.template ?? 'unknown'}`,
      `Detector score: ${anomaly.score.toFixed(3)} (threshold ${decisionThreshold})`,
      `Models that voted: ${votes.join(', ') || 'none on their own'}`,
      `Deterministic check: ${local?.analysis ?? 'none'}`,
    ].join('\n'),
  };
}

/** The model's answer turned into the anomaly's `gemini_validation` under the configured thresholds. */
export function applyVerdict(
  verdict: GeminiVerdict,
  model: string,
  config: GeminiValidationConfig,
  local: Validation | null,
): Validation {
  const confidence = verdict.confidence ?? config.default_confidence;
  const validated = confidence >= config.validation_threshold;
  const proposed = verdict.new_keywords.flatMap((item) => {
    const { keyword, confidence: own } =
      typeof item === 'string' ? { keyword: item, confidence: undefined } : item;
    const word = keyword.trim().toLowerCase();
    return KEYWORD_RE.test(word) && (own ?? config.default_confidence) >= config.keyword_confidence
      ? [word]
      : [];
  });
  const keywords = [...new Set([...(local?.new_keywords ?? []), ...proposed])].slice(
    0,
    MAX_KEYWORDS,
  );
  const rounded = Math.round(confidence * 10_000) / 10_000;
  const said = verdict.analysis.trim();
  return {
    validated,
    confidence: local?.confidence ?? rounded,
    gemini_confidence: rounded,
    new_keywords: keywords,
    analysis: local?.analysis ?? said,
    context_analysis: `Gemini (${model}) ${validated ? 'validated' : 'did not validate'} this anomaly: confidence ${rounded.toFixed(2)} ${validated ? '≥' : '<'} ${config.validation_threshold}${verdict.confidence === undefined ? ' (no confidence given: default)' : ''}.${said ? ` ${said}` : ''}`,
  };
}

/** Asks Gemini about one anomaly; a failure keeps the deterministic verdict and records why. */
export async function validateWithGemini(
  client: GeminiClient,
  anomaly: Anomaly,
  config: GeminiValidationConfig,
  decisionThreshold: number,
): Promise<{ validation: Validation; outcome: 'validated' | 'rejected' | 'failed' }> {
  const local = anomaly.gemini_validation;
  try {
    const { value, model } = await client.generateJson(
      validationPrompt(anomaly, decisionThreshold),
      GeminiVerdict,
    );
    const validation = applyVerdict(value, model, config, local);
    return { validation, outcome: validation.validated ? 'validated' : 'rejected' };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
    const fallback: Validation = local ?? {
      validated: false,
      confidence: 0,
      new_keywords: [],
      analysis: '',
    };
    return {
      validation: {
        ...fallback,
        context_analysis: `Gemini validation unavailable: ${reason}. The deterministic check stands.`,
      },
      outcome: 'failed',
    };
  }
}
