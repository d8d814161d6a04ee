import type { NatsBusConfig } from './nats-bus-config';

/** The consumer group of the anomaly detector: the one its worker settings size. */
export const DETECTOR_GROUP = 'anomaly_detector';

/** The detector's pub/sub and worker settings (`agents.anomaly_detector.pubsub.*`, `.workers.*`). */
export interface NatsBusSettings {
  ackDeadlineSeconds: number;
  awaitSeconds: number;
  publisherBatchSize: number;
  publisherMaxLatencySeconds: number;
  retryTimeoutSeconds: number;
  poolSize: number;
  messagesPerWorker: number;
  drainTimeoutSeconds: number;
  queueDepthIntervalSeconds: number;
}

/**
 * Applies the stored settings when the bus starts: a VIGIL_NATS_* variable set for a field wins
 * over its setting (`fixedByEnv`), a setting wins over the bus default.
 */
export function withBusSettings(config: NatsBusConfig, settings: NatsBusSettings): NatsBusConfig {
  const fixed = new Set(config.fixedByEnv);
  const pick = <K extends keyof NatsBusConfig>(
    key: K,
    value: NatsBusConfig[K],
  ): NatsBusConfig[K] => (fixed.has(key) ? config[key] : value);
  return {
    ...config,
    ackWaitMs: pick('ackWaitMs', settings.ackDeadlineSeconds * 1_000),
    fetchExpiresMs: pick('fetchExpiresMs', settings.awaitSeconds * 1_000),
    drainTimeoutMs: pick('drainTimeoutMs', settings.drainTimeoutSeconds * 1_000),
    depthPollMs: pick('depthPollMs', settings.queueDepthIntervalSeconds * 1_000),
    publishBatchSize: pick('publishBatchSize', settings.publisherBatchSize),
    publishMaxLatencyMs: pick('publishMaxLatencyMs', settings.publisherMaxLatencySeconds * 1_000),
    publishRetryTimeoutMs: pick('publishRetryTimeoutMs', settings.retryTimeoutSeconds * 1_000),
    groupPools: pick('groupPools', {
      ...config.groupPools,
      [DETECTOR_GROUP]: {
        workers: settings.poolSize,
        messagesPerWorker: settings.messagesPerWorker,
      },
    }),
  };
}

/**
 * The bus config as the settings make it now. `settings` must answer the same object while
 * nothing changed (a memoised mapping), so the merge runs once per save.
 */
export function liveBusConfig(
  config: NatsBusConfig,
  settings: (() => NatsBusSettings) | undefined,
): () => NatsBusConfig {
  if (!settings) return () => config;
  let seen: NatsBusSettings | null = null;
  let current = config;
  return () => {
    const now = settings();
    if (now !== seen) {
      seen = now;
      current = withBusSettings(config, now);
    }
    return current;
  };
}
