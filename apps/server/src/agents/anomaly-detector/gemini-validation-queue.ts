import type { Anomaly, Validation } from '@vigil/contract';
import type { GeminiClient } from '../../integrations/gemini/gemini-client';
import {
  isNearBoundary,
  validateWithGemini,
  type GeminiValidationConfig,
} from './gemini-validation';

export interface GeminiValidationStats {
  queued: number;
  inFlight: number;
  /** Answers that validated / did not validate the anomaly. */
  validated: number;
  rejected: number;
  /** Calls that failed (the deterministic verdict stands, with the reason). */
  failed: number;
  /** Anomalies not sent because the queue was full. */
  dropped: number;
}

export interface GeminiValidationQueue {
  /** Ingest side: O(1), never waits. True when the anomaly was queued. */
  offer(anomaly: Anomaly): boolean;
  stats(): GeminiValidationStats;
  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void>;
  /** Drops what is queued and waits for the calls in flight. */
  stop(): Promise<void>;
}

export interface GeminiValidationQueueOptions {
  client: GeminiClient;
  config: () => GeminiValidationConfig;
  /** The detector's decision threshold (the boundary anomalies are near). */
  decisionThreshold: () => number;
  save: (anomalyId: string, validation: Validation) => Promise<void>;
  /** Anomalies waiting at most; past it new ones are dropped (and counted). */
  maxQueued?: number;
  /** Gemini calls at once. */
  concurrency?: number;
  onDropped?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * Sends anomalies near the decision boundary to Gemini off the ingest path: a bounded FIFO drained
 * by a few workers; each answer replaces the anomaly's `gemini_validation`.
 */
export function createGeminiValidationQueue(
  options: GeminiValidationQueueOptions,
): GeminiValidationQueue {
  const maxQueued = options.maxQueued ?? 200;
  const concurrency = options.concurrency ?? 2;
  const waiting: Anomaly[] = [];
  const running = new Set<Promise<void>>();
  const counts = { validated: 0, rejected: 0, failed: 0, dropped: 0 };
  let idleWaiters: (() => void)[] = [];

  const settleIdle = (): void => {
    if (waiting.length > 0 || running.size > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const validate = async (anomaly: Anomaly): Promise<void> => {
    const { validation, outcome } = await validateWithGemini(
      options.client,
      anomaly,
      options.config(),
      options.decisionThreshold(),
    );
    counts[outcome] += 1;
    await options.save(anomaly.id, validation);
  };

  const pump = (): void => {
    while (running.size < concurrency && waiting.length > 0) {
      const anomaly = waiting.shift() as Anomaly;
      const task: Promise<void> = validate(anomaly)
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running.delete(task);
          pump();
          settleIdle();
        });
      running.add(task);
    }
  };

  return {
    offer(anomaly) {
      if (!options.client.configured()) return false;
      if (!isNearBoundary(anomaly.score, options.decisionThreshold())) return false;
      if (waiting.length >= maxQueued) {
        counts.dropped += 1;
        options.onDropped?.();
        return false;
      }
      waiting.push(anomaly);
      // Started on a later tick: the caller's store write and publish come first.
      setImmediate(pump);
      return true;
    },
    stats: () => ({ queued: waiting.length, inFlight: running.size, ...counts }),
    idle: () =>
      waiting.length === 0 && running.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async stop() {
      waiting.length = 0;
      await Promise.all([...running]);
      settleIdle();
      idleWaiters = [];
    },
  };
}
