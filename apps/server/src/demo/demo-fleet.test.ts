import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionListBody,
  AgentSettings,
  Anomaly,
  envelope,
  ExecutionListBody,
  IncidentStack,
  listEnvelope,
} from '@vigil/contract';
import { createApp, type VigilApp } from '../app';
import { DEFAULT_EXECUTOR_CONFIG, type ExecutorConfig } from '../agents/executor/executor-config';
import { startDemoFleet, type DemoFleet } from './demo-fleet';
import { FAULTS } from './fault-catalogue';

/**
 * The closed loop on the demo fleet: a fresh Vigil on a real socket, the fleet reporting to it
 * over OTLP/HTTP (twelve minutes of healthy history fast-forwarded, then live traffic), and each
 * fault injected through the control endpoint in turn. Vigil must find it, fix it through the
 * runbook the fleet seeded, verify the recovery and close the incident.
 */
const Stacks = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));
const AnomalyBody = envelope(Anomaly);
const ExecutorSettings = envelope(AgentSettings);

const EXPECTED_ACTION: Record<string, string> = {
  'db-pool-exhaustion': 'Terminate idle PostgreSQL connections',
  'cache-node-down': 'Restart Redis cache node',
  'bad-deploy': 'Roll back the latest release',
  'downstream-latency': 'Scale out a saturated service',
  'disk-full': 'Free disk space on object storage',
  'expired-certificate': 'Renew auth TLS certificate',
};

describe('the demo fleet closes the loop for every fault', () => {
  let app: VigilApp;
  let fleet: DemoFleet;
  let dataDir = '';
  let base = '';
  const fleetLog: string[] = [];
  const config: ExecutorConfig = {
    ...DEFAULT_EXECUTOR_CONFIG,
    auto_execute: true,
    approval_required: false,
    allowlist: ['127.0.0.1'],
    verification_window_seconds: 4,
  };

  const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> =>
    schema.parse(await (await fetch(`${base}${path}`)).json());
  const stacks = async (): Promise<IncidentStack[]> =>
    (await get('/api/anomalies?group_by_incident=true&page_size=250', Stacks)).data.anomalies;
  const poll = async <T>(what: string, probe: () => Promise<T | null>, ms = 45_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const value = await probe();
      if (value !== null) return value;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${what} did not happen within ${ms} ms; fleet said:\n${fleetLog.join('\n')}`);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-demo-'));
    app = await createApp({
      store: { kind: 'sqlite', dataDir },
      bindHost: '127.0.0.1',
      apiToken: null,
      allowedHosts: [],
      webDistDir: null,
      architectureFile: null,
      // The executor settings the fleet seeds are checked below; the config given here only adds a
      // short verification window, so six closed loops fit in a minute.
      executor: { config: () => config },
    });
    base = await app.http.listen({ host: '127.0.0.1', port: 0 });
    fleet = await startDemoFleet({
      serverUrl: base,
      token: null,
      speed: 1,
      fault: null,
      controlPort: 0,
      schedule: null,
      log: (line) => fleetLog.push(line),
      tickMs: 400,
      seed: 20_260_301,
    });
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds its runbook and executor settings, and raises nothing while healthy', async () => {
    const actions = await get('/api/executor/actions?limit=1000', ActionListBody);
    expect(actions.actions.map((a) => a.name)).toEqual(
      expect.arrayContaining(Object.values(EXPECTED_ACTION)),
    );
    for (const action of actions.actions)
      expect(action.template_command.url.startsWith(fleet.controlOrigin)).toBe(true);
    const executorSettings = (await get('/api/settings/agents/executor', ExecutorSettings)).data
      .values;
    expect(executorSettings['safety_validation.host_allowlist']).toContain(
      new URL(fleet.controlOrigin).host,
    );
    expect(executorSettings['agents.executor.auto_execute']).toBe(true);
    expect(executorSettings['agents.executor.approval_required']).toBe(false);
    await fleet.flush();
    await app.bus.drain();
    expect(await stacks()).toEqual([]);
  });

  for (const fault of FAULTS) {
    it(`${fault.name}: one incident rooted at ${fault.root}, fixed, verified and closed`, async () => {
      const before = new Set((await stacks()).map((stack) => stack.incident_id));
      const injected = await fetch(`${fleet.controlOrigin}/faults/${fault.name}`, {
        method: 'POST',
      });
      expect(injected.status).toBe(201);

      const execution = await poll(`a successful action for ${fault.name}`, async () => {
        const { executions } = await get('/api/executor/executions?limit=100', ExecutionListBody);
        return (
          executions.find(
            (run) =>
              run.status === 'success' && run.incident_id !== null && !before.has(run.incident_id),
          ) ?? null
        );
      });
      expect(execution.action_name).toBe(EXPECTED_ACTION[fault.name]);
      expect(fleet.state.active()).toEqual([]);

      const closed = await poll(`incident #${execution.incident_id} closing`, async () => {
        const found = (await stacks()).find((s) => s.incident_id === execution.incident_id);
        return found?.incident_status === 'closed' ? found : null;
      });
      expect(closed.root_component).toBe(fault.root);
      const fresh = (await stacks()).filter((stack) => !before.has(stack.incident_id));
      expect(fresh.map((stack) => stack.incident_id)).toEqual([execution.incident_id]);

      const top = (await get(`/api/anomalies/${closed.top_event_id}`, AnomalyBody)).data;
      expect(top.rca_data?.root_component).toBe(fault.root);
      expect(top.rca_data?.evidence.some((item) => item.component === fault.root)).toBe(true);
      const verified = (
        await get(`/api/executor/executions?limit=100`, ExecutionListBody)
      ).executions.find((run) => run.id === execution.id);
      expect(verified?.verification).toBe('recovered');
    }, 60_000);
  }
});
