/**
 * The traceability settings (`agents.traceability.*`). Defaults live here until the settings issue
 * wires them; the agent takes a getter, so a live change applies to the next incident.
 */
export interface TraceabilityConfig {
  /** How long logs stay in the window, by event time (30–1200 s). */
  time_window_seconds: number;
  /** Around the incident's events, how far the time + topology fallback looks (10–600 s). */
  correlation_window_seconds: number;
  /** Most logs one correlation returns (100–5000); the window holds 20× that. */
  log_query_limit: number;
  /** Most spans taken from the external trace store for one incident (100–5000). */
  trace_query_limit: number;
}

export const DEFAULT_TRACEABILITY_CONFIG: TraceabilityConfig = {
  time_window_seconds: 300,
  correlation_window_seconds: 60,
  log_query_limit: 1_000,
  trace_query_limit: 500,
};

const clamp = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;

/** Holds every number inside its bounds, whatever the caller stored. */
export function boundedTraceabilityConfig(config: TraceabilityConfig): TraceabilityConfig {
  return {
    time_window_seconds: clamp(config.time_window_seconds, 30, 1_200),
    correlation_window_seconds: clamp(config.correlation_window_seconds, 10, 600),
    log_query_limit: clamp(config.log_query_limit, 100, 5_000),
    trace_query_limit: clamp(config.trace_query_limit, 100, 5_000),
  };
}
