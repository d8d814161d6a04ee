import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { Topic } from '../bus';
import type { NatsBusConfig } from './nats-bus-config';
import { leaseStream, streamName, topicSubjects } from './subjects';

const ALL_TOPICS: readonly Topic[] = [
  'records.logs',
  'records.spans',
  'records.metrics',
  'anomalies.detected',
  'anomalies.feedback',
  'incidents.changed',
  'analysis.ready',
  'executions.changed',
  'notifications.sent',
  'config.changed',
];

type StreamSpec = Partial<StreamConfig> & { name: string };

/** Longer than a crashed worker's recovery (lease expiry plus ack wait). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

const nanos = (ms: number): number => ms * 1_000_000;

const storageOf = (config: NatsBusConfig): StorageType =>
  config.storage === 'memory' ? StorageType.Memory : StorageType.File;

/**
 * One stream per topic. Limits retention (not work-queue or interest): every group has its own
 * durable consumer and position, so a group that starts late still reads what was published before.
 */
function topicStream(config: NatsBusConfig, topic: Topic): StreamSpec {
  return {
    name: streamName(config.prefix, topic),
    subjects: [topicSubjects(config.prefix, topic)],
    retention: RetentionPolicy.Limits,
    storage: storageOf(config),
    num_replicas: config.replicas,
    max_age: nanos(config.maxAgeMs),
    discard: DiscardPolicy.Old,
    // Repeated message ids within the window are dropped (see message-id.ts).
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, config.maxAgeMs)),
  };
}

/** Partition leases and worker memberships: one message per subject, expiring unless renewed. */
function leaseStreamConfig(config: NatsBusConfig): StreamSpec {
  return {
    name: leaseStream(config.prefix),
    subjects: [`${config.prefix}.lease.>`],
    retention: RetentionPolicy.Limits,
    storage: storageOf(config),
    num_replicas: config.replicas,
    max_msgs_per_subject: 1,
    max_age: nanos(config.leaseTtlMs),
    discard: DiscardPolicy.Old,
  };
}

/** Creates what is missing; an existing stream keeps its configuration (safe for every process to run). */
async function ensureStream(jsm: JetStreamManager, stream: StreamSpec): Promise<void> {
  const { name } = stream;
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(stream);
    } catch (error) {
      // Another process created it between our look and our add.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
}

export async function ensureStreams(jsm: JetStreamManager, config: NatsBusConfig): Promise<void> {
  for (const topic of ALL_TOPICS) await ensureStream(jsm, topicStream(config, topic));
  await ensureStream(jsm, leaseStreamConfig(config));
}

export interface ConsumerSpec {
  stream: string;
  durable: string;
  filterSubject: string;
  /** Per-process consumers start at new messages and vanish after their process is gone. */
  perProcess: boolean;
  tuning: ConsumerTuning;
}

/** What a running consumer may be changed to (consumer update): the bus settings apply live. */
export interface ConsumerTuning {
  ackWaitMs: number;
  /** Messages delivered and not yet acknowledged at once. */
  maxAckPending: number;
}

export const sameTuning = (a: ConsumerTuning, b: ConsumerTuning): boolean =>
  a.ackWaitMs === b.ackWaitMs && a.maxAckPending === b.maxAckPending;

const tuningFields = (tuning: ConsumerTuning): Partial<ConsumerConfig> => ({
  ack_wait: nanos(tuning.ackWaitMs),
  max_ack_pending: tuning.maxAckPending,
});

export async function ensureConsumer(
  jsm: JetStreamManager,
  config: NatsBusConfig,
  spec: ConsumerSpec,
): Promise<void> {
  const consumer: Partial<ConsumerConfig> = {
    durable_name: spec.durable,
    filter_subject: spec.filterSubject,
    ack_policy: AckPolicy.Explicit,
    max_deliver: config.maxDeliver,
    deliver_policy: spec.perProcess ? DeliverPolicy.New : DeliverPolicy.All,
    ...tuningFields(spec.tuning),
    ...(spec.perProcess ? { inactive_threshold: nanos(5 * 60_000) } : {}),
  };
  let existing: ConsumerConfig;
  try {
    existing = (await jsm.consumers.info(spec.stream, spec.durable)).config;
  } catch {
    await jsm.consumers.add(spec.stream, consumer);
    return;
  }
  if (
    existing.ack_wait !== consumer.ack_wait ||
    existing.max_ack_pending !== consumer.max_ack_pending
  )
    await updateConsumer(jsm, spec.stream, spec.durable, spec.tuning);
}

/** Settings changed since the consumer was made (ack deadline, messages per worker). */
export async function updateConsumer(
  jsm: JetStreamManager,
  stream: string,
  durable: string,
  tuning: ConsumerTuning,
): Promise<void> {
  await jsm.consumers.update(stream, durable, tuningFields(tuning));
}
