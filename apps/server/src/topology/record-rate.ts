import type { Bus, Topic } from '../bus/bus';
import type { RecordBatch } from '../bus/record-batch';

/**
 * The dashboard's ingest rate: records published on `records.*` per second over the last minute
 * of wall-clock (processing) time. Sixty one-second slots, so memory is fixed.
 */
export interface RecordRateCounter {
  add(count: number, nowMs: number): void;
  /** Records/s over the last `windowSeconds`, or over the time since the counter started if shorter. */
  rate(nowMs: number): number;
}

export function createRecordRateCounter(
  startedAtMs: number,
  windowSeconds = 60,
): RecordRateCounter {
  const counts = new Float64Array(windowSeconds);
  const seconds = new Float64Array(windowSeconds).fill(-1);
  return {
    add(count, nowMs) {
      const second = Math.floor(nowMs / 1000);
      const slot = second % windowSeconds;
      if (seconds[slot] !== second) {
        seconds[slot] = second;
        counts[slot] = 0;
      }
      counts[slot] = (counts[slot] ?? 0) + count;
    },
    rate(nowMs) {
      const now = Math.floor(nowMs / 1000);
      let total = 0;
      for (let slot = 0; slot < windowSeconds; slot += 1) {
        const second = seconds[slot] ?? -1;
        if (second > now - windowSeconds && second <= now) total += counts[slot] ?? 0;
      }
      const elapsed = Math.min(
        windowSeconds,
        Math.max(1, now - Math.floor(startedAtMs / 1000) + 1),
      );
      return Math.round((total / elapsed) * 100) / 100;
    },
  };
}

const RECORD_TOPICS: readonly Topic[] = ['records.logs', 'records.spans', 'records.metrics'];

/** Counts every record batch on the bus; returns the unsubscribe function. */
export function countRecordsOnBus(
  bus: Bus,
  counter: RecordRateCounter,
  now: () => number,
): () => void {
  const offs = RECORD_TOPICS.map((topic) =>
    bus.subscribe<RecordBatch<unknown>>(topic, 'dashboard.ingest_rate', (batch) =>
      counter.add(batch.records.length, now()),
    ),
  );
  return () => {
    for (const off of offs) off();
  };
}
