import { describe, expect, it } from 'vitest';
import { validateChange } from './apply-changes';
import { FIELD_BY_PATH } from './schema';

/** Spec part 2 section 9 "Field bounds": every family, its key and [min, max]. */
const BOUNDS: [string, number, number][] = [
  ['server.port', 1024, 65535],
  ['network.default_timeout', 1, 300],
  ['agents.orchestrator.timeout_seconds', 1, 300],
  ['agents.orchestrator.health_check_timeout_seconds', 1, 60],
  ['agents.orchestrator.similarity_threshold', 0, 1],
  ['agents.orchestrator.burst_threshold', 1, 100],
  ['agents.orchestrator.dedup_window_seconds', 10, 3600],
  ['agents.orchestrator.burst_window_seconds', 10, 3600],
  ['agents.orchestrator.enrichment_interval_seconds', 1, 300],
  ['agents.orchestrator.enrichment_lookback_seconds', 1, 300],
  ['agents.orchestrator.discovery_interval_seconds', 30, 3600],
  ['agents.orchestrator.registry_health_interval_seconds', 5, 300],
  ['agents.orchestrator.cleanup_interval_seconds', 300, 86400],
  ['agents.orchestrator.max_history', 100, 10000],
  ['agents.orchestrator.metrics_interval_seconds', 10, 600],
  ['agents.orchestrator.alert_threshold', 0, 1],
  ['agents.orchestrator.max_error_rate', 0, 1],
  ['agents.orchestrator.max_response_time_seconds', 1, 300],
  ['security.rate_limit_window', 60, 86400],
  ['security.max_requests', 10, 100000],
  ['security.jwt_expiry', 300, 86400],
  ['agents.anomaly_detector.ingest.max_batch_size', 1, 10000],
  ['agents.anomaly_detector.ingest.max_concurrent_batches', 1, 100],
  ['agents.anomaly_detector.pubsub.publisher_batch_size', 1, 1000],
  ['agents.anomaly_detector.pubsub.publisher_max_latency_seconds', 1, 60],
  ['agents.anomaly_detector.pubsub.retry_timeout_seconds', 1, 300],
  ['agents.anomaly_detector.workers.pool_size', 1, 100],
  ['agents.anomaly_detector.workers.messages_per_worker', 1, 1000],
  ['agents.anomaly_detector.pubsub.ack_deadline_seconds', 10, 600],
  ['agents.anomaly_detector.pubsub.await_seconds', 1, 60],
  ['agents.anomaly_detector.workers.drain_timeout_seconds', 1, 300],
  ['agents.anomaly_detector.workers.queue_depth_interval_seconds', 1, 300],
  ['agents.traceability.time_window_seconds', 30, 1200],
  ['agents.traceability.correlation_window_seconds', 10, 600],
  ['agents.traceability.log_query_limit', 100, 5000],
  ['agents.traceability.trace_query_limit', 100, 5000],
  ['agents.executor.max_concurrent_executions', 1, 20],
  ['agents.executor.default_timeout_seconds', 30, 3600],
  ['agents.executor.max_retries', 0, 10],
  ['agents.executor.retry_delay_seconds', 1, 120],
  ['agents.executor.validation_timeout_seconds', 5, 300],
  ['agents.executor.concurrent_limit', 1, 100],
  ['agents.executor.rate_limit.window_minutes', 1, 1440],
  ['agents.executor.rate_limit.max_executions', 1, 10000],
  ['agents.executor.matching.keyword_weight', 0, 1],
  ['bigquery.performance.client_pool_size', 1, 50],
  ['bigquery.streaming.max_row_size_mb', 1, 10],
  ['postgres.pool_max_size', 1, 10],
];

describe('field bounds (spec part 2 section 9)', () => {
  it.each(BOUNDS)('%s is %d–%d', (path, min, max) => {
    const field = FIELD_BY_PATH.get(path);
    expect(field?.spec.min).toBe(min);
    expect(field?.spec.max).toBe(max);
    expect(validateChange(path, min).errors).toEqual([]);
    expect(validateChange(path, max).errors).toEqual([]);
    const step = field?.spec.kind === 'integer' ? 1 : 0.01;
    expect(validateChange(path, min - step).errors).toHaveLength(1);
    expect(validateChange(path, max + step).errors).toHaveLength(1);
  });
});
