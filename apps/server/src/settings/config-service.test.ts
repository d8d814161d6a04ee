import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loadConfigService } from './config-service';

describe('config service', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.dispose();
  });
  const start = async () => {
    const app = await createTestApp();
    apps.push(app);
    return app;
  };

  it('drops stored values that no longer validate, and unknown keys, at load', async () => {
    const app = await start();
    await app.store.config.setMany({
      'agents.orchestrator.burst_threshold': 500,
      'agents.orchestrator.dedup_window_seconds': 120,
      'agents.orchestrator.renamed_away': 3,
    });
    const service = await loadConfigService({ store: app.store, bus: app.bus, clock: app.clock });
    service.stop();
    expect(service.values()['agents.orchestrator.burst_threshold']).toBe(5);
    expect(service.values()['agents.orchestrator.dedup_window_seconds']).toBe(120);
    expect(service.values()).not.toHaveProperty('agents.orchestrator.renamed_away');
  });

  it('follows a save made by another process on the same store and bus', async () => {
    const app = await start();
    const peer = await loadConfigService({ store: app.store, bus: app.bus, clock: app.clock });
    try {
      await peer.save({
        changes: { 'agents.orchestrator.burst_threshold': 9 },
        scope: 'orchestrator',
      });
      await app.bus.drain();
      expect(app.config.values()['agents.orchestrator.burst_threshold']).toBe(9);
      expect(app.config.savedAt('orchestrator')).toBe(app.clock.now());
    } finally {
      peer.stop();
    }
  });

  it('runs concurrent saves one after the other: neither is lost', async () => {
    const app = await start();
    await Promise.all([
      app.config.save({ changes: { 'otel.max_retries': 5 }, scope: 'global' }),
      app.config.save({ changes: { 'otel.timeout_seconds': 9 }, scope: 'global' }),
    ]);
    expect(app.config.values()).toMatchObject({ 'otel.max_retries': 5, 'otel.timeout_seconds': 9 });
    expect(await app.store.config.getAll()).toMatchObject({
      'otel.max_retries': 5,
      'otel.timeout_seconds': 9,
    });
  });
});
