import { defineSection } from '../field';
import { int, list, num } from './kinds';

const owner = 'anomaly_detector' as const;
const prefix = 'agents.anomaly_detector';

/**
 * The pub/sub and worker fields tune the NATS JetStream bus (scale-out), live: consumers are
 * updated before their next pull, the rest applies at its next use. The embedded in-process bus
 * has no such knobs, only the detector's batch concurrency. The batch size and decision
 * threshold drive the detector from its next start.
 */
export const ANOMALY_DETECTOR_FIELDS = [
  ...defineSection(
    `${prefix}.ingest`,
    { owner, section: 'Ingest' },
    {
      max_batch_size: int(
        1000,
        1,
        10000,
        'Records the detector handles before yielding to the event loop (applies from the next start).',
      ),
      max_concurrent_batches: int(
        4,
        1,
        100,
        'Record batches the detector handles at once on the embedded (in-process) bus (live).',
      ),
    },
  ),
  ...defineSection(
    `${prefix}.pubsub`,
    { owner, section: 'Pub/Sub' },
    {
      publisher_batch_size: int(
        100,
        1,
        1000,
        'NATS: messages published at once, each awaiting its JetStream ack (one batch).',
      ),
      publisher_max_latency_seconds: int(
        1,
        1,
        60,
        'NATS: longest a partial publish batch waits, while another is in flight, before it is sent.',
      ),
      retry_timeout_seconds: int(
        60,
        1,
        300,
        'NATS: total time a failed publish is retried before ingest answers 503 with Retry-After.',
      ),
      ack_deadline_seconds: int(
        60,
        10,
        600,
        'NATS: time a consumer has to ack a message before redelivery (consumer ack_wait; VIGIL_NATS_ACK_WAIT_MS wins).',
      ),
      await_seconds: int(
        5,
        1,
        60,
        'NATS: longest one pull request waits for the next messages (fetch expiry).',
      ),
    },
  ),
  ...defineSection(
    `${prefix}.workers`,
    { owner, section: 'Workers' },
    {
      pool_size: int(
        4,
        1,
        100,
        'NATS: detector batches handled at once in one process, across the partitions it owns.',
      ),
      messages_per_worker: int(
        100,
        1,
        1000,
        'NATS: detector messages fetched and unacknowledged at once per partition (max_ack_pending).',
      ),
      drain_timeout_seconds: int(
        30,
        1,
        300,
        'NATS: time a stopping consumer gives the message in hand before leaving it to redelivery.',
      ),
      queue_depth_interval_seconds: int(
        15,
        1,
        300,
        'NATS: how often the queue depth (consumer pending + unacked) is polled for 429 and health.',
      ),
    },
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Detection' },
    {
      decision_threshold: num(
        0.6,
        0,
        1,
        'Ensemble score at or above which a record is an anomaly (applies from the next start).',
      ),
      ownership_rules: list(
        [],
        'Component ownership, one rule per line: `pattern=team` (glob on the component).',
        {
          pattern: /^[^=\s][^=]*=[^=]+$/,
          patternMessage: 'Expected pattern=team',
        },
      ),
    },
  ),
  ...defineSection(
    `${prefix}.gemini`,
    { owner, section: 'Gemini AI' },
    // Used when rca.gemini is configured: anomalies near the decision threshold go to Gemini.
    {
      validation_threshold: num(
        0.7,
        0,
        1,
        'Gemini confidence at or above which an anomaly near the decision threshold is validated.',
      ),
      default_confidence: num(
        0.8,
        0,
        1,
        'Confidence assumed when Gemini answers without one (for its verdict and its keywords).',
      ),
      keyword_confidence: num(
        0.5,
        0,
        1,
        "Gemini confidence a proposed keyword needs to be added to the anomaly's new_keywords.",
      ),
    },
  ),
];
