import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../shared/clock';
import { createAgentRegistry, portOf, settingsStatus } from './agent-registry';

describe('agent registry', () => {
  const thresholds = { stalledAfterMs: 15_000, offlineAfterMs: 60_000 };

  it('reports agents not running here as offline, registered ones by their own beats', () => {
    const clock = createFakeClock(0);
    const registry = createAgentRegistry({
      clock,
      thresholds,
      serverUrl: () => 'http://127.0.0.1:9000',
      workerId: 'w1',
    });
    const tracker = registry.register('rca');
    expect(registry.get('rca')).toMatchObject({ status: 'unknown', inProcess: true, port: 9000 });
    expect(registry.get('orchestrator')).toMatchObject({ status: 'offline', inProcess: false });
    tracker.beat(clock.now());
    expect(registry.get('rca').status).toBe('healthy');
    clock.advance(15_000);
    expect(registry.get('rca').status).toBe('unhealthy');
    clock.advance(45_000);
    expect(registry.get('rca').status).toBe('offline');
    expect(registry.list()).toHaveLength(7);
  });

  it.each([
    ['warning', 'healthy'],
    ['healthy', 'healthy'],
    ['unhealthy', 'unhealthy'],
    ['offline', 'offline'],
    ['unknown', 'unknown'],
  ] as const)('settings status of %s is %s', (status, expected) => {
    expect(settingsStatus(status)).toBe(expected);
  });

  it.each([
    ['http://127.0.0.1:8080', 8080],
    ['https://vigil.example', 443],
    ['not a url', null],
  ])('port of %s is %s', (url, port) => {
    expect(portOf(url)).toBe(port);
  });
});

describe('loop heartbeat', () => {
  it('keeps idle agents that run here healthy, and leaves the others offline', async () => {
    vi.useFakeTimers();
    try {
      const clock = createFakeClock(0);
      const registry = createAgentRegistry({
        clock,
        serverUrl: () => 'http://127.0.0.1:8080',
        queueDepth: () => 0,
      });
      registry.register('rca').beat(0);
      const stop = registry.startLoopHeartbeat(5_000);
      for (let i = 0; i < 12; i += 1) {
        clock.advance(5_000);
        vi.advanceTimersByTime(5_000);
      }
      expect(registry.get('rca').status).toBe('healthy');
      expect(registry.get('executor').status).toBe('offline');
      stop();
      clock.advance(20_000);
      expect(registry.get('rca').status).toBe('unhealthy');
    } finally {
      vi.useRealTimers();
    }
  });
});
