import { afterEach, describe, expect, it } from 'vitest';
import { Anomaly as AnomalySchema, IncidentStack, listEnvelope } from '@vigil/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { IncidentChangedMessage } from '../../bus/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createFakeClock } from '../../shared/clock';
import { makeCall } from '../../topology/test-spans';
import { DEFAULT_ORCHESTRATOR_CONFIG, type OrchestratorConfig } from './orchestrator-config';
import { detect } from './orchestrator-test-kit';

const StackPage = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));
const AnomalyPage = listEnvelope(z.object({ anomalies: z.array(AnomalySchema) }));
const S = 1_000;
const CONFIG: OrchestratorConfig = {
  ...DEFAULT_ORCHESTRATOR_CONFIG,
  dedup_window_seconds: 60,
  coalesce_window_seconds: 30,
  quiet_period_seconds: 600,
};

let apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(
  options: { dataDir?: string; clock?: ReturnType<typeof createFakeClock> } = {},
) {
  const app = await createTestApp({ ...options, orchestrator: { config: () => CONFIG } });
  apps.push(app);
  const changes: IncidentChangedMessage[] = [];
  app.bus.subscribe<IncidentChangedMessage>('incidents.changed', 'test', (m) => {
    changes.push(m);
  });
  return { app, changes };
}

const stacks = async (app: TestApp) =>
  StackPage.parse(
    (await app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })).json(),
  ).data.anomalies;

const incidentEvents = async (app: TestApp, incidentId: number) =>
  AnomalyPage.parse(
    (
      await app.http.inject({
        method: 'GET',
        url: `/api/anomalies?incident_id=${incidentId}&include_suppressed=true`,
      })
    ).json(),
  ).data.anomalies;

describe('orchestrator agent through the bus', () => {
  it('groups a failing database and its callers into one incident, and an unrelated error into another', async () => {
    const { app, changes } = await start();
    const [db] = await detect(app, [
      { component: 'postgres', templateId: 't-db', traceId: 'trace-1' },
      { component: 'orders', templateId: 't-orders', traceId: 'trace-1', offsetMs: 2 * S },
      { component: 'orders', templateId: 't-orders', traceId: 'trace-2', offsetMs: 5 * S },
      { component: 'search', templateId: 't-search', offsetMs: 3 * S, traceId: 'trace-9' },
    ]);
    const list = await stacks(app);
    expect(list).toHaveLength(2);
    const dbStack = list.find((s) => s.root_component === 'postgres');
    expect(dbStack).toMatchObject({
      count_total: 3,
      count_suppressed: 2,
      top_event_id: db?.id,
      incident_status: 'open',
      trace_id: 'trace-1',
    });
    const events = await incidentEvents(app, dbStack?.incident_id ?? 0);
    const byRule = Object.fromEntries(
      events.map((e) => [e.orchestrator_data?.detection_method, e.orchestrator_data]),
    );
    expect(byRule.trace_coalesce?.reason).toMatch(/shares trace trace-1/);
    expect(byRule.dedup?.suppression_reason).toMatch(/duplicate/);
    expect(byRule.new_incident).toMatchObject({
      event_is_primary: true,
      suppression_reason: null,
      impact_scope: ['postgres'],
    });
    expect(byRule.dedup?.impact_scope).toEqual(['postgres', 'orders']);
    expect(byRule.dedup?.data.source_agent.name).toBe('orchestrator');
    expect(changes.filter((c) => c.change === 'opened')).toHaveLength(2);
    const opened = changes.find((c) => c.incidentId === dbStack?.incident_id);
    expect(opened?.incident).toMatchObject({
      components: ['postgres', 'orders'],
      traceIds: ['trace-1', 'trace-2'],
      primaryAnomalyId: db?.id,
    });
    const audit = await app.store.audit.list({ page: 1, pageSize: 50 });
    expect(audit.items.filter((e) => e.type === 'incident_opened')).toHaveLength(2);
  });

  it('coalesces callers of a failing component through the service graph the app hands in', async () => {
    const { app } = await start();
    app.topology.foldSpans(
      makeCall('orders', 'postgres', null, { at: app.clock.now() - 5 * S, ms: 20 }),
    );
    await detect(app, [
      { component: 'postgres', templateId: 't-db' },
      { component: 'orders', templateId: 't-orders', offsetMs: 3 * S },
      { component: 'search', templateId: 't-search', offsetMs: 3 * S },
    ]);
    const list = await stacks(app);
    expect(list).toHaveLength(2);
    const events = await incidentEvents(
      app,
      list.find((s) => s.root_component === 'postgres')?.incident_id ?? 0,
    );
    expect(events.map((e) => e.orchestrator_data?.detection_method).sort()).toEqual([
      'dependency_coalesce',
      'new_incident',
    ]);
    // Topology is fed the open incident's components: its nodes are at best degraded.
    const nodes = app.topology.visualization('auto', 'layer').nodes;
    expect(nodes.find((n) => n.id === 'postgres')?.status).toBe('degraded');
  });

  it('closes after the quiet period and opens a new incident for a later duplicate', async () => {
    const { app, changes } = await start();
    await detect(app, [{ component: 'cache', templateId: 't-cache' }]);
    const [first] = await stacks(app);
    app.clock.advance(600 * S);
    await detect(app, [{ component: 'cache', templateId: 't-cache', offsetMs: -590 * S }]);
    const list = await stacks(app);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.incident_id === first?.incident_id)?.incident_status).toBe('closed');
    const closedEvents = await incidentEvents(app, first?.incident_id ?? 0);
    expect(closedEvents[0]?.orchestrator_data).toMatchObject({ incident_status: 'closed' });
    expect(closedEvents[0]?.orchestrator_data?.closed_at).not.toBeNull();
    expect(changes.find((c) => c.change === 'closed')?.reason).toMatch(/quiet period/);
  });

  it('closes an incident when its remediation is verified', async () => {
    const { app } = await start();
    await detect(app, [{ component: 'api', templateId: 't-api' }]);
    const [stack] = await stacks(app);
    await app.bus.publish<IncidentChangedMessage>('incidents.changed', {
      incidentId: stack?.incident_id ?? 0,
      change: 'verified',
    });
    await app.bus.drain();
    expect((await stacks(app))[0]?.incident_status).toBe('closed');
    const audit = await app.store.audit.list({ page: 1, pageSize: 50 });
    expect(audit.items.some((e) => e.type === 'incident_closed')).toBe(true);
  });

  it('makes a later, more severe event primary and demotes the first', async () => {
    const { app } = await start();
    const [low, critical] = await detect(app, [
      { component: 'api', templateId: 't-api', severity: 'medium' },
      { component: 'api', templateId: 't-api', severity: 'critical', offsetMs: S },
    ]);
    const [stack] = await stacks(app);
    expect(stack).toMatchObject({
      top_event_id: critical?.id,
      count_total: 2,
      count_suppressed: 1,
    });
    const demotedLow = await app.store.anomalies.get(low?.id ?? '');
    expect(demotedLow?.orchestrator_data?.suppression_reason).toMatch(/superseded/);
  });

  it('accepts a root cause update', async () => {
    const { app } = await start();
    await detect(app, [{ component: 'orders', templateId: 't-o' }]);
    const [stack] = await stacks(app);
    await app.bus.publish<IncidentChangedMessage>('incidents.changed', {
      incidentId: stack?.incident_id ?? 0,
      change: 'root_cause',
      rootComponent: 'postgres',
    });
    await app.bus.drain();
    expect((await stacks(app))[0]?.root_component).toBe('postgres');
    const [event] = await incidentEvents(app, stack?.incident_id ?? 0);
    expect(event?.orchestrator_data?.root_component).toBe('postgres');
  });

  it('restores open incidents at start, so a duplicate after a restart joins', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-orch-'));
    dirs.push(dataDir);
    const clock = createFakeClock(Date.UTC(2026, 2, 1, 12));
    const first = await start({ dataDir, clock });
    await detect(first.app, [{ component: 'queue', templateId: 't-q' }]);
    apps = apps.filter((a) => a !== first.app);
    await first.app.dispose();
    const second = await start({ dataDir, clock });
    await detect(second.app, [{ component: 'queue', templateId: 't-q', offsetMs: 10 * S }]);
    const list = await stacks(second.app);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ count_total: 2, count_suppressed: 1 });
  });
});
