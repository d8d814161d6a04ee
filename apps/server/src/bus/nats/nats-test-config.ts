import { randomBytes } from 'node:crypto';
import { DEFAULT_NATS_BUS_CONFIG, type NatsBusConfig } from './nats-bus-config';

export const TEST_NATS_URL = process.env.NATS_URL ?? '127.0.0.1:4222';

/** A prefix of its own per test run, so parallel runs on the shared server never meet. */
export const uniqueNatsPrefix = (): string => `t${randomBytes(5).toString('hex')}`;

export function testNatsConfig(overrides: Partial<NatsBusConfig> = {}): NatsBusConfig {
  return {
    ...DEFAULT_NATS_BUS_CONFIG,
    url: TEST_NATS_URL,
    prefix: uniqueNatsPrefix(),
    storage: 'memory',
    maxAgeMs: 10 * 60_000,
    ackWaitMs: 3_000,
    fetchExpiresMs: 1_000,
    drainTimeoutMs: 3_000,
    depthPollMs: 250,
    publishRetryTimeoutMs: 2_000,
    leaseTtlMs: 1_500,
    workerId: 'worker-a',
    ...overrides,
  };
}
