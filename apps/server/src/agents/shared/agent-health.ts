import type { AgentHealth } from '@vigil/contract';

/**
 * Liveness as the agent's own loop reports it. Handlers are wrapped so every agent counts the
 * same way; a loop that stops beating turns unhealthy, then offline.
 */
export interface AgentHealthTracker {
  beat(nowMs: number): void;
  processed(count: number, nowMs: number): void;
  failed(error: unknown, nowMs: number): void;
  snapshot(nowMs: number, queueDepth: number): AgentHealthSnapshot;
}

export interface AgentHealthSnapshot {
  status: AgentHealth;
  lastSeen: number | null;
  processed: number;
  queueDepth: number;
  lastError: string | null;
}

export interface HealthThresholds {
  /** No beat for this long while running: unhealthy. */
  stalledAfterMs: number;
  /** No beat for this long: offline. */
  offlineAfterMs: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = {
  stalledAfterMs: 15_000,
  offlineAfterMs: 60_000,
};

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createAgentHealthTracker(
  thresholds: HealthThresholds = DEFAULT_HEALTH_THRESHOLDS,
): AgentHealthTracker {
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
    },
    snapshot(nowMs, queueDepth) {
      const silentFor = lastSeen === null ? Infinity : nowMs - lastSeen;
      backlogSince = queueDepth > 0 ? (backlogSince ?? nowMs) : null;
      // A loop can beat while one handler hangs: a backlog with no progress is a stall too.
      const stuckFor = backlogSince === null ? 0 : nowMs - Math.max(backlogSince, lastProgress);
      let status: AgentHealth = 'healthy';
      if (lastSeen === null) status = 'unknown';
      else if (silentFor >= thresholds.offlineAfterMs) status = 'offline';
      else if (silentFor >= thresholds.stalledAfterMs || stuckFor >= thresholds.stalledAfterMs)
        status = 'unhealthy';
      else if (nowMs - lastErrorAt < thresholds.stalledAfterMs) status = 'warning';
      return { status, lastSeen, processed, queueDepth, lastError };
    },
  };
}

/** Wraps a bus handler so a failure is counted on the agent's health, then rethrown to the bus. */
export function reportingFailures<T>(
  health: AgentHealthTracker,
  now: () => number,
  handler: (message: T) => Promise<void> | void,
): (message: T) => Promise<void> {
  return async (message) => {
    try {
      await handler(message);
    } catch (error) {
      health.failed(error, now());
      throw error;
    }
  };
}
