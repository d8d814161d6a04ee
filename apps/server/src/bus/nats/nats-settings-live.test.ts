import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { deleteNatsStreams } from './nats-cleanup';
import { testNatsConfig, TEST_NATS_URL } from './nats-test-config';
import { partitionConsumer, streamName } from './subjects';

const logs = JSON.stringify({
  resourceLogs: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'checkout' } }] },
      scopeLogs: [{ logRecords: [{ body: { stringValue: 'payment failed' } }] }],
    },
  ],
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ackWaitBecomes(
  jsm: JetStreamManager,
  stream: string,
  seconds: number,
): Promise<void> {
  const wanted = seconds * 1_000_000_000;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const info = await jsm.consumers.info(stream, partitionConsumer('anomaly_detector', 0));
    if (info.config.ack_wait === wanted) return;
    if (Date.now() > deadline) expect(info.config.ack_wait).toBe(wanted);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the detector bus settings on a running NATS deployment', () => {
  it('apply live, persist across a restart, and bound publish retries before a 503', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bus-settings-'));
    const bus = { kind: 'nats' as const, config: testNatsConfig({ partitions: 1 }) };
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => deleteNatsStreams(TEST_NATS_URL, bus.config.prefix));
    const nc = await connect({ servers: TEST_NATS_URL });
    cleanups.push(() => nc.close());
    const jsm = await jetstreamManager(nc);
    const stream = streamName(bus.config.prefix, 'records.logs');
    const start = async (): Promise<TestApp> => {
      const app = await createTestApp({ dataDir, bus });
      cleanups.push(() => app.dispose());
      return app;
    };

    const first = await start();
    await ackWaitBecomes(jsm, stream, 60);
    const saved = await first.http.inject({
      method: 'PUT',
      url: '/api/settings/agents/anomaly_detector',
      payload: {
        'agents.anomaly_detector.pubsub.ack_deadline_seconds': 25,
        'agents.anomaly_detector.pubsub.retry_timeout_seconds': 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: { restart_required: unknown } }).data.restart_required).toEqual(
      [],
    );
    // The running consumer is updated before its next pull.
    await ackWaitBecomes(jsm, stream, 25);

    // JetStream loses the stream: ingest retries for the saved second, then answers 503.
    await jsm.streams.delete(stream);
    const begun = Date.now();
    const response = await first.http.inject({
      method: 'POST',
      url: '/v1/logs',
      payload: logs,
      headers: { 'content-type': 'application/json' },
    });
    const took = Date.now() - begun;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(5_000);

    // The next start builds its consumers from the stored values.
    await cleanups.pop()?.();
    await start();
    await ackWaitBecomes(jsm, stream, 25);
  }, 60_000);
});
