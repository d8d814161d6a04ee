import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../shared/clock';
import { openTestStore, type TestStore } from '../../store/test-stores';
import { createAgentRegistry } from './agent-registry';
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from './health-settings';
import type { Timers } from './repeat';

/** Timers the test fires by hand; remembers what each was armed for. */
function manualTimers() {
  const armed: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  const timers: Timers = {
    set(callback, ms) {
      const entry = { callback, ms, cancelled: false };
      armed.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const pending = () => armed.filter((entry) => !entry.cancelled);
  return { timers, armed, pending };
}

const stores: TestStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispose();
});

function setup(overrides: Partial<HealthSettings> = {}, remoteWorkers = false) {
  const clock = createFakeClock(1_000_000);
  const settings: HealthSettings = { ...DEFAULT_HEALTH_SETTINGS, ...overrides };
  const manual = manualTimers();
  const registry = createAgentRegistry({
    clock,
    serverUrl: () => 'http://127.0.0.1:8080',
    settings: () => settings,
    timers: manual.timers,
    workerId: 'api:1',
    remoteWorkers,
  });
  return { clock, settings, registry, ...manual };
}

describe('agent registry settings', () => {
  it('health_check_timeout_seconds: an agent silent for two loop beats plus it is unreachable', () => {
    const { clock, settings, registry } = setup({ probeTimeoutMs: 5_000 });
    registry.register('rca').beat(clock.now());
    clock.advance(15_000);
    expect(registry.get('rca').status).toBe('unhealthy');
    settings.probeTimeoutMs = 20_000;
    expect(registry.get('rca').status).toBe('healthy');
    clock.advance(15_000);
    expect(registry.get('rca').status).toBe('unhealthy');
    // Offline after four times the unreachable threshold: 4 × 30 s.
    clock.advance(90_000);
    expect(registry.get('rca').status).toBe('offline');
  });

  it('registry_health_interval_seconds: heartbeats are written (and re-read) at that interval', async () => {
    const store = await openTestStore('sqlite');
    stores.push(store);
    const { clock, settings, registry, pending } = setup(
      { registryHealthIntervalMs: 30_000 },
      true,
    );
    registry.register('rca').beat(clock.now());
    const stop = registry.startHeartbeatWriter(store.store.agentStatus, (error) => {
      throw error;
    });
    expect(pending().map((t) => t.ms)).toEqual([
      30_000,
      DEFAULT_HEALTH_SETTINGS.discoveryIntervalMs,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another process's worker appears at the next health pass, not before.
    await store.store.agentStatus.upsert({
      agentId: 'rca',
      workerId: 'other:2',
      status: 'healthy',
      lastSeen: clock.now(),
      details: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registry.get('rca').workers.map((w) => w.id)).toEqual(['api:1']);
    settings.registryHealthIntervalMs = 45_000;
    pending()[0]?.callback();
    await vi.waitFor(() =>
      expect(registry.get('rca').workers.map((w) => w.id)).toEqual(['api:1', 'other:2']),
    );
    // The next pass is armed with the new interval.
    expect(pending().map((t) => t.ms)).toContain(45_000);
    // A remote row is refreshed once per interval, so it gets that much longer: 15 s + 45 s.
    clock.advance(59_000);
    registry.register('rca').beat(clock.now());
    expect(registry.get('rca').workers.find((w) => w.id === 'other:2')?.status).toBe('healthy');
    clock.advance(1_000);
    registry.register('rca').beat(clock.now());
    expect(registry.get('rca').workers.find((w) => w.id === 'other:2')?.status).toBe('unhealthy');
    await stop();
  });

  it('discovery_interval_seconds: a departed worker stays listed offline until the next discovery pass', async () => {
    const store = await openTestStore('sqlite');
    stores.push(store);
    const { clock, registry, pending } = setup({ discoveryIntervalMs: 120_000 }, true);
    await store.store.agentStatus.upsert({
      agentId: 'rca',
      workerId: 'gone:3',
      status: 'healthy',
      lastSeen: clock.now(),
      details: {},
    });
    const stop = registry.startHeartbeatWriter(store.store.agentStatus, (error) => {
      throw error;
    });
    await vi.waitFor(() =>
      expect(registry.get('rca').workers.map((w) => w.id)).toEqual(['gone:3']),
    );
    const discovery = pending().find((t) => t.ms === 120_000);
    expect(discovery).toBeDefined();
    clock.advance(200_000);
    expect(registry.get('rca').workers.map((w) => [w.id, w.status])).toEqual([
      ['gone:3', 'offline'],
    ]);
    discovery?.callback();
    await vi.waitFor(() =>
      expect(registry.get('rca')).toMatchObject({ status: 'offline', workers: [] }),
    );
    await stop();
  });

  it('max_error_rate: the orchestrator degrades when the pipeline fails more steps than that', () => {
    const { clock, settings, registry } = setup({ maxPipelineErrorRate: 0.05 });
    const orchestrator = registry.register('orchestrator');
    const rca = registry.register('rca');
    for (let i = 0; i < 9; i += 1) orchestrator.stepCompleted(10, clock.now());
    rca.failed(new Error('model unreachable'), clock.now());
    // Past the recent-error warning, still inside the metrics window.
    clock.advance(20_000);
    orchestrator.beat(clock.now());
    rca.beat(clock.now());
    expect(registry.get('orchestrator')).toMatchObject({
      status: 'warning',
      lastError: 'pipeline error rate 10% is above the maximum of 5% (1 of 10 steps failed)',
    });
    settings.maxPipelineErrorRate = 0.1;
    expect(registry.get('orchestrator')).toMatchObject({ status: 'healthy', lastError: null });
  });

  it('alert_threshold, max_response_time_seconds and metrics_interval_seconds reach the trackers', () => {
    const { clock, settings, registry } = setup({ alertErrorRatio: 0.8, maxStepMs: 30_000 });
    const rca = registry.register('rca');
    rca.stepCompleted(40_000, clock.now());
    rca.failed(new Error('boom'), clock.now());
    rca.beat(clock.now());
    expect(registry.get('rca').status).toBe('warning');
    settings.alertErrorRatio = 0.5;
    expect(registry.get('rca')).toMatchObject({ status: 'unhealthy', lastError: 'boom' });
    settings.alertErrorRatio = 0.8;
    clock.advance(20_000);
    rca.beat(clock.now());
    expect(registry.get('rca')).toMatchObject({ status: 'warning', lastError: 'boom' });
    settings.maxStepMs = 60_000;
    expect(registry.get('rca').status).toBe('healthy');
    settings.maxStepMs = 30_000;
    settings.metricsWindowMs = 10_000;
    expect(registry.get('rca').status).toBe('healthy');
  });
});
