/**
 * RCA settings (`agents.rca.*`, names as in the config schema). Defaults live here so the agent
 * runs without the settings store; it reads a getter on every analysis.
 */
export interface RcaConfig {
  /** Evidence items kept per analysis (1–200). */
  max_evidence_items: number;
}

export const DEFAULT_RCA_CONFIG: RcaConfig = { max_evidence_items: 20 };

export function boundedRcaConfig(config: RcaConfig): RcaConfig {
  const value = Math.round(config.max_evidence_items);
  return { max_evidence_items: Number.isFinite(value) ? Math.min(200, Math.max(1, value)) : 20 };
}
