import { DEFAULT_HEALTH_THRESHOLDS, type HealthThresholds } from './agent-health';

/**
 * The agent-health side of `agents.orchestrator.*` (timeouts, agent registry, monitoring), in
 * milliseconds. The registry reads it through a getter, so saved settings apply live.
 */
export interface HealthSettings {
  /** `health_check_timeout_seconds`: grace allowed for one probe (beat) of an agent. */
  probeTimeoutMs: number;
  /** `registry_health_interval_seconds`: heartbeat rows written and re-read this often. */
  registryHealthIntervalMs: number;
  /** `discovery_interval_seconds`: departed workers leave the list at this cadence. */
  discoveryIntervalMs: number;
  /** `metrics_interval_seconds`: the step metrics window. */
  metricsWindowMs: number;
  /** `alert_threshold`: failed share of an agent's steps at which it is unhealthy. */
  alertErrorRatio: number;
  /** `max_error_rate`: failed share of all in-process steps above which the pipeline degrades. */
  maxPipelineErrorRate: number;
  /** `max_response_time_seconds`: a slower step degrades its agent. */
  maxStepMs: number;
}

/** In-process agents are beaten from the event loop this often (`startLoopHeartbeat`). */
export const LOOP_BEAT_MS = 5_000;

export const DEFAULT_HEALTH_SETTINGS: HealthSettings = {
  probeTimeoutMs: 5_000,
  registryHealthIntervalMs: 30_000,
  discoveryIntervalMs: 300_000,
  metricsWindowMs: DEFAULT_HEALTH_THRESHOLDS.metricsWindowMs,
  alertErrorRatio: DEFAULT_HEALTH_THRESHOLDS.alertErrorRatio,
  maxPipelineErrorRate: 0.05,
  maxStepMs: DEFAULT_HEALTH_THRESHOLDS.maxStepMs,
};

/**
 * An in-process agent is unreachable (unhealthy) after two missed loop beats plus the probe
 * timeout (15 s by default), offline after four times that (60 s).
 */
export function localThresholds(settings: HealthSettings): Required<HealthThresholds> {
  const stalledAfterMs = 2 * LOOP_BEAT_MS + settings.probeTimeoutMs;
  return {
    stalledAfterMs,
    offlineAfterMs: 4 * stalledAfterMs,
    metricsWindowMs: settings.metricsWindowMs,
    alertErrorRatio: settings.alertErrorRatio,
    maxStepMs: settings.maxStepMs,
  };
}

/** A remote worker's row is refreshed once per registry health interval: it gets that much more. */
export function remoteThresholds(settings: HealthSettings): Required<HealthThresholds> {
  const local = localThresholds(settings);
  return {
    ...local,
    stalledAfterMs: local.stalledAfterMs + settings.registryHealthIntervalMs,
    offlineAfterMs: local.offlineAfterMs + settings.registryHealthIntervalMs,
  };
}
