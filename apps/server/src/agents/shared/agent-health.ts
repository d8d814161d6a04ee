import type { AgentHealth } from '@vigil/contract';

/**
 * Liveness as the agent's own loop reports it. Handlers are wrapped so every agent counts the
 * same way; a loop that stops beating turns unhealthy, then offline. Steps (handled messages) are
 * counted in windows of `metricsWindowMs`: too many failures make the agent unhealthy, a slow step
 * degrades it to warning.
 */
export interface AgentHealthTracker {
  beat(nowMs: number): void;
  processed(count: number, nowMs: number): void;
  /** A failed step (or a failed periodic job of the agent): counted and remembered as the last error. */
  failed(error: unknown, nowMs: number): void;
  /** A handler step that succeeded after `durationMs`. */
  stepCompleted(durationMs: number, nowMs: number): void;
  snapshot(nowMs: number, queueDepth: number): AgentHealthSnapshot;
  /** Steps over the current and the previous metrics window (no side effect). */
  stepMetrics(nowMs: number): StepMetrics;
}

/** Steps over the current and the previous metrics window. */
export interface StepMetrics {
  ok: number;
  failed: number;
  slowestMs: number;
}

export interface AgentHealthSnapshot {
  status: AgentHealth;
  lastSeen: number | null;
  processed: number;
  queueDepth: number;
  lastError: string | null;
  steps: StepMetrics;
  /** Why the step metrics make the status worse than the loop alone would (null when they do not). */
  degradedBy: string | null;
}

export interface HealthThresholds {
  /** No beat for this long while running: unhealthy. */
  stalledAfterMs: number;
  /** No beat for this long: offline. */
  offlineAfterMs: number;
  /** Length of one step metrics window (`metrics_interval_seconds`). */
  metricsWindowMs?: number;
  /** Failed share of the window's steps at which the agent is unhealthy (`alert_threshold`). */
  alertErrorRatio?: number;
  /** A step slower than this in the window degrades the agent to warning (`max_response_time_seconds`). */
  maxStepMs?: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: Required<HealthThresholds> = {
  stalledAfterMs: 15_000,
  offlineAfterMs: 60_000,
  metricsWindowMs: 60_000,
  alertErrorRatio: 0.8,
  maxStepMs: 30_000,
};

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

const seconds = (ms: number): string => `${Number((ms / 1_000).toFixed(1))}s`;

interface StepWindow extends StepMetrics {
  index: number;
}

const emptyWindow = (index: number): StepWindow => ({ index, ok: 0, failed: 0, slowestMs: 0 });

/** Current and previous window of step counts; windows are aligned to multiples of their length. */
function createStepWindows(windowMs: () => number) {
  let current = emptyWindow(Number.NEGATIVE_INFINITY);
  let previous = emptyWindow(Number.NEGATIVE_INFINITY);
  const roll = (nowMs: number): StepWindow => {
    const index = Math.floor(nowMs / Math.max(1, windowMs()));
    if (index !== current.index) {
      previous = index === current.index + 1 ? current : emptyWindow(index - 1);
      current = emptyWindow(index);
    }
    return current;
  };
  return {
    ok(durationMs: number, nowMs: number) {
      const window = roll(nowMs);
      window.ok += 1;
      window.slowestMs = Math.max(window.slowestMs, durationMs);
    },
    failed(nowMs: number) {
      roll(nowMs).failed += 1;
    },
    metrics(nowMs: number): StepMetrics {
      const window = roll(nowMs);
      return {
        ok: window.ok + previous.ok,
        failed: window.failed + previous.failed,
        slowestMs: Math.max(window.slowestMs, previous.slowestMs),
      };
    },
  };
}

/** The verdict of the step metrics alone: unhealthy (error ratio), warning (slow step) or none. */
function judgeSteps(
  steps: StepMetrics,
  limits: Required<HealthThresholds>,
): { status: AgentHealth; reason: string } | null {
  const total = steps.ok + steps.failed;
  if (steps.failed > 0 && steps.failed / total >= limits.alertErrorRatio)
    return {
      status: 'unhealthy',
      reason: `${steps.failed} of ${total} steps failed in the last metrics window (alert threshold ${limits.alertErrorRatio})`,
    };
  if (steps.slowestMs > limits.maxStepMs)
    return {
      status: 'warning',
      reason: `a step took ${seconds(steps.slowestMs)}, above the maximum response time of ${seconds(limits.maxStepMs)}`,
    };
  return null;
}

/** `thresholds` may be a getter: live settings apply on the next snapshot. */
export function createAgentHealthTracker(
  thresholds: HealthThresholds | (() => HealthThresholds) = DEFAULT_HEALTH_THRESHOLDS,
): AgentHealthTracker {
  const limits = (): Required<HealthThresholds> => ({
    ...DEFAULT_HEALTH_THRESHOLDS,
    ...(typeof thresholds === 'function' ? thresholds() : thresholds),
  });
  const steps = createStepWindows(() => limits().metricsWindowMs);
  let lastSeen: number | null = null;
  let processed = 0;
  let lastError: string | null = null;
  let lastErrorAt = -Infinity;
  let lastProgress = -Infinity;
  let backlogSince: number | null = null;
  return {
    beat(nowMs) {
      lastSeen = nowMs;
    },
    processed(count, nowMs) {
      processed += count;
      lastSeen = nowMs;
      lastProgress = nowMs;
    },
    failed(error, nowMs) {
      lastError = describe(error);
      lastErrorAt = nowMs;
      lastSeen = nowMs;
      steps.failed(nowMs);
    },
    stepCompleted(durationMs, nowMs) {
      steps.ok(durationMs, nowMs);
    },
    stepMetrics: (nowMs) => steps.metrics(nowMs),
    snapshot(nowMs, queueDepth) {
      const limit = limits();
      const silentFor = lastSeen === null ? Infinity : nowMs - lastSeen;
      backlogSince = queueDepth > 0 ? (backlogSince ?? nowMs) : null;
      // A loop can beat while one handler hangs: a backlog with no progress is a stall too.
      const stuckFor = backlogSince === null ? 0 : nowMs - Math.max(backlogSince, lastProgress);
      const metrics = steps.metrics(nowMs);
      const judged = judgeSteps(metrics, limit);
      let status: AgentHealth = 'healthy';
      let degradedBy: string | null = null;
      if (lastSeen === null) status = 'unknown';
      else if (silentFor >= limit.offlineAfterMs) status = 'offline';
      else if (silentFor >= limit.stalledAfterMs || stuckFor >= limit.stalledAfterMs)
        status = 'unhealthy';
      else if (judged?.status === 'unhealthy') {
        status = 'unhealthy';
        degradedBy = judged.reason;
      } else if (nowMs - lastErrorAt < limit.stalledAfterMs) status = 'warning';
      else if (judged) {
        status = judged.status;
        degradedBy = judged.reason;
      }
      return { status, lastSeen, processed, queueDepth, lastError, steps: metrics, degradedBy };
    },
  };
}

/**
 * Wraps a bus handler so its duration is counted on the agent's health and a failure is
 * recorded, then rethrown to the bus.
 */
export function reportingFailures<T>(
  health: AgentHealthTracker,
  now: () => number,
  handler: (message: T) => Promise<void> | void,
): (message: T) => Promise<void> {
  return async (message) => {
    const startedAt = now();
    try {
      await handler(message);
    } catch (error) {
      health.failed(error, now());
      throw error;
    }
    const finishedAt = now();
    health.stepCompleted(finishedAt - startedAt, finishedAt);
  };
}
