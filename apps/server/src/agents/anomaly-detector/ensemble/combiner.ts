import type { Detection, Severity } from '@vigil/contract';
import type { ModelOutput, SeverityClass } from '../models/model';
import type { DetectorConfig } from './detector-config';

/**
 * The combination rule: a weighted noisy-OR.
 *
 *   combined = 1 − Π (1 − wᵢ · sᵢ)
 *
 * Each model's score sᵢ is read as independent evidence that the event is abnormal, trusted up to its
 * weight wᵢ. One strong, trusted signal (a FATAL line with failure words) can pass the threshold on
 * its own; weak or less trusted signals (a rare INFO template) must agree with others to pass.
 * Operator feedback then scales the result (false positive) or adds evidence (confirmed). An event
 * is an anomaly when the final score is at or above `threshold`.
 */
export type FeedbackMark = 'false_positive' | 'confirmed' | null;

export interface Combined {
  score: number;
  isAnomaly: boolean;
}

export function combineScores(
  outputs: readonly ModelOutput[],
  weights: readonly number[],
  mark: FeedbackMark,
  config: DetectorConfig,
): Combined {
  let keep = 1;
  for (let i = 0; i < outputs.length; i += 1)
    keep *= 1 - (weights[i] ?? 0) * (outputs[i]?.score ?? 0);
  let score = 1 - keep;
  if (mark === 'false_positive') score *= config.feedback.falsePositiveFactor;
  else if (mark === 'confirmed') score = 1 - (1 - score) * (1 - config.feedback.confirmedBoost);
  score = Math.min(1, Math.max(0, score));
  return { score, isAnomaly: score >= config.threshold };
}

export const confidenceLevel = (
  score: number,
  config: DetectorConfig,
): Detection['confidence_level'] =>
  score >= config.confidence.highAt
    ? 'high'
    : score >= config.confidence.mediumAt
      ? 'medium'
      : 'low';

const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/**
 * Anomaly severity: the combined score sets the level, the log's own level moves it. FATAL raises
 * it one step, ERROR makes it at least medium, and without failure evidence (a purely behavioural
 * anomaly on an INFO line) it never reaches critical.
 */
export function anomalySeverity(
  score: number,
  logSeverity: SeverityClass,
  failureEvidence: number,
  config: DetectorConfig,
): Severity {
  const { criticalAt, highAt, mediumAt } = config.severity;
  let level = score >= criticalAt ? 3 : score >= highAt ? 2 : score >= mediumAt ? 1 : 0;
  if (logSeverity === 'fatal') level += 1;
  else if (logSeverity === 'error') level = Math.max(level, 1);
  if (failureEvidence < 0.2 && logSeverity !== 'fatal' && logSeverity !== 'error')
    level = Math.min(level, 2);
  return SEVERITIES[Math.min(level, 3)] ?? 'low';
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

function explain(
  names: readonly string[],
  outputs: readonly ModelOutput[],
  weights: readonly number[],
  combined: Combined,
  mark: FeedbackMark,
  config: DetectorConfig,
): string {
  const verdict = combined.isAnomaly ? 'Anomaly' : 'Normal';
  const head = `${verdict}: combined score ${combined.score.toFixed(2)} ${combined.isAnomaly ? '≥' : '<'} threshold ${config.threshold.toFixed(2)}.`;
  const ranked = outputs
    .map((output, i) => ({
      name: names[i] ?? `model_${i}`,
      output,
      weighted: (weights[i] ?? 0) * output.score,
    }))
    .filter((entry) => entry.weighted >= 0.05)
    .sort((a, b) => b.weighted - a.weighted);
  const fired = ranked.filter((e) => e.output.vote);
  const helped = ranked.filter((e) => !e.output.vote);
  const cite = (e: (typeof ranked)[number]): string =>
    `${e.name} (${e.output.score.toFixed(2)})${e.output.reason ? `: ${e.output.reason}` : ''}`;
  const parts = [head];
  if (fired.length > 0) parts.push(`Fired: ${fired.map(cite).join('; ')}.`);
  else parts.push('No model voted.');
  if (helped.length > 0) parts.push(`Also contributing: ${helped.map(cite).join('; ')}.`);
  if (mark === 'false_positive')
    parts.push(
      `Operator marked this template a false positive (score × ${config.feedback.falsePositiveFactor}).`,
    );
  if (mark === 'confirmed')
    parts.push('Operator confirmed this template as a real problem (boosted).');
  return parts.join(' ');
}

/** The contract's detection block. Built only for events that need it (anomalies, explanations). */
export function buildDetection(
  names: readonly string[],
  outputs: readonly ModelOutput[],
  weights: readonly number[],
  combined: Combined,
  mark: FeedbackMark,
  processingSeconds: number,
  config: DetectorConfig,
): Detection {
  const votes: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  outputs.forEach((output, i) => {
    const name = names[i] ?? `model_${i}`;
    votes[name] = output.vote;
    scores[name] = round(output.score);
  });
  return {
    confidence_score: round(combined.score),
    confidence_level: confidenceLevel(combined.score, config),
    model_version: config.modelVersion,
    processing_time: Math.max(0, processingSeconds),
    reason: explain(names, outputs, weights, combined, mark, config),
    ensemble_votes: votes,
    individual_scores: scores,
  };
}
