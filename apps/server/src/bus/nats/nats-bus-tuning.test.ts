import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus, type NatsBus } from './nats-bus';
import type { NatsBusConfig } from './nats-bus-config';
import type { NatsBusSettings } from './nats-bus-settings';
import { deleteNatsStreams } from './nats-cleanup';
import { testNatsConfig, TEST_NATS_URL } from './nats-test-config';
import { ensureStreams } from './streams';
import { partitionConsumer, streamName } from './subjects';

/** The bus settings of the detector (agents.anomaly_detector.pubsub.* / workers.*) at work on a real server. */

interface Rec {
  id: string;
  component: string;
}

const opened: NatsBus[] = [];
const prefixes = new Set<string>();
let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers: TEST_NATS_URL });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  await nc.close();
});

afterEach(async () => {
  for (const bus of opened.splice(0)) await bus.close();
  for (const prefix of prefixes) await deleteNatsStreams(TEST_NATS_URL, prefix);
  prefixes.clear();
});

async function open(config: NatsBusConfig, settings?: () => NatsBusSettings): Promise<NatsBus> {
  prefixes.add(config.prefix);
  const bus = await createNatsBus(config, {
    onHandlerError: () => undefined,
    onError: () => undefined,
    ...(settings ? { settings } : {}),
  });
  opened.push(bus);
  return bus;
}

function forget(bus: NatsBus): void {
  opened.splice(opened.indexOf(bus), 1);
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const records = (count: number, from = 0): Rec[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${from + i}`,
    component: `svc-${(from + i) % 12}`,
  }));

const batch = (count: number, from = 0) => ({ records: records(count, from), receivedAt: 0 });

const never = (): Promise<void> => new Promise(() => undefined);

/** The schema defaults of agents.anomaly_detector.pubsub.* and .workers.*. */
const DETECTOR_DEFAULTS: NatsBusSettings = {
  ackDeadlineSeconds: 60,
  awaitSeconds: 5,
  publisherBatchSize: 100,
  publisherMaxLatencySeconds: 1,
  retryTimeoutSeconds: 60,
  poolSize: 4,
  messagesPerWorker: 100,
  drainTimeoutSeconds: 30,
  queueDepthIntervalSeconds: 15,
};

describe('NATS bus settings', () => {
  it('gives the consumers the ack deadline and messages per worker, and applies a change live', async () => {
    let settings: NatsBusSettings = {
      ...DETECTOR_DEFAULTS,
      ackDeadlineSeconds: 20,
      messagesPerWorker: 5,
    };
    const config = testNatsConfig({ partitions: 2, fetchExpiresMs: 300 });
    const bus = await open(config, () => settings);
    bus.subscribe('records.logs', 'anomaly_detector', () => undefined);
    bus.subscribe('records.logs', 'audit', () => undefined);
    await bus.ready();
    const stream = streamName(config.prefix, 'records.logs');
    const info = (group: string) => jsm.consumers.info(stream, partitionConsumer(group, 1));
    expect((await info('anomaly_detector')).config).toMatchObject({
      ack_wait: 20 * 1_000_000_000,
      max_ack_pending: 5,
    });
    // Other groups keep the bus's own fetch size; the ack deadline is the bus's.
    expect((await info('audit')).config).toMatchObject({
      ack_wait: 20 * 1_000_000_000,
      max_ack_pending: config.fetchBatch,
    });

    await until(() => bus.ownedPartitions('records.logs', 'anomaly_detector').length === 2);
    settings = { ...settings, ackDeadlineSeconds: 45, messagesPerWorker: 40 };
    // Applied before each consumer's next pull (every fetch expiry at the latest).
    let updated = await info('anomaly_detector');
    for (let i = 0; i < 60 && updated.config.max_ack_pending !== 40; i += 1) {
      await pause(100);
      updated = await info('anomaly_detector');
    }
    expect(updated.config).toMatchObject({ ack_wait: 45 * 1_000_000_000, max_ack_pending: 40 });
  });

  it('runs at most pool_size detector handlers at once, while other groups run one per partition', async () => {
    const config = testNatsConfig({
      partitions: 4,
      groupPools: { anomaly_detector: { workers: 2, messagesPerWorker: 10 } },
    });
    const bus = await open(config);
    const running = { anomaly_detector: 0, audit: 0 };
    const most = { anomaly_detector: 0, audit: 0 };
    const gates: (() => void)[] = [];
    let handled = 0;
    for (const group of ['anomaly_detector', 'audit'] as const)
      bus.subscribe('records.logs', group, async () => {
        running[group] += 1;
        most[group] = Math.max(most[group], running[group]);
        await new Promise<void>((resolve) => gates.push(resolve));
        running[group] -= 1;
        handled += 1;
      });
    await bus.ready();
    await until(() => bus.ownedPartitions('records.logs', 'anomaly_detector').length === 4);
    await until(() => bus.ownedPartitions('records.logs', 'audit').length === 4);
    // Twelve components spread over all four partitions: one message per partition per publish.
    for (let round = 0; round < 3; round += 1)
      await bus.publish('records.logs', batch(12, round * 12), 12);
    await until(() => running.audit === 4 && running.anomaly_detector === 2);
    await pause(300);
    expect(running.anomaly_detector).toBe(2);
    while (handled < 24) {
      for (const release of gates.splice(0)) release();
      await pause(25);
    }
    expect(most).toEqual({ anomaly_detector: 2, audit: 4 });
  });

  it('asks for messages_per_worker messages per pull, each pull waiting await_seconds', async () => {
    const config = testNatsConfig({
      partitions: 1,
      fetchExpiresMs: 1_500,
      groupPools: { anomaly_detector: { workers: 1, messagesPerWorker: 7 } },
    });
    const stream = streamName(config.prefix, 'records.logs');
    // Pull requests are plain NATS requests: a listener on their subject sees each one.
    const pulls: { batch: number; expires: number }[] = [];
    const listener = nc.subscribe(
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${partitionConsumer('anomaly_detector', 0)}`,
      {
        callback: (_error, message) => {
          pulls.push(message.json());
        },
      },
    );
    try {
      const bus = await open(config);
      bus.subscribe('records.logs', 'anomaly_detector', () => undefined);
      await bus.ready();
      await until(() => pulls.length >= 1);
      await pause(1_000);
      // Idle: the first pull is still waiting, no second one yet.
      expect(pulls).toHaveLength(1);
      expect(pulls[0]).toMatchObject({ batch: 7, expires: 1_500 * 1_000_000 });
      await until(() => pulls.length >= 2, 3_000);
    } finally {
      listener.unsubscribe();
    }
  });

  it('stops a consumer after the drain timeout when its handler never finishes', async () => {
    const timeClose = async (drainTimeoutMs: number): Promise<number> => {
      const bus = await open(testNatsConfig({ partitions: 1, drainTimeoutMs }));
      let started = false;
      bus.subscribe('records.logs', 'stuck', () => {
        started = true;
        return never();
      });
      await bus.ready();
      await until(() => bus.ownedPartitions('records.logs', 'stuck').length === 1);
      await bus.publish('records.logs', batch(3), 3);
      await until(() => started);
      forget(bus);
      const begun = Date.now();
      await bus.close();
      return Date.now() - begun;
    };
    const short = await timeClose(300);
    expect(short).toBeGreaterThanOrEqual(280);
    expect(short).toBeLessThan(1_500);
    const long = await timeClose(2_500);
    expect(long).toBeGreaterThanOrEqual(2_400);
  });

  it('samples the queue depth at the configured interval', async () => {
    const depthAfter = async (depthPollMs: number): Promise<NatsBus> => {
      const bus = await open(testNatsConfig({ partitions: 2, depthPollMs, drainTimeoutMs: 100 }));
      bus.subscribe('records.logs', 'stuck', never);
      await bus.ready();
      await bus.publish('records.logs', batch(30), 30);
      return bus;
    };
    const fast = await depthAfter(200);
    const slow = await depthAfter(60_000);
    await until(() => fast.depth('records.logs') >= 30, 3_000);
    await pause(1_000);
    // The slow gauge polled once when the topic was first watched, before the publish.
    expect(slow.depth('records.logs')).toBe(0);
  });

  it('publishes in batches of publisher_batch_size and delivers every part', async () => {
    const bus = await open(testNatsConfig({ partitions: 4, publishBatchSize: 2 }));
    const seen = new Set<string>();
    bus.subscribe<{ records: Rec[] }>('records.logs', 'audit', ({ records: got }) => {
      for (const record of got) seen.add(record.id);
    });
    await bus.ready();
    await bus.publish('records.logs', batch(12), 12);
    expect(bus.publishBatchSizes()).toEqual([2, 2]);
    await until(() => seen.size === 12);
  });

  it('retries a failed publish for retry_timeout, then surfaces the error', async () => {
    const config = testNatsConfig({ partitions: 1, publishRetryTimeoutMs: 600 });
    const bus = await open(config);
    const stream = streamName(config.prefix, 'records.logs');
    await jsm.streams.delete(stream);
    const begun = Date.now();
    await expect(bus.publish('records.logs', batch(2), 2)).rejects.toThrow();
    const took = Date.now() - begun;
    expect(took).toBeGreaterThanOrEqual(580);
    expect(took).toBeLessThan(2_500);
  });

  it('keeps retrying within retry_timeout, so a stream back in time takes the message', async () => {
    const config = testNatsConfig({ partitions: 1, publishRetryTimeoutMs: 10_000 });
    const bus = await open(config);
    const stream = streamName(config.prefix, 'records.logs');
    await jsm.streams.delete(stream);
    const publishing = bus.publish('records.logs', batch(2), 2);
    await pause(700);
    await ensureStreams(jsm, config);
    await publishing;
    expect((await jsm.streams.info(stream)).state.messages).toBe(1);
  });
});
