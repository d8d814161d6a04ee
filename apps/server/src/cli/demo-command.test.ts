import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { Anomaly, envelope, ExecutionListBody, IncidentStack, listEnvelope } from '@vigil/contract';

const bin = fileURLToPath(new URL('../../bin/vigil.js', import.meta.url));

const AgentsBody = envelope(
  z.object({ agents: z.array(z.object({ agent_id: z.string(), status: z.string() })) }),
);
const GraphBody = envelope(
  z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        metrics: z.object({ request_rate: z.number(), cpu_usage: z.number().nullable() }),
      }),
    ),
    edges: z.array(z.unknown()),
  }),
);
const Stacks = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));
const AnomalyBody = envelope(Anomaly);

/** What a new user sees: `vigil demo` on a fresh data dir, checked through the public API. */
describe('vigil demo from a fresh data dir', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';
  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows healthy agents, the service graph with metrics, anomalies and an analysed incident within 60 s, then fixes it', async () => {
    const started = Date.now();
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-demo-cli-'));
    const process_ = spawn(
      process.execPath,
      [bin, 'demo', '--port', '0', '--data-dir', dataDir, '--demo-control-port', '0'],
      {
        env: { ...process.env, VIGIL_WEB_DIST: join(dataDir, 'no-console') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = process_;
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      process_.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Vigil listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      process_.once('exit', (code) => reject(new Error(`vigil demo exited (${code}): ${output}`)));
    });
    const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> =>
      schema.parse(await (await fetch(`${base}${path}`)).json());

    let seen = '';
    let analysed: Anomaly | null = null;
    while (Date.now() - started < 60_000 && analysed === null) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const agents = (await get('/api/settings/agents/status', AgentsBody)).data.agents;
      const graph = (await get('/api/architecture/visualization', GraphBody)).data;
      const stacks = (await get('/api/anomalies?group_by_incident=true', Stacks)).data.anomalies;
      seen = `${agents.filter((a) => a.status === 'healthy').length} healthy agents, ${graph.nodes.length} nodes, ${stacks.length} incidents`;
      const top = stacks[0];
      if (
        agents.length !== 7 ||
        agents.some((a) => a.status !== 'healthy') ||
        graph.nodes.length < 12 ||
        graph.nodes.some((n) => n.metrics.request_rate <= 0 || n.metrics.cpu_usage === null) ||
        !top
      )
        continue;
      const event = (await get(`/api/anomalies/${top.top_event_id}`, AnomalyBody)).data;
      if (event.rca_data && event.remediation_data) analysed = event;
    }
    expect(analysed, `after 60 s: ${seen}\n${output}`).not.toBeNull();
    expect(analysed?.rca_data?.root_component).toBeTruthy();
    expect(analysed?.rca_data?.evidence.length).toBeGreaterThan(0);

    // The seeded runbook and executor settings let Vigil fix it on its own.
    let executed: string | null = null;
    while (Date.now() - started < 85_000 && executed === null) {
      const { executions } = await get('/api/executor/executions', ExecutionListBody);
      executed =
        executions.find((run) => run.status === 'success' && run.triggered_by === 'executor:auto')
          ?.action_name ?? null;
      if (executed === null) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(executed, output).not.toBeNull();
  }, 110_000);
});
