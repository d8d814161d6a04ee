import { describe, expect, it } from 'vitest';
import { DEFAULT_NATS_BUS_CONFIG, natsBusConfigFromEnv } from './nats-bus-config';
import { defaultConfigValues } from '../../config/defaults';
import { natsBusSettingsFrom } from '../../settings/agent-configs';
import { liveBusConfig, withBusSettings, type NatsBusSettings } from './nats-bus-settings';

const settings: NatsBusSettings = {
  ackDeadlineSeconds: 90,
  awaitSeconds: 2,
  publisherBatchSize: 25,
  publisherMaxLatencySeconds: 3,
  retryTimeoutSeconds: 7,
  poolSize: 6,
  messagesPerWorker: 40,
  drainTimeoutSeconds: 12,
  queueDepthIntervalSeconds: 4,
};

describe('withBusSettings', () => {
  it('maps the detector settings onto the bus config', () => {
    const config = withBusSettings(natsBusConfigFromEnv('nats://x:4222', {}), settings);
    expect(config).toMatchObject({
      ackWaitMs: 90_000,
      fetchExpiresMs: 2_000,
      publishBatchSize: 25,
      publishMaxLatencyMs: 3_000,
      publishRetryTimeoutMs: 7_000,
      drainTimeoutMs: 12_000,
      depthPollMs: 4_000,
      groupPools: { anomaly_detector: { workers: 6, messagesPerWorker: 40 } },
    });
    // Other groups keep their own fetch size.
    expect(config.fetchBatch).toBe(DEFAULT_NATS_BUS_CONFIG.fetchBatch);
  });

  it('lets an explicit VIGIL_NATS_ACK_WAIT_MS win over the saved ack deadline', () => {
    const config = withBusSettings(
      natsBusConfigFromEnv('nats://x:4222', { VIGIL_NATS_ACK_WAIT_MS: '4000' }),
      settings,
    );
    expect(config.ackWaitMs).toBe(4_000);
    expect(config.fetchExpiresMs).toBe(2_000);
  });

  it('keeps the bus defaults equal to the schema defaults of the settings', () => {
    const bare = natsBusConfigFromEnv('nats://x:4222', {});
    const tuned = withBusSettings(bare, natsBusSettingsFrom(defaultConfigValues()));
    expect({ ...tuned, groupPools: {} }).toEqual(bare);
    expect(tuned.groupPools).toEqual({ anomaly_detector: { workers: 4, messagesPerWorker: 100 } });
  });

  it('re-merges only when the settings object changes', () => {
    let current = settings;
    const live = liveBusConfig(natsBusConfigFromEnv('nats://x:4222', {}), () => current);
    const first = live();
    expect(live()).toBe(first);
    current = { ...settings, publisherBatchSize: 7 };
    expect(live().publishBatchSize).toBe(7);
  });
});
