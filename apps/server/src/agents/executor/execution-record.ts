import type { ApprovedAction, Execution, RenderedRequest } from '@vigil/contract';
import { monotonicFactory } from 'ulid';
import type { Bus } from '../../bus/bus';
import type { ExecutionChange, ExecutionChangedMessage } from '../../bus/messages';
import { toIso } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import type { ParameterValue } from './render-template';

const newId = monotonicFactory();

export interface NewExecutionInput {
  action: ApprovedAction;
  incidentId: number | null;
  anomalyEventId: string | null;
  status: Execution['status'];
  dryRun: boolean;
  request: RenderedRequest;
  triggeredBy: string;
  nowMs: number;
}

export function newExecution(input: NewExecutionInput): Execution {
  return {
    id: newId(input.nowMs),
    action_id: input.action.id,
    action_name: input.action.name,
    incident_id: input.incidentId,
    anomaly_event_id: input.anomalyEventId,
    status: input.status,
    dry_run: input.dryRun,
    request: input.request,
    response_status: null,
    retry_count: 0,
    duration_seconds: null,
    error_message: null,
    triggered_by: input.triggeredBy,
    approved_by: null,
    verification: 'not_applicable',
    created_at: toIso(input.nowMs),
    started_at: null,
    finished_at: null,
  };
}

/** A redelivered analysis or a double click runs once: (incident, action) is the key. */
export const idempotencyKey = (incidentId: number | null, actionId: string): string | undefined =>
  incidentId === null ? undefined : `incident:${incidentId}:action:${actionId}`;

/** The services an execution touches: the incident's components and any named in the parameters. */
export async function affectedServices(
  store: Store,
  incidentId: number | null,
  parameters: Record<string, ParameterValue>,
): Promise<string[]> {
  const services = new Set<string>();
  if (incidentId !== null) {
    const incident = await store.incidents.get(incidentId);
    if (incident?.rootComponent) services.add(incident.rootComponent);
    for (const component of incident?.impactScope ?? []) services.add(component);
  }
  for (const key of ['component', 'service', 'service_name']) {
    const value = parameters[key];
    if (typeof value === 'string' && value.trim() !== '') services.add(value.trim());
  }
  return [...services];
}

export async function publishExecution(
  bus: Bus,
  execution: Execution,
  change: ExecutionChange,
  affected: string[],
  by: string | null = null,
): Promise<void> {
  const message: ExecutionChangedMessage = { execution, change, affectedServices: affected, by };
  await bus.publish('executions.changed', message);
}
