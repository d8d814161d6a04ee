import { afterEach, describe, expect, it } from 'vitest';
import { AgentsMap, envelope } from '@vigil/contract';
import type { AnomaliesDetected } from '../../bus/messages';
import { detect } from '../../agents/orchestrator/orchestrator-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

const S = 1_000;
const AgentsPage = envelope(AgentsMap);
let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
  apps = [];
});

async function start() {
  const app = await createTestApp({ runAgents: ['orchestrator'] });
  apps.push(app);
  const save = async (values: Record<string, unknown>) => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/agents/orchestrator',
      payload: values,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const orchestrator = async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/agents' });
    return AgentsPage.parse(response.json()).data.orchestrator;
  };
  return { app, save, orchestrator };
}

describe('agents.orchestrator monitoring settings drive GET /api/agents', () => {
  it('alert_threshold, max_error_rate and metrics_interval_seconds judge the failed steps', async () => {
    const { app, save, orchestrator } = await start();
    // One batch the orchestrator cannot place (no anomaly in it), one it can.
    await app.bus.publish('anomalies.detected', {
      items: [{ anomaly: { id: 'no-context' } }],
    } as unknown as AnomaliesDetected);
    await app.bus.drain();
    await detect(app, [{ component: 'api', templateId: 't-api' }]);
    // Past the recent-error warning, inside the 60 s metrics window.
    app.clock.advance(20 * S);
    app.health.orchestrator?.beat(app.clock.now());
    // 1 of 2 steps failed: under the alert threshold (0.8), over the pipeline maximum (0.05).
    expect(await orchestrator()).toMatchObject({ status: 'warning' });
    await save({ 'agents.orchestrator.max_error_rate': 0.5 });
    expect(await orchestrator()).toMatchObject({ status: 'healthy' });
    await save({ 'agents.orchestrator.alert_threshold': 0.5 });
    expect(await orchestrator()).toMatchObject({ status: 'unhealthy' });
    await save({ 'agents.orchestrator.metrics_interval_seconds': 10 });
    expect(await orchestrator()).toMatchObject({ status: 'healthy' });
  });

  it('health_check_timeout_seconds: how long a silent agent stays reachable', async () => {
    const { app, save, orchestrator } = await start();
    app.health.orchestrator?.beat(app.clock.now());
    app.clock.advance(16 * S);
    expect(await orchestrator()).toMatchObject({ status: 'unhealthy' });
    await save({ 'agents.orchestrator.health_check_timeout_seconds': 10 });
    expect(await orchestrator()).toMatchObject({ status: 'healthy' });
  });
});
