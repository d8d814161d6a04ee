/**
 * Remediation settings. Key names follow the config schema: the matching weights are the
 * executor's (`agents.executor.matching.*`), the rest `agents.remediation.*`. Defaults live here
 * too so the agent runs without the settings store; it reads a getter on every analysis.
 */
export interface MatchingWeights {
  /** Share of the action's keywords found in the evidence text. */
  keyword_weight: number;
  /** Share of the action's tags among the incident's (component, type, failure kind) or in the evidence. */
  tag_weight: number;
  /** The action's name and description speak of the root component and the failure kind. */
  description_weight: number;
}

export interface RemediationConfig {
  /** Each 0–1; normalised by their sum. */
  matching: MatchingWeights;
  /** Actions scoring below this are not proposed (0–1). */
  match_threshold: number;
  /** Approved actions proposed per incident (1–20). */
  max_recommendations: number;
}

export const DEFAULT_REMEDIATION_CONFIG: RemediationConfig = {
  matching: { keyword_weight: 0.5, tag_weight: 0.3, description_weight: 0.2 },
  match_threshold: 0.3,
  max_recommendations: 3,
};

const unit = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

export function boundedRemediationConfig(config: RemediationConfig): RemediationConfig {
  const w = config.matching;
  return {
    matching: {
      keyword_weight: unit(w.keyword_weight),
      tag_weight: unit(w.tag_weight),
      description_weight: unit(w.description_weight),
    },
    match_threshold: unit(config.match_threshold),
    max_recommendations: Math.min(20, Math.max(1, Math.round(config.max_recommendations) || 1)),
  };
}
