import { describe, expect, it } from 'vitest';
import { parseAgentOptions } from './agent-options';
import { busChoiceFor } from './scale-out-options';
import { UsageError } from './serve-options';

const SHARED = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://127.0.0.1/test' };

describe('vigil agent options', () => {
  it('runs one named agent on the shared bus and store, on a free port by default', () => {
    const options = parseAgentOptions(['anomaly_detector'], SHARED);
    expect(options).toMatchObject({
      agent: 'anomaly_detector',
      host: '127.0.0.1',
      port: 0,
      store: { kind: 'postgres', url: SHARED.DATABASE_URL },
      bus: { kind: 'nats', config: { url: SHARED.NATS_URL, prefix: 'vigil', partitions: 8 } },
    });
  });

  it('takes flags over the environment, and a schema and NATS tuning from it', () => {
    const options = parseAgentOptions(
      ['orchestrator', '--nats-url', 'nats://other:4222', '--port', '9100'],
      { ...SHARED, VIGIL_DATABASE_SCHEMA: 'tenant_a', VIGIL_NATS_PARTITIONS: '16' },
    );
    expect(options.port).toBe(9100);
    expect(options.store).toMatchObject({ schema: 'tenant_a' });
    expect(options.bus).toMatchObject({ config: { url: 'nats://other:4222', partitions: 16 } });
  });

  it.each([
    [[], SHARED, /name exactly one agent/],
    [['detector'], SHARED, /unknown agent 'detector'/],
    [['rca', 'extra'], SHARED, /name exactly one agent/],
    [['rca'], { NATS_URL: SHARED.NATS_URL }, /--database-url/],
    [['rca'], { DATABASE_URL: SHARED.DATABASE_URL }, /--nats-url/],
    [['rca', '--port', 'x'], SHARED, /--port must be 0 to 65535/],
    [
      ['rca'],
      { ...SHARED, VIGIL_NATS_STORAGE: 'disk' },
      /VIGIL_NATS_STORAGE must be 'file' or 'memory'/,
    ],
    [
      ['rca'],
      { ...SHARED, VIGIL_NATS_PARTITIONS: '0' },
      /VIGIL_NATS_PARTITIONS must be a positive integer/,
    ],
    [['rca'], { ...SHARED, VIGIL_DATABASE_SCHEMA: 'Bad-Name' }, /VIGIL_DATABASE_SCHEMA/],
  ])('refuses %j with a message naming the problem', (argv, env, message) => {
    expect(() => parseAgentOptions(argv, env)).toThrow(UsageError);
    expect(() => parseAgentOptions(argv, env)).toThrow(message);
  });

  it('refuses NATS with the embedded SQLite store: the agents need a shared store', () => {
    expect(() =>
      busChoiceFor('nats://127.0.0.1:4222', { kind: 'sqlite', dataDir: '/tmp/x' }, {}),
    ).toThrow(/DATABASE_URL/);
    expect(busChoiceFor(null, { kind: 'sqlite', dataDir: '/tmp/x' }, {})).toEqual({
      kind: 'in-process',
    });
  });
});
