import { defineSection } from '../field';
import { int, list, num, storedOnly } from './kinds';

const owner = 'anomaly_detector' as const;
const prefix = 'agents.anomaly_detector';

/**
 * The spec's pub/sub, ack and worker fields belong to the bus consumers. The in-process bus has
 * one ordered consumer per subscription and no such knobs, and the NATS JetStream bus takes its
 * tuning from VIGIL_NATS_* at boot, so they are stored and validated only until that bus reads
 * them. The batch size and decision threshold drive the detector from its next start.
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
      max_concurrent_batches: int(4, 1, 100, 'Detection batches processed at once.', {
        usedByDeployment: false,
      }),
    },
  ),
  ...defineSection(
    `${prefix}.pubsub`,
    { owner, section: 'Pub/Sub' },
    storedOnly({
      publisher_batch_size: int(100, 1, 1000, 'Messages per bus publish batch.'),
      publisher_max_latency_seconds: int(
        1,
        1,
        60,
        'Longest a partial publish batch waits before it is flushed.',
      ),
      retry_timeout_seconds: int(60, 1, 300, 'Total time a failed publish is retried.'),
      ack_deadline_seconds: int(
        60,
        10,
        600,
        'Time a consumer has to ack a message before redelivery.',
      ),
      await_seconds: int(5, 1, 60, 'Longest a consumer waits for the next message batch.'),
    }),
  ),
  ...defineSection(
    `${prefix}.workers`,
    { owner, section: 'Workers' },
    storedOnly({
      pool_size: int(4, 1, 100, 'Bus consumer workers.'),
      messages_per_worker: int(100, 1, 1000, 'Messages one worker holds unacked at a time.'),
      drain_timeout_seconds: int(
        30,
        1,
        300,
        'Time workers get to finish in-flight messages on stop.',
      ),
      queue_depth_interval_seconds: int(15, 1, 300, 'How often the ingest queue depth is sampled.'),
    }),
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
    // No LLM validator runs in this deployment: validation is deterministic (ARCHITECTURE.md).
    storedOnly({
      validation_threshold: num(
        0.7,
        0,
        1,
        'Validator confidence below which an anomaly is rejected.',
      ),
      default_confidence: num(0.8, 0, 1, 'Confidence given when the validator returns none.'),
      keyword_confidence: num(
        0.5,
        0,
        1,
        'Confidence given to keyword-only (deterministic) validation.',
      ),
    }),
  ),
];
