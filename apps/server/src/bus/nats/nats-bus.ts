import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import type { Bus, Handler, Topic } from '../bus';
import { createConcurrencyLimit, type ConcurrencyLimit } from '../concurrency-limit';
import type { NatsBusConfig } from './nats-bus-config';
import { createDepthGauge, type DepthGauge } from './depth-gauge';
import { startLeaseKeeper, type LeaseKeeper } from './partition-leases';
import { startPump, type Pump } from './partition-pump';
import { encodeWithinLimit, splitByPartition } from './partition-split';
import { announcementId } from './message-id';
import { createPublishBatcher, sendWithRetry } from './publish-batcher';
import {
  ensureConsumer,
  ensureStreams,
  sameTuning,
  updateConsumer,
  type ConsumerTuning,
} from './streams';
import { liveBusConfig, type NatsBusSettings } from './nats-bus-settings';
import {
  partitionConsumer,
  partitionsOf,
  partitionSubject,
  processConsumer,
  streamName,
  topicSubjects,
} from './subjects';

export interface NatsBusOptions {
  onHandlerError: (topic: Topic, group: string, error: unknown) => void;
  /** Connection, lease and consumer trouble (the bus retries on its own). */
  onError: (error: unknown) => void;
  /**
   * The detector's bus settings, read live: ack deadline and messages per worker reach the
   * consumers before their next pull, the rest their next use. VIGIL_NATS_* variables still win.
   */
  settings?: () => NatsBusSettings;
}

export interface NatsBus extends Bus {
  readonly config: NatsBusConfig;
  /** Resolves once every subscription made so far has its consumers and leases set up. */
  ready(): Promise<void>;
  /** Sizes of the publish batches sent so far (tests, status). */
  publishBatchSizes(): readonly number[];
  /** Partitions this worker handles for a group on a topic (tests, status). */
  ownedPartitions(topic: Topic, group: string): readonly number[];
}

/** Leaves room for headers inside the server's max_payload. */
const PAYLOAD_HEADROOM = 4_096;

/**
 * The Bus on NATS JetStream (ADR 0006): one stream per topic, one durable consumer per group and
 * partition, each partition handled by one worker of its group at a time (leases), messages
 * acknowledged only after the handler (which stores the work) resolves.
 */
export async function createNatsBus(
  config: NatsBusConfig,
  options: NatsBusOptions,
): Promise<NatsBus> {
  const nc: NatsConnection = await connect({
    servers: config.url,
    name: `vigil ${config.workerId}`,
    maxReconnectAttempts: -1,
  });
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm, config);
    const js = jetstream(nc);
    const maxBytes = Math.max(1_024, (nc.info?.max_payload ?? 1_048_576) - PAYLOAD_HEADROOM);
    return assembleBus(config, options, { nc, js, jsm, maxBytes });
  } catch (error) {
    await nc.close();
    throw error;
  }
}

interface Connection {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  maxBytes: number;
}

interface Subscription {
  topic: Topic;
  group: string;
  leases: LeaseKeeper | null;
  pumps: Map<number, Pump>;
  /** The group's worker pool in this process (`groupPools`; unbounded for other groups). */
  workers: ConcurrencyLimit;
  closed: boolean;
}

interface OutgoingPart {
  subject: string;
  data: Uint8Array;
  msgID: string;
}

const decoder = new TextDecoder();

function assembleBus(config: NatsBusConfig, options: NatsBusOptions, conn: Connection): NatsBus {
  const { js, jsm, nc } = conn;
  const subscriptions = new Set<Subscription>();
  const setups: Promise<void>[] = [];
  const stopping: Promise<void>[] = [];
  const idleWaiters: (() => void)[] = [];
  let inFlight = 0;
  const tuned = liveBusConfig(config, options.settings);
  const depth: DepthGauge = createDepthGauge({
    jsm,
    config,
    pollMs: () => tuned().depthPollMs,
    onError: options.onError,
  });
  const publisher = createPublishBatcher<OutgoingPart>({
    batchSize: () => tuned().publishBatchSize,
    maxLatencyMs: () => tuned().publishMaxLatencyMs,
    // The message id makes a retry of a publish the server did store a duplicate it drops.
    send: (part) =>
      sendWithRetry(async () => {
        await js.publish(part.subject, part.data, { msgID: part.msgID });
      }, tuned().publishRetryTimeoutMs),
  });
  /** What each consumer was last given, so a changed setting is applied once. */
  const applied = new Map<string, ConsumerTuning>();
  const tuningFor = (group: string, perProcess: boolean): ConsumerTuning => {
    const now = tuned();
    const pool = perProcess ? undefined : now.groupPools[group];
    return { ackWaitMs: now.ackWaitMs, maxAckPending: pool?.messagesPerWorker ?? now.fetchBatch };
  };
  const keepTuned = async (
    stream: string,
    durable: string,
    group: string,
    perProcess: boolean,
  ): Promise<void> => {
    const wanted = tuningFor(group, perProcess);
    const last = applied.get(`${stream}/${durable}`);
    if (last && sameTuning(last, wanted)) return;
    await updateConsumer(jsm, stream, durable, wanted);
    applied.set(`${stream}/${durable}`, wanted);
  };

  const settle = (): void => {
    if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const handlerFor =
    (subscription: Subscription, handler: Handler<unknown>) =>
    async (message: JsMsg): Promise<void> => {
      inFlight += 1;
      try {
        const handle = async (): Promise<void> =>
          handler(JSON.parse(decoder.decode(message.data)) as unknown);
        await subscription.workers.run(handle);
      } finally {
        inFlight -= 1;
        settle();
      }
    };

  const pumpFor = (
    subscription: Subscription,
    durable: string,
    handler: Handler<unknown>,
    perProcess: boolean,
  ): Pump => {
    const stream = streamName(config.prefix, subscription.topic);
    const { group } = subscription;
    const consumerPromise = js.consumers.get(stream, durable);
    let pump: Pump | null = null;
    const ready = consumerPromise.then((consumer) => {
      if (subscription.closed) return;
      pump = startPump({
        consumer,
        fetchBatch: () => tuningFor(group, perProcess).maxAckPending,
        fetchExpiresMs: () => tuned().fetchExpiresMs,
        beforeFetch: () => keepTuned(stream, durable, group, perProcess),
        handle: handlerFor(subscription, handler),
        onHandlerError: (error) =>
          options.onHandlerError(subscription.topic, subscription.group, error),
        onError: options.onError,
        stopGraceMs: () => tuned().drainTimeoutMs,
      });
    });
    return {
      async stop() {
        await ready.catch(options.onError);
        await pump?.stop();
      },
    };
  };

  const setup = async (subscription: Subscription, handler: Handler<unknown>): Promise<void> => {
    const { topic, group } = subscription;
    const stream = streamName(config.prefix, topic);
    if (config.perProcessGroups.includes(group)) {
      const durable = processConsumer(group, config.workerId);
      const tuning = tuningFor(group, true);
      await ensureConsumer(jsm, config, {
        stream,
        durable,
        filterSubject: topicSubjects(config.prefix, topic),
        perProcess: true,
        tuning,
      });
      applied.set(`${stream}/${durable}`, tuning);
      if (!subscription.closed)
        subscription.pumps.set(-1, pumpFor(subscription, durable, handler, true));
      return;
    }
    const partitions = partitionsOf(topic, config.partitions);
    for (let partition = 0; partition < partitions; partition += 1) {
      const durable = partitionConsumer(group, partition);
      const tuning = tuningFor(group, false);
      await ensureConsumer(jsm, config, {
        stream,
        durable,
        filterSubject: partitionSubject(config.prefix, topic, partition),
        perProcess: false,
        tuning,
      });
      applied.set(`${stream}/${durable}`, tuning);
    }
    depth.watch(topic);
    if (subscription.closed) return;
    subscription.leases = startLeaseKeeper({
      js,
      jsm,
      config,
      group,
      topic,
      partitions,
      onGain: (partition) =>
        subscription.pumps.set(
          partition,
          pumpFor(subscription, partitionConsumer(group, partition), handler, false),
        ),
      onLose: async (partition) => {
        const pump = subscription.pumps.get(partition);
        subscription.pumps.delete(partition);
        await pump?.stop();
      },
      onError: options.onError,
    });
  };

  const stopSubscription = async (subscription: Subscription): Promise<void> => {
    subscription.closed = true;
    subscriptions.delete(subscription);
    await subscription.leases?.stop();
    for (const pump of subscription.pumps.values()) await pump.stop();
    subscription.pumps.clear();
  };

  const workersFor = (group: string): ConcurrencyLimit =>
    createConcurrencyLimit(() => tuned().groupPools[group]?.workers ?? Number.POSITIVE_INFINITY);

  return {
    config,
    publishBatchSizes: () => publisher.sentBatchSizes(),
    async publish(topic, message, weight = 1) {
      const parts = splitByPartition(topic, message, weight, config.partitions).flatMap((part) =>
        encodeWithinLimit(part, conn.maxBytes),
      );
      // Resolves only once JetStream has stored every part: the caller may then answer "accepted".
      const announced = announcementId(topic, message);
      await publisher.submit(
        parts.map((part) => ({
          subject: partitionSubject(config.prefix, topic, part.partition),
          data: part.data,
          msgID: announced ?? randomUUID(),
        })),
      );
      for (const part of parts) depth.published(topic, part.weight);
      // Ingest answers 429 on the backlog of the topics it publishes, whoever consumes them.
      depth.watch(topic);
    },
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      const subscription: Subscription = {
        topic,
        group,
        leases: null,
        pumps: new Map(),
        workers: workersFor(group),
        closed: false,
      };
      subscriptions.add(subscription);
      setups.push(setup(subscription, handler as Handler<unknown>).catch(options.onError));
      return () => {
        stopping.push(stopSubscription(subscription).catch(options.onError));
      };
    },
    depth: (topic) => depth.depth(topic),
    async ready() {
      await Promise.all(setups);
    },
    ownedPartitions(topic, group) {
      for (const subscription of subscriptions)
        if (subscription.topic === topic && subscription.group === group)
          return subscription.leases?.owned() ?? [];
      return [];
    },
    drain() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      await Promise.all(setups);
      for (const subscription of [...subscriptions]) await stopSubscription(subscription);
      await Promise.all(stopping);
      depth.stop();
      await nc.drain().catch(options.onError);
    },
  };
}
