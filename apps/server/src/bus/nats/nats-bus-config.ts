import { hostname } from 'node:os';

/** How the JetStream bus lays out streams, consumers and partition leases. */
export interface NatsBusConfig {
  url: string;
  /** Prefix of every subject, stream and consumer name: several deployments (or test runs) share a server. */
  prefix: string;
  /** Partitions of each `records.*` topic; a partition is handled by one worker of a group at a time. */
  partitions: number;
  /** `file` survives a server restart; `memory` does not. */
  storage: 'file' | 'memory';
  replicas: number;
  /** How long a stream keeps messages after every group has read them. */
  maxAgeMs: number;
  /** A message not acknowledged within this time goes to the partition's next owner. */
  ackWaitMs: number;
  /** Longest one pull request waits for messages before the pump asks again. */
  fetchExpiresMs: number;
  /** How long stopping a subscription waits for the message in hand before leaving it to redelivery. */
  drainTimeoutMs: number;
  /** How often the backlog (consumer pending plus unacknowledged) is polled for `depth`. */
  depthPollMs: number;
  /** Messages published at once, each awaiting its JetStream ack (one publish batch). */
  publishBatchSize: number;
  /** Longest a partial publish batch waits (while another batch is in flight) before it is sent. */
  publishMaxLatencyMs: number;
  /** Total time a failed publish is retried before the error reaches the caller. */
  publishRetryTimeoutMs: number;
  /**
   * Per group: handlers running at once in this process (`workers`, across the partitions it
   * owns) and messages fetched and unacknowledged per partition (`messagesPerWorker`). Groups
   * not listed handle one message at a time per partition with `fetchBatch`.
   */
  groupPools: Readonly<Record<string, GroupPool>>;
  /** Fields set by a VIGIL_NATS_* variable: stored settings do not override them. */
  fixedByEnv: readonly (keyof NatsBusConfig)[];
  /** A worker that stops renewing its partition leases loses them after this time. */
  leaseTtlMs: number;
  /** Messages fetched (and in flight) per partition at once. */
  fetchBatch: number;
  /** Deliveries of one message before it is given up (a message that always fails). */
  maxDeliver: number;
  workerId: string;
  /** Groups that keep a per-process view (graph, ingest rate, settings): each process reads every message. */
  perProcessGroups: readonly string[];
}

export interface GroupPool {
  workers: number;
  messagesPerWorker: number;
}

export const DEFAULT_NATS_BUS_CONFIG: Omit<NatsBusConfig, 'url' | 'workerId'> = {
  prefix: 'vigil',
  partitions: 8,
  storage: 'file',
  replicas: 1,
  maxAgeMs: 24 * 3_600_000,
  // These six equal the defaults of the detector's bus settings (config/schema/anomaly-detector.ts).
  ackWaitMs: 60_000,
  fetchExpiresMs: 5_000,
  drainTimeoutMs: 30_000,
  depthPollMs: 15_000,
  publishBatchSize: 100,
  publishMaxLatencyMs: 1_000,
  publishRetryTimeoutMs: 60_000,
  leaseTtlMs: 6_000,
  fetchBatch: 8,
  groupPools: {},
  fixedByEnv: [],
  maxDeliver: 10,
  // Each process keeps its own graph and rate, and reloads settings saved elsewhere.
  perProcessGroups: ['topology', 'dashboard.ingest_rate', 'settings'],
};

export class NatsConfigError extends Error {}

const PREFIX = /^[a-z][a-z0-9_]{0,31}$/;

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new NatsConfigError(`${name} must be a positive integer, got '${text}'`);
  return value;
}

/**
 * `NATS_URL` plus the optional `VIGIL_NATS_*` tuning variables; every bad value is named.
 * Storage and replicas shape the streams when they are first created (see docs/deploy.md).
 */
export function natsBusConfigFromEnv(url: string, env: NodeJS.ProcessEnv): NatsBusConfig {
  const defaults = DEFAULT_NATS_BUS_CONFIG;
  const prefix = env.VIGIL_NATS_PREFIX ?? defaults.prefix;
  if (!PREFIX.test(prefix))
    throw new NatsConfigError(
      `VIGIL_NATS_PREFIX must be lowercase letters, digits or _, starting with a letter; got '${prefix}'`,
    );
  const storage = env.VIGIL_NATS_STORAGE ?? defaults.storage;
  if (storage !== 'file' && storage !== 'memory')
    throw new NatsConfigError(`VIGIL_NATS_STORAGE must be 'file' or 'memory', got '${storage}'`);
  const fixedByEnv: (keyof NatsBusConfig)[] = [];
  if (env.VIGIL_NATS_ACK_WAIT_MS) fixedByEnv.push('ackWaitMs');
  return {
    ...defaults,
    url,
    fixedByEnv,
    prefix,
    storage,
    partitions: positiveInt(
      'VIGIL_NATS_PARTITIONS',
      env.VIGIL_NATS_PARTITIONS,
      defaults.partitions,
    ),
    replicas: positiveInt('VIGIL_NATS_REPLICAS', env.VIGIL_NATS_REPLICAS, defaults.replicas),
    ackWaitMs: positiveInt(
      'VIGIL_NATS_ACK_WAIT_MS',
      env.VIGIL_NATS_ACK_WAIT_MS,
      defaults.ackWaitMs,
    ),
    leaseTtlMs: positiveInt(
      'VIGIL_NATS_LEASE_TTL_MS',
      env.VIGIL_NATS_LEASE_TTL_MS,
      defaults.leaseTtlMs,
    ),
    workerId: env.VIGIL_WORKER_ID ?? `${hostname()}:${process.pid}`,
  };
}
