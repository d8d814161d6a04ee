import type { Evidence, RcaData } from '@vigil/contract';
import { iso, type CandidateScore } from './rca-facts';

const MAX_REASON = 120;

/** The error in a few words: the message's first clause, without ids and numbers noise. */
export function shortReason(message: string): string {
  const clause = message.split(/[\n;]|:\s(?=[A-Z])/)[0] ?? message;
  const trimmed = clause.trim();
  return trimmed.length > MAX_REASON ? `${trimmed.slice(0, MAX_REASON - 1)}…` : trimmed;
}

/** 0–1: the winner's share of the top two scores, lifted by how many kinds of evidence agree. */
export function confidenceOf(ranked: readonly CandidateScore[]): number {
  const [top, second] = ranked;
  if (!top || top.score <= 0) return ranked.length > 0 ? 0.2 : 0;
  const margin = second && second.score > 0 ? (top.score - second.score) / top.score : 1;
  const kinds = new Set(top.evidence.map((e) => e.kind)).size;
  const value = 0.3 + 0.4 * Math.max(0, margin) + 0.06 * Math.min(kinds, 5);
  return Math.round(Math.min(0.95, value) * 100) / 100;
}

/**
 * Writes the ranking up as the console shows it: the root cause in words, the evidence (the
 * winner's first, then the other components' first failures) and the steps that led there.
 */
export function buildRcaData(ranked: readonly CandidateScore[], maxEvidence = 20): RcaData {
  const [top, ...others] = ranked;
  if (!top)
    return {
      rca_summary: 'No failing component found in the evidence yet.',
      root_cause: 'Unknown: no error logs, failing spans or anomalies to analyse.',
      root_component: null,
      confidence: 0,
      evidence: [],
      analysis_steps: ['Looked for error logs, failing spans and anomalies: none found.'],
    };
  const after = others.filter((c) => c.firstFailure >= top.firstFailure).map((c) => c.component);
  const before = others.filter((c) => c.firstFailure < top.firstFailure).map((c) => c.component);
  const reason = shortReason(top.firstMessage);
  const callersText = after.length > 0 ? ` — ${after.join(', ')} error after it` : '';
  const rootCause = `${top.component} failing (${reason})${callersText}`;
  const evidence: Evidence[] = [
    ...top.evidence,
    ...others.flatMap((c) =>
      c.evidence.filter((e) => e.kind === 'log' || e.kind === 'span').slice(0, 1),
    ),
  ].slice(0, maxEvidence);
  const cite = (e: Evidence): string => `[${e.kind} ${e.source}]`;
  const steps = [
    `Collected failures on ${ranked.length} component(s): ${ranked.map((c) => `${c.component} (first at ${iso(c.firstFailure)})`).join(', ')}.`,
    ...top.reasons
      .map((r, i) => ({ r, e: top.evidence[i] }))
      .filter(({ r }) => r !== 'failing')
      .map(({ r, e }) => `${top.component}: ${r} ${e ? cite(e) : ''}`.trim()),
    ...others
      .slice(0, 5)
      .map(
        (c) =>
          `${c.component} scored ${c.score.toFixed(1)}: ${c.reasons.filter((r) => r !== 'failing').join('; ') || 'failing only'}.`,
      ),
    `Ranked ${top.component} first with ${top.score.toFixed(1)} points${before.length > 0 ? `, although ${before.join(', ')} logged errors earlier` : ''}.`,
  ];
  return {
    rca_summary: `Root cause: ${top.component}. ${shortReason(top.firstMessage)}.${after.length > 0 ? ` Its callers ${after.join(', ')} started failing after it.` : ''}`,
    root_cause: rootCause,
    root_component: top.component,
    confidence: confidenceOf(ranked),
    evidence,
    analysis_steps: steps,
  };
}
