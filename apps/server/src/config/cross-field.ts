import { AGENT_IDS, type ConfigIssue, type ConfigValues } from './types';

/** Pairs where the first value may not exceed the second (each field alone cannot see it). */
const ORDERED_PAIRS: readonly (readonly [string, string])[] = [
  ['postgres.pool_min_size', 'postgres.pool_max_size'],
  // The pool may not ask for more connections than the server allows.
  ['postgres.pool_max_size', 'postgres.max_connections'],
  ...AGENT_IDS.map(
    (agent) =>
      [
        `agents.${agent}.bigquery.streaming.backoff_initial_seconds`,
        `agents.${agent}.bigquery.streaming.backoff_max_seconds`,
      ] as const,
  ),
];

/**
 * Checks the candidate config for ordered pairs touched by this save. The issue goes on the key
 * the user changed (the lower one when both changed), so the form marks the field they edited.
 */
export function crossFieldErrors(
  candidate: ConfigValues,
  touched: ReadonlySet<string>,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [low, high] of ORDERED_PAIRS) {
    if (!touched.has(low) && !touched.has(high)) continue;
    const lowValue = candidate[low];
    const highValue = candidate[high];
    if (typeof lowValue !== 'number' || typeof highValue !== 'number' || lowValue <= highValue)
      continue;
    issues.push(
      touched.has(low)
        ? { path: low, message: `Must be at most ${high} (${highValue})` }
        : { path: high, message: `Must be at least ${low} (${lowValue})` },
    );
  }
  return issues;
}
