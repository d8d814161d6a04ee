import type { LogRecord, MetricPoint, Span } from '../ingest/records';

/** What ingest publishes on `records.*`: one decoded request's records. */
export interface RecordBatch<T> {
  records: T[];
  /** When the server accepted the batch, epoch ms. */
  receivedAt: number;
}

export type LogBatch = RecordBatch<LogRecord>;
export type SpanBatch = RecordBatch<Span>;
export type MetricBatch = RecordBatch<MetricPoint>;
