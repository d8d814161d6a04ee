import type { ProcessedRecordsRepository } from '../store/processed-records-repository';
import type { Bus, Handler, Topic } from './bus';
import type { RecordBatch } from './record-batch';

export interface LedgerTarget {
  topic: Topic;
  group: string;
}

/** The anomaly detector's records: the ledger is what "every accepted record was processed" is checked against. */
export const DETECTOR_LEDGER: LedgerTarget = { topic: 'records.logs', group: 'anomaly_detector' };

export interface LedgerOptions {
  now: () => number;
  onError: (error: unknown) => void;
  target?: LedgerTarget;
}

export const LEDGER_RETENTION_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Marks the ids of a group's records processed once its handler has finished (and so stored its
 * work), before the bus acknowledges the batch. Crash tests and operators read the ledger to
 * check that every accepted record was handled, and how many times.
 */
export function withProcessedLedger(
  inner: Bus,
  ledger: ProcessedRecordsRepository,
  options: LedgerOptions,
): Bus {
  const target = options.target ?? DETECTOR_LEDGER;
  // The ledger is evidence, not state: entries older than the retention are dropped.
  const timer = setInterval(() => {
    ledger.pruneBefore(options.now() - LEDGER_RETENTION_MS).catch(options.onError);
  }, PRUNE_EVERY_MS);
  timer.unref();
  return {
    publish: (topic, message, weight) => inner.publish(topic, message, weight),
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      if (topic !== target.topic || group !== target.group)
        return inner.subscribe(topic, group, handler);
      return inner.subscribe<T>(topic, group, async (message) => {
        await handler(message);
        const batch = message as RecordBatch<{ id: string }>;
        await ledger.markProcessed(batch.records.map((record) => record.id));
      });
    },
    depth: (topic) => inner.depth(topic),
    drain: () => inner.drain(),
    close: () => {
      clearInterval(timer);
      return inner.close();
    },
  };
}
