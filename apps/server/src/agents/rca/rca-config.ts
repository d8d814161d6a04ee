/**
 * RCA settings (`agents.rca.*`, names as in the config schema). Defaults live here so the agent
 * runs without the settings store; it reads a getter on every analysis.
 */
export interface RcaConfig {
  /** Evidence items kept per analysis (1–200). */
  max_evidence_items: number;
  /** One analysis (ranking and the optional review) is abandoned after this long (1–300 s). */
  analysis_timeout_seconds: number;
}

export const DEFAULT_RCA_CONFIG: RcaConfig = {
  max_evidence_items: 20,
  analysis_timeout_seconds: 60,
};

const bounded = (value: number, min: number, max: number, fallback: number): number => {
  const rounded = Math.round(value);
  return Number.isFinite(rounded) ? Math.min(max, Math.max(min, rounded)) : fallback;
};

export function boundedRcaConfig(config: RcaConfig): RcaConfig {
  return {
    max_evidence_items: bounded(config.max_evidence_items, 1, 200, 20),
    analysis_timeout_seconds: bounded(config.analysis_timeout_seconds, 1, 300, 60),
  };
}
