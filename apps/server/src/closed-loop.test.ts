import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry, IncidentStack, listEnvelope } from '@vigil/contract';
import { startLocalTarget, type LocalTarget } from './agents/shared/safe-http/local-target';
import { createExecutorKit, type ExecutorKit } from './testing/executor-kit';

const Stacks = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));

function logs(
  component: string,
  lines: { body: string; severity: number }[],
  startMs: number,
): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: component } }] },
        scopeLogs: [
          {
            logRecords: lines.map((line, i) => ({
              timeUnixNano: `${startMs + i * 50}000000`,
              severityNumber: line.severity,
              body: { stringValue: line.body },
            })),
          },
        ],
      },
    ],
  });
}

/** detect → incident → RCA → remediation → auto-execution → verification → incident closed. */
describe('the closed loop', () => {
  let kit: ExecutorKit;
  let target: LocalTarget;
  beforeEach(async () => {
    kit = await createExecutorKit(['127.0.0.1']);
    target = await startLocalTarget();
  });
  afterEach(async () => {
    await target.close();
    await kit.app.dispose();
  });

  const ingest = async (
    component: string,
    lines: { body: string; severity: number }[],
    startMs: number,
  ) => {
    const response = await kit.app.http.inject({
      method: 'POST',
      url: '/v1/logs',
      headers: { 'content-type': 'application/json' },
      payload: logs(component, lines, startMs),
    });
    expect(response.statusCode).toBe(200);
    await kit.idle();
  };

  it('runs the matched action automatically and closes the incident once recovery is verified', async () => {
    kit.config.auto_execute = true;
    kit.config.approval_required = false;
    const action = await kit.createAction({
      url: `${target.origin}/cleanup`,
      name: 'Free disk space on storage',
      description: 'Removes old segments on the storage node when the disk is full',
      tags: ['disk', 'storage', 'cleanup'],
      keywords: ['no space left', 'disk full'],
    });
    const now = kit.app.clock.now();
    const normal = Array.from({ length: 120 }, (_, i) => ({
      body: `stored segment ${i} of ${i * 7} bytes`,
      severity: 9,
    }));
    await ingest('storage', normal, now - 600_000);
    await ingest(
      'storage',
      [{ body: 'ERROR write failed: no space left on device /var/lib/data', severity: 17 }],
      now - 1_000,
    );

    const stacks = Stacks.parse(
      (
        await kit.app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })
      ).json(),
    );
    expect(stacks.data.anomalies).toHaveLength(1);
    const incidentId = stacks.data.anomalies[0]?.incident_id ?? 0;

    const execution = await kit.eventually(async () => {
      const page = await kit.app.store.executions.list({ limit: 10, actionId: action.id });
      return page.items.find(
        (item) => item.incident_id === incidentId && item.status === 'success',
      );
    });
    expect(target.requests.map((request) => request.url)).toEqual(['/cleanup']);
    expect(execution.triggered_by).not.toBe('');

    kit.timers.fireAll();
    await kit.idle();
    const incident = await kit.eventually(async () => {
      const row = await kit.app.store.incidents.get(incidentId);
      return row?.status === 'closed' ? row : null;
    });
    expect(incident.closedAt).not.toBeNull();
    expect((await kit.executionFor(execution.id)).verification).toBe('recovered');
    const closedStacks = Stacks.parse(
      (
        await kit.app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })
      ).json(),
    );
    expect(closedStacks.data.anomalies[0]?.incident_status).toBe('closed');
    const trail = (
      await kit.app.http.inject({
        method: 'GET',
        url: '/api/audit/trail?event_type=incident_closed',
      })
    ).json();
    const closed = z.array(AuditEntry).parse(trail.data.audit_entries);
    expect(closed.map((entry) => entry.incident_id)).toContain(incidentId);
  });
});
