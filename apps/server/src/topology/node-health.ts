import type { NodeStatus } from '@vigil/contract';

/**
 * A node's health from three signals, each a 0..1 score:
 *   errors   1 at ≤ 1 % errors, falling linearly to 0 at 25 %
 *   latency  1 while p50 ≤ 1.5 × the node's own baseline (EWMA of its 10-s medians), 0 at 5 ×;
 *            1 until the baseline has seen 3 buckets (a new node has nothing to be slow against)
 *   incident an open incident on the component caps the score at 0.65
 * score = 0.6 × errors + 0.4 × latency (then the incident cap).
 * status: unhealthy when errors ≥ 25 % or score < 0.5; degraded when score < 0.9 or an incident is
 * open; healthy otherwise; unknown when the window holds no requests and no incident is open.
 */
export interface HealthInput {
  requests: number;
  errorRatePercent: number;
  p50Ms: number;
  baselineP50Ms: number | null;
  openIncident: boolean;
}

export interface NodeHealth {
  score: number;
  status: NodeStatus;
}

export const HEALTH_RULES = {
  errorFloorPercent: 1,
  errorCeilingPercent: 25,
  latencyFloorRatio: 1.5,
  latencyCeilingRatio: 5,
  incidentCap: 0.65,
  unhealthyBelow: 0.5,
  degradedBelow: 0.9,
} as const;

const falling = (value: number, floor: number, ceiling: number): number =>
  value <= floor ? 1 : value >= ceiling ? 0 : 1 - (value - floor) / (ceiling - floor);

export function nodeHealth(input: HealthInput): NodeHealth {
  const r = HEALTH_RULES;
  if (input.requests === 0 && !input.openIncident) return { score: 1, status: 'unknown' };
  const errors =
    input.requests === 0
      ? 1
      : falling(input.errorRatePercent, r.errorFloorPercent, r.errorCeilingPercent);
  const ratio =
    input.baselineP50Ms && input.baselineP50Ms > 0 && input.requests > 0
      ? input.p50Ms / input.baselineP50Ms
      : 1;
  const latency = falling(ratio, r.latencyFloorRatio, r.latencyCeilingRatio);
  let score = 0.6 * errors + 0.4 * latency;
  if (input.openIncident) score = Math.min(score, r.incidentCap);
  score = Math.round(score * 1000) / 1000;
  let status: NodeStatus = 'healthy';
  if (input.errorRatePercent >= r.errorCeilingPercent || score < r.unhealthyBelow)
    status = 'unhealthy';
  else if (score < r.degradedBelow || input.openIncident) status = 'degraded';
  return { score, status };
}

/** Folds one closed bucket's median into the baseline; slow (α = 0.1) so an incident does not become normal. */
export function nextBaseline(
  previous: { value: number; samples: number } | null,
  median: number,
): { value: number; samples: number } {
  if (!previous) return { value: median, samples: 1 };
  return { value: previous.value + 0.1 * (median - previous.value), samples: previous.samples + 1 };
}

export const BASELINE_MIN_SAMPLES = 3;
