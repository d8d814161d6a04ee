/**
 * The orchestrator's grouping settings (`agents.orchestrator.*`). The agent reads them through a
 * getter on every batch, so a settings change applies to the next event without a restart.
 */
export interface OrchestratorConfig {
  /** Same component + template within this many seconds (event time): a suppressed duplicate. */
  dedup_window_seconds: number;
  /** Similar events within this many seconds (event time) of each other form a burst. */
  burst_window_seconds: number;
  /** Similar events inside the burst window from which the incident counts as a burst. */
  burst_threshold: number;
  /** Template-token similarity (0–1) at or above which two templates count as similar. */
  similarity_threshold: number;
  /** Shared trace / dependent components within this many seconds (event time): same incident. */
  coalesce_window_seconds: number;
  /** An open incident with no new event for this many seconds (server clock) closes. */
  quiet_period_seconds: number;
}

export const DEFAULT_ORCHESTRATOR_CONFIG: OrchestratorConfig = {
  dedup_window_seconds: 300,
  burst_window_seconds: 600,
  burst_threshold: 5,
  similarity_threshold: 0.8,
  coalesce_window_seconds: 300,
  quiet_period_seconds: 1_800,
};

interface Bound {
  min: number;
  max: number;
  integer: boolean;
}

/** Spec part 2 section 9; coalesce and quiet period have no spec bound, so these are ours. */
export const ORCHESTRATOR_CONFIG_BOUNDS: Record<keyof OrchestratorConfig, Bound> = {
  dedup_window_seconds: { min: 10, max: 3_600, integer: true },
  burst_window_seconds: { min: 10, max: 3_600, integer: true },
  burst_threshold: { min: 1, max: 100, integer: true },
  similarity_threshold: { min: 0, max: 1, integer: false },
  coalesce_window_seconds: { min: 0, max: 3_600, integer: true },
  quiet_period_seconds: { min: 60, max: 86_400, integer: true },
};

/** Every out-of-bounds or non-numeric key, listed at once (empty when the config is valid). */
export function validateOrchestratorConfig(config: OrchestratorConfig): string[] {
  const problems: string[] = [];
  for (const [key, bound] of Object.entries(ORCHESTRATOR_CONFIG_BOUNDS)) {
    const value = config[key as keyof OrchestratorConfig];
    if (!Number.isFinite(value) || value < bound.min || value > bound.max)
      problems.push(`agents.orchestrator.${key} must be between ${bound.min} and ${bound.max}`);
    else if (bound.integer && !Number.isInteger(value))
      problems.push(`agents.orchestrator.${key} must be a whole number`);
  }
  return problems;
}
