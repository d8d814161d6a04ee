import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Bus, Handler, Topic } from '../bus';
import type { NatsBusConfig } from './nats-bus-config';
import { createDepthGauge, type DepthGauge } from './depth-gauge';
import { startLeaseKeeper, type LeaseKeeper } from './partition-leases';
import { startPump, type Pump } from './partition-pump';
import { encodeWithinLimit, splitByPartition } from './partition-split';
import { announcementId } from './message-id';
import { ensureConsumer, ensureStreams } from './streams';
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
}

export interface NatsBus extends Bus {
  readonly config: NatsBusConfig;
  /** Resolves once every subscription made so far has its consumers and leases set up. */
  ready(): Promise<void>;
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
  closed: boolean;
}

const decoder = new TextDecoder();

function assembleBus(config: NatsBusConfig, options: NatsBusOptions, conn: Connection): NatsBus {
  const { js, jsm, nc } = conn;
  const subscriptions = new Set<Subscription>();
  const setups: Promise<void>[] = [];
  const stopping: Promise<void>[] = [];
  const idleWaiters: (() => void)[] = [];
  let inFlight = 0;
  const depth: DepthGauge = createDepthGauge({ jsm, config, onError: options.onError });

  const settle = (): void => {
    if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const handlerFor =
    (subscription: Subscription, handler: Handler<unknown>) =>
    async (message: JsMsg): Promise<void> => {
      inFlight += 1;
      try {
        await handler(JSON.parse(decoder.decode(message.data)) as unknown);
      } finally {
        inFlight -= 1;
        settle();
      }
    };

  const pumpFor = (
    subscription: Subscription,
    durable: string,
    handler: Handler<unknown>,
  ): Pump => {
    const stream = streamName(config.prefix, subscription.topic);
    const consumerPromise = js.consumers.get(stream, durable);
    let pump: Pump | null = null;
    const ready = consumerPromise.then((consumer) => {
      if (subscription.closed) return;
      pump = startPump({
        consumer,
        fetchBatch: config.fetchBatch,
        handle: handlerFor(subscription, handler),
        onHandlerError: (error) =>
          options.onHandlerError(subscription.topic, subscription.group, error),
        onError: options.onError,
        stopGraceMs: config.ackWaitMs,
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
      await ensureConsumer(jsm, config, {
        stream,
        durable,
        filterSubject: topicSubjects(config.prefix, topic),
        perProcess: true,
      });
      if (!subscription.closed) subscription.pumps.set(-1, pumpFor(subscription, durable, handler));
      return;
    }
    const partitions = partitionsOf(topic, config.partitions);
    for (let partition = 0; partition < partitions; partition += 1)
      await ensureConsumer(jsm, config, {
        stream,
        durable: partitionConsumer(group, partition),
        filterSubject: partitionSubject(config.prefix, topic, partition),
        perProcess: false,
      });
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
          pumpFor(subscription, partitionConsumer(group, partition), handler),
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

  return {
    config,
    async publish(topic, message, weight = 1) {
      const parts = splitByPartition(topic, message, weight, config.partitions).flatMap((part) =>
        encodeWithinLimit(part, conn.maxBytes),
      );
      // Resolves only once JetStream has stored every part: the caller may then answer "accepted".
      const msgID = announcementId(topic, message);
      await Promise.all(
        parts.map((part) =>
          js.publish(
            partitionSubject(config.prefix, topic, part.partition),
            part.data,
            msgID === null ? {} : { msgID },
          ),
        ),
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
