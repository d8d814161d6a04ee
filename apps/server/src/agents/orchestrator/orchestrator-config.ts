/**
 * The orchestrator's settings (`agents.orchestrator.*`). The agent reads them through a getter on
 * every batch and every periodic pass, so a settings change applies without a restart.
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
  /** One step (a batch, an incident message) running longer is abandoned and reported. */
  timeout_seconds: number;
  /** How often open incidents are checked for new related evidence. */
  enrichment_interval_seconds: number;
  /** How far back (server clock) that check looks. */
  enrichment_lookback_seconds: number;
  /** How often in-memory incidents are reconciled with the store and cut to `max_history`. */
  cleanup_interval_seconds: number;
  /** Open incidents kept in memory; past it the least recently active one closes. */
  max_history: number;
}

export const DEFAULT_ORCHESTRATOR_CONFIG: OrchestratorConfig = {
  dedup_window_seconds: 300,
  burst_window_seconds: 600,
  burst_threshold: 5,
  similarity_threshold: 0.8,
  coalesce_window_seconds: 300,
  quiet_period_seconds: 1_800,
  timeout_seconds: 30,
  enrichment_interval_seconds: 10,
  enrichment_lookback_seconds: 60,
  cleanup_interval_seconds: 3_600,
  max_history: 1_000,
};

interface Bound {
  min: number;
  max: number;
  integer: boolean;
}

/** Spec part 2 section 9 (equal to the settings schema); coalesce and quiet period bounds are ours. */
export const ORCHESTRATOR_CONFIG_BOUNDS: Record<keyof OrchestratorConfig, Bound> = {
  dedup_window_seconds: { min: 10, max: 3_600, integer: true },
  burst_window_seconds: { min: 10, max: 3_600, integer: true },
  burst_threshold: { min: 1, max: 100, integer: true },
  similarity_threshold: { min: 0, max: 1, integer: false },
  coalesce_window_seconds: { min: 0, max: 3_600, integer: true },
  quiet_period_seconds: { min: 60, max: 86_400, integer: true },
  timeout_seconds: { min: 1, max: 300, integer: true },
  enrichment_interval_seconds: { min: 1, max: 300, integer: true },
  enrichment_lookback_seconds: { min: 1, max: 300, integer: true },
  cleanup_interval_seconds: { min: 300, max: 86_400, integer: true },
  max_history: { min: 100, max: 10_000, integer: true },
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
