import type { Topic } from '../bus';
import type { RecordBatch } from '../record-batch';
import { partitionOf, partitionsOf } from './subjects';

export interface PartitionPart {
  partition: number;
  message: unknown;
  weight: number;
}

interface ComponentRecord {
  component: string;
}

/**
 * One part per partition: a record batch is split by each record's component, so every record of
 * a component reaches the same partition (and so the same worker, which holds its state).
 */
export function splitByPartition(
  topic: Topic,
  message: unknown,
  weight: number,
  partitions: number,
): PartitionPart[] {
  const count = partitionsOf(topic, partitions);
  if (count === 1) return [{ partition: 0, message, weight }];
  const batch = message as RecordBatch<ComponentRecord>;
  const byPartition = new Map<number, ComponentRecord[]>();
  for (const record of batch.records) {
    const partition = partitionOf(record.component, count);
    const list = byPartition.get(partition) ?? [];
    list.push(record);
    byPartition.set(partition, list);
  }
  return [...byPartition].map(([partition, records]) => ({
    partition,
    message: { ...batch, records },
    weight: records.length,
  }));
}

export interface EncodedPart {
  partition: number;
  data: Uint8Array;
  weight: number;
}

const encoder = new TextEncoder();

/** JSON-encodes parts, halving record batches until each fits the server's largest message. */
export function encodeWithinLimit(part: PartitionPart, maxBytes: number): EncodedPart[] {
  const data = encoder.encode(JSON.stringify(part.message));
  if (data.byteLength <= maxBytes)
    return [{ partition: part.partition, data, weight: part.weight }];
  const batch = part.message as Partial<RecordBatch<unknown>>;
  if (!Array.isArray(batch.records) || batch.records.length < 2)
    throw new Error(
      `a ${data.byteLength}-byte message exceeds the NATS limit of ${maxBytes} bytes`,
    );
  const middle = Math.ceil(batch.records.length / 2);
  const halves = [batch.records.slice(0, middle), batch.records.slice(middle)];
  return halves.flatMap((records) =>
    encodeWithinLimit(
      { partition: part.partition, message: { ...batch, records }, weight: records.length },
      maxBytes,
    ),
  );
}
