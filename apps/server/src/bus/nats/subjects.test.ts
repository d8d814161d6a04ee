import { describe, expect, it } from 'vitest';
import { encodeWithinLimit, splitByPartition } from './partition-split';
import {
  groupOfConsumer,
  partitionConsumer,
  partitionOf,
  processConsumer,
  streamName,
} from './subjects';

const batch = (components: string[]) => ({
  receivedAt: 1,
  records: components.map((component, index) => ({ id: `r${index}`, component, body: 'x' })),
});

describe('partitioning', () => {
  it('puts every record of a component in the same partition, stably', () => {
    expect(partitionOf('orders-db', 8)).toBe(partitionOf('orders-db', 8));
    const parts = splitByPartition('records.logs', batch(['a', 'b', 'a', 'c', 'b']), 5, 8);
    for (const part of parts) {
      const records = (part.message as ReturnType<typeof batch>).records;
      expect(new Set(records.map((r) => partitionOf(r.component, 8)))).toEqual(
        new Set([part.partition]),
      );
      expect(part.weight).toBe(records.length);
    }
    expect(parts.reduce((sum, part) => sum + part.weight, 0)).toBe(5);
  });

  it('keeps topics other than records in one partition', () => {
    const message = { items: [1, 2, 3] };
    expect(splitByPartition('anomalies.detected', message, 3, 8)).toEqual([
      { partition: 0, message, weight: 3 },
    ]);
  });

  it('halves a record batch until each half fits the largest message', () => {
    const big = batch(Array.from({ length: 100 }, (_, i) => `c${i % 3}`));
    const parts = encodeWithinLimit({ partition: 2, message: big, weight: 100 }, 1_500);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.data.byteLength <= 1_500 && part.partition === 2)).toBe(true);
    expect(parts.reduce((sum, part) => sum + part.weight, 0)).toBe(100);
  });

  it('refuses one message that cannot be split', () => {
    expect(() =>
      encodeWithinLimit({ partition: 0, message: { text: 'x'.repeat(2_000) }, weight: 1 }, 1_000),
    ).toThrow(/exceeds the NATS limit/);
  });

  it('names streams and consumers with NATS-safe tokens', () => {
    expect(streamName('vigil', 'records.logs')).toBe('VIGIL_RECORDS_LOGS');
    expect(partitionConsumer('dashboard.ingest_rate', 3)).toBe('dashboard_ingest_rate__p3');
    expect(groupOfConsumer(processConsumer('topology', 'host:12'))).toBe('topology');
  });
});
