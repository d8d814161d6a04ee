import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AgentsMap,
  AgentStatus,
  DashboardOverview,
  envelope,
  ProductStatus,
} from '@vigil/contract';
import type { LogBatch } from '../../bus/record-batch';
import { createTestApp, type TestApp } from '../../testing/test-app';

const Agents = envelope(AgentsMap);
const Statuses = envelope(z.object({ agents: z.array(AgentStatus) }));
const Overview = envelope(DashboardOverview);

describe('agents, status and dashboard API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());
  const get = async (url: string) => (await app.http.inject({ method: 'GET', url })).json();

  it('lists all seven agents; only those running here report live health', async () => {
    const { data } = Agents.parse(await get('/api/agents'));
    expect(Object.keys(data).sort()).toEqual([
      'anomaly_detector',
      'collaborator',
      'executor',
      'orchestrator',
      'rca',
      'remediation',
      'traceability',
    ]);
    expect(data.anomaly_detector).toMatchObject({
      name: 'Anomaly Detector',
      status: 'healthy',
      url: 'http://127.0.0.1:8080',
      port: 8080,
    });
    expect(data.anomaly_detector?.workers).toHaveLength(1);
    // All seven run in this process now; each reports its own live health.
    for (const agent of Object.values(data)) expect(agent.workers).toHaveLength(1);
    expect(data.orchestrator?.status).toBe('healthy');
    expect(data.rca?.description).toMatch(/root cause/i);
  });

  it('maps settings statuses and offers restart only for in-process agents', async () => {
    const { data } = Statuses.parse(await get('/api/settings/agents/status'));
    const byId = new Map(data.agents.map((a) => [a.agent_id, a]));
    expect(byId.get('anomaly_detector')).toMatchObject({
      status: 'healthy',
      restart_available: true,
    });
    expect(byId.get('orchestrator')).toMatchObject({ restart_available: true });
  });

  it('reports the product status from live health: the core pipeline runs', async () => {
    const status = ProductStatus.parse(await get('/api/vigil/status'));
    expect(status).toMatchObject({ vigil_agents_running: true, status: 'online' });
  });

  it('summarises the dashboard with the ingest rate over the last minute', async () => {
    const records = Array.from({ length: 120 }, (_, i) => ({
      id: `r${i}`,
      time: app.clock.now(),
      observedTime: app.clock.now(),
      severityNumber: 9,
      severityText: 'INFO',
      body: 'ok',
      component: 'web',
      resource: {},
      attributes: {},
      traceId: null,
      spanId: null,
    }));
    await app.bus.publish<LogBatch>(
      'records.logs',
      { records, receivedAt: app.clock.now() },
      records.length,
    );
    await app.bus.drain();
    app.clock.advance(1_000);
    const { data } = Overview.parse(await get('/api/dashboard/overview'));
    const running = Object.values(Agents.parse(await get('/api/agents')).data).filter(
      (a) => a.status === 'healthy',
    ).length;
    expect(data).toMatchObject({
      agents_total: 7,
      agents_healthy: running,
      open_incidents: 0,
      anomalies_24h: 0,
      nodes: 0,
    });
    expect(data.ingest_rate).toBeGreaterThan(0);
    app.clock.advance(120_000);
    expect(Overview.parse(await get('/api/dashboard/overview')).data.ingest_rate).toBe(0);
  });

  it('turns a blocked agent unhealthy, then offline, and the flags follow', async () => {
    app.health.anomaly_detector?.beat(app.clock.now());
    expect(Agents.parse(await get('/api/agents')).data.anomaly_detector?.status).toBe('healthy');
    // The fake clock moves and the loop does not beat: exactly what a blocked loop looks like.
    app.clock.advance(20_000);
    let agents = Agents.parse(await get('/api/agents')).data;
    expect(agents.anomaly_detector?.status).toBe('unhealthy');
    let statuses = Statuses.parse(await get('/api/settings/agents/status')).data.agents;
    expect(statuses.find((a) => a.agent_id === 'anomaly_detector')?.status).toBe('unhealthy');
    expect(Overview.parse(await get('/api/dashboard/overview')).data.agents_healthy).toBe(0);
    expect(ProductStatus.parse(await get('/api/vigil/status'))).toMatchObject({
      vigil_agents_running: false,
      status: 'offline',
    });

    app.clock.advance(60_000);
    agents = Agents.parse(await get('/api/agents')).data;
    expect(agents.anomaly_detector?.status).toBe('offline');
    statuses = Statuses.parse(await get('/api/settings/agents/status')).data.agents;
    expect(statuses.find((a) => a.agent_id === 'anomaly_detector')?.status).toBe('offline');

    // The loop beats again: healthy, and the flags come back.
    app.health.anomaly_detector?.beat(app.clock.now());
    expect(Agents.parse(await get('/api/agents')).data.anomaly_detector?.status).toBe('healthy');
    expect(ProductStatus.parse(await get('/api/vigil/status')).status).toBe('degraded');
  });

  it('writes heartbeat rows for in-process agents', async () => {
    await app.agentRegistry.writeHeartbeats(app.store.agentStatus);
    const rows = await app.store.agentStatus.list();
    expect(rows.map((r) => r.agentId)).toEqual(
      expect.arrayContaining(['anomaly_detector', 'orchestrator']),
    );
  });
});
