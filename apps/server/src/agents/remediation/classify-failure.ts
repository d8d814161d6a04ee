import { FAILURE_KINDS, type FailureKind } from './failure-kinds';

export interface ClassifyInput {
  /** Evidence text, most telling first: the root component's messages, then the rest. */
  texts: readonly string[];
  /** Metrics of the root component, when the graph knows it. */
  metrics?: { memoryUsage: number | null; errorRate: number; responseTimeP95: number } | null;
  /** The root component's version changed recently (a deploy signal). */
  versionChanged?: boolean;
}

export interface Classification {
  kind: FailureKind;
  /** Matching texts (or metric facts) that decided it. */
  matched: string[];
  score: number;
}

/**
 * The failure kind the evidence shows most: each pattern hit in a text counts, texts earlier in
 * the list (the root component's own) count double; metrics add their own hits. Ties go to the
 * kind listed first in the knowledge base.
 */
export function classifyFailure(input: ClassifyInput): Classification | null {
  let best: Classification | null = null;
  for (const kind of FAILURE_KINDS) {
    let score = 0;
    const matched: string[] = [];
    input.texts.forEach((text, index) => {
      if (kind.patterns.some((pattern) => pattern.test(text))) {
        score += index < 3 ? 2 : 1;
        if (matched.length < 3) matched.push(text);
      }
    });
    const fact = metricFact(kind.id, input);
    if (fact) {
      score += 2;
      matched.push(fact);
    }
    if (score > 0 && (!best || score > best.score)) best = { kind, matched, score };
  }
  return best;
}

function metricFact(kindId: string, input: ClassifyInput): string | null {
  const m = input.metrics;
  if (
    kindId === 'out_of_memory' &&
    m?.memoryUsage !== null &&
    m?.memoryUsage !== undefined &&
    m.memoryUsage >= 90
  )
    return `memory usage ${m.memoryUsage.toFixed(0)}%`;
  if (kindId === 'bad_deploy' && input.versionChanged && m && m.errorRate >= 5)
    return `error rate ${m.errorRate.toFixed(1)}% after a version change`;
  return null;
}
