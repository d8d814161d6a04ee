/**
 * The executor's settings (`agents.executor.*`). Defaults live here until the settings issue wires
 * them; the executor takes a getter, so a live change applies to the next execution.
 */
export interface BusinessHours {
  /** IANA zone, e.g. `Europe/Paris`. */
  timezone: string;
  /** Hour of day the window opens (0–23) and closes (1–24, exclusive). */
  start: number;
  end: number;
  /** 0 = Sunday … 6 = Saturday. */
  days: number[];
}

export interface ExecutorConfig {
  enabled: boolean;
  /** Stops every execution at once, manual and automatic. */
  kill_switch: boolean;
  /** Runs the best-matched action when an analysis arrives. Off by default. */
  auto_execute: boolean;
  /** Automatic executions wait in pending_approval until an operator approves them. */
  approval_required: boolean;
  /** Minimum match score an analysis must reach for auto-execution (0–1). */
  auto_execute_min_score: number;
  max_concurrent: number;
  default_timeout_seconds: number;
  /** Upper bound on an action's own max_retries. */
  max_retries: number;
  retry_delay_seconds: number;
  rate_limit_window_minutes: number;
  max_executions: number;
  business_hours: BusinessHours;
  /** Hosts or host:port pairs that may resolve to private or loopback addresses. */
  allowlist: string[];
  /** An execution that does not say `dry_run` runs as a dry run when this is on. */
  dry_run_default: boolean;
  /** Runs of one action at once when its safety constraints set no max_concurrent_limit. */
  concurrent_limit: number;
  verification_window_seconds: number;
  /** Pre-execution validation (the target's DNS resolution and address check) is bounded by this (5–300 s). */
  validation_timeout_seconds: number;
}

export const DEFAULT_EXECUTOR_CONFIG: ExecutorConfig = {
  enabled: true,
  kill_switch: false,
  auto_execute: false,
  approval_required: true,
  auto_execute_min_score: 0.5,
  max_concurrent: 5,
  default_timeout_seconds: 300,
  max_retries: 3,
  retry_delay_seconds: 5,
  rate_limit_window_minutes: 60,
  max_executions: 100,
  business_hours: { timezone: 'UTC', start: 9, end: 17, days: [1, 2, 3, 4, 5] },
  allowlist: [],
  dry_run_default: false,
  concurrent_limit: 10,
  verification_window_seconds: 300,
  validation_timeout_seconds: 30,
};

const clamp = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;

/** Holds every number inside the bounds of spec part 2, section 9, whatever the caller stored. */
export function boundedExecutorConfig(config: ExecutorConfig): ExecutorConfig {
  return {
    ...config,
    auto_execute_min_score: Math.min(1, Math.max(0, config.auto_execute_min_score)),
    max_concurrent: clamp(config.max_concurrent, 1, 20),
    default_timeout_seconds: clamp(config.default_timeout_seconds, 30, 3_600),
    max_retries: clamp(config.max_retries, 0, 10),
    retry_delay_seconds: clamp(config.retry_delay_seconds, 1, 120),
    rate_limit_window_minutes: clamp(config.rate_limit_window_minutes, 1, 1_440),
    max_executions: clamp(config.max_executions, 1, 10_000),
    concurrent_limit: clamp(config.concurrent_limit, 1, 100),
    verification_window_seconds: clamp(config.verification_window_seconds, 1, 86_400),
    validation_timeout_seconds: clamp(config.validation_timeout_seconds, 5, 300),
  };
}
