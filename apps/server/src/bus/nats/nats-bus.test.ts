import { afterEach, describe, expect, it } from 'vitest';
import { createNatsBus, type NatsBus } from './nats-bus';
import { deleteNatsStreams } from './nats-cleanup';
import { testNatsConfig, TEST_NATS_URL } from './nats-test-config';
import type { NatsBusConfig } from './nats-bus-config';

interface Rec {
  id: string;
  component: string;
}

const opened: NatsBus[] = [];
const prefixes = new Set<string>();

async function open(config: NatsBusConfig): Promise<NatsBus> {
  prefixes.add(config.prefix);
  const bus = await createNatsBus(config, {
    onHandlerError: () => undefined,
    onError: () => undefined,
  });
  opened.push(bus);
  return bus;
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const records = (count: number, from = 0): Rec[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${from + i}`,
    component: `svc-${(from + i) % 12}`,
  }));

afterEach(async () => {
  for (const bus of opened.splice(0)) await bus.close();
  for (const prefix of prefixes) await deleteNatsStreams(TEST_NATS_URL, prefix);
  prefixes.clear();
});

describe('NATS JetStream bus', () => {
  it('delivers each message to every group, and within a group each component to one worker', async () => {
    const config = testNatsConfig({ partitions: 4 });
    const a = await open({ ...config, workerId: 'a' });
    const b = await open({ ...config, workerId: 'b' });
    const seen = new Map<string, Set<string>>();
    const audit: string[] = [];
    for (const [name, bus] of [
      ['a', a],
      ['b', b],
    ] as const) {
      bus.subscribe<{ records: Rec[] }>('records.logs', 'detector', ({ records: batch }) => {
        for (const record of batch) {
          const workers = seen.get(record.component) ?? new Set();
          workers.add(name);
          seen.set(record.component, workers);
        }
      });
    }
    a.subscribe<{ records: Rec[] }>('records.logs', 'audit', ({ records: batch }) => {
      audit.push(...batch.map((r) => r.id));
    });
    await Promise.all([a.ready(), b.ready()]);
    await until(() => a.ownedPartitions('records.logs', 'detector').length === 2);
    await until(() => b.ownedPartitions('records.logs', 'detector').length === 2);

    await a.publish('records.logs', { records: records(120), receivedAt: 0 }, 120);
    await until(() => audit.length === 120);
    await until(() => seen.size === 12);
    for (const workers of seen.values()) expect(workers.size).toBe(1);
    expect(new Set([...seen.values()].flatMap((w) => [...w]))).toEqual(new Set(['a', 'b']));
  });

  it('hands a stopped worker’s partitions, and its unacknowledged messages, to the survivor', async () => {
    const config = testNatsConfig({ partitions: 2 });
    const a = await open({ ...config, workerId: 'a' });
    const b = await open({ ...config, workerId: 'b' });
    const handled = new Set<string>();
    b.subscribe<{ records: Rec[] }>('records.logs', 'detector', ({ records: batch }) => {
      for (const record of batch) handled.add(record.id);
    });
    // Worker a never finishes a message: it holds them unacknowledged, as a crashed worker would.
    a.subscribe<{ records: Rec[] }>('records.logs', 'detector', () => new Promise(() => undefined));
    await Promise.all([a.ready(), b.ready()]);
    await until(() => a.ownedPartitions('records.logs', 'detector').length === 1);
    await until(() => b.ownedPartitions('records.logs', 'detector').length === 1);
    await a.publish('records.logs', { records: records(40), receivedAt: 0 }, 40);
    // a's consumer connection goes away without acknowledging anything.
    opened.splice(opened.indexOf(a), 1);
    void a.close();
    await until(() => handled.size === 40);
    expect(b.ownedPartitions('records.logs', 'detector')).toHaveLength(2);
  });

  it('reports the backlog of the slowest group in records', async () => {
    const config = testNatsConfig({ partitions: 2 });
    const a = await open(config);
    a.subscribe('records.logs', 'stuck', () => new Promise(() => undefined));
    await a.ready();
    await a.publish('records.logs', { records: records(30), receivedAt: 0 }, 30);
    await until(() => a.depth('records.logs') >= 30);
  });
});
