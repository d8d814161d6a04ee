import type { OrchestratorData } from '@vigil/contract';
import type { Bus } from '../../bus/bus';
import type { IncidentChangedMessage } from '../../bus/messages';
import { toIso } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import type { OpenIncident } from './incident-state';
import { summarise } from './incident-summary';

/** Events re-written per page when an incident closes: large incidents close in bounded steps. */
export const CLOSE_PAGE_SIZE = 500;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Marks every event of the incident closed (paged, yielding between pages so HTTP stays
 * responsive), closes the row, then announces it. The row closes after the events so the grouped
 * list and the events never disagree for long, and a crash mid-way leaves the row open to retry.
 */
export async function closeIncident(
  deps: { store: Store; bus: Bus },
  incident: OpenIncident,
  closedAt: number,
  reason: string,
): Promise<void> {
  const closedIso = toIso(closedAt);
  await rewriteIncidentEvents(deps.store, incident.id, (data) =>
    data.incident_status === 'closed'
      ? null
      : {
          ...data,
          incident_status: 'closed',
          closed_at: closedIso,
          updated_at: closedIso,
          data: { ...data.data, notes: [...data.data.notes, `incident closed: ${reason}`] },
        },
  );
  await deps.store.incidents.close(incident.id, closedAt);
  const message: IncidentChangedMessage = {
    incidentId: incident.id,
    change: 'closed',
    incident: summarise(
      { ...incident, updatedAt: Math.max(incident.updatedAt, closedAt) },
      closedAt,
    ),
    reason,
  };
  await deps.bus.publish('incidents.changed', message);
}

/**
 * Rewrites the `orchestrator_data` of every event of an incident, a page at a time (yielding
 * between pages, so HTTP stays responsive while a large incident changes). `change` answers null
 * to leave an event as it is. Pages walk newest-first; rewrites never move events between pages.
 */
export async function rewriteIncidentEvents(
  store: Store,
  incidentId: number,
  change: (data: OrchestratorData) => OrchestratorData | null,
): Promise<void> {
  for (let page = 1; ; page += 1) {
    const { items } = await store.anomalies.list({
      sinceMs: null,
      page,
      pageSize: CLOSE_PAGE_SIZE,
      includeSuppressed: true,
      incidentId,
    });
    for (const anomaly of items) {
      const next = anomaly.orchestrator_data ? change(anomaly.orchestrator_data) : null;
      if (next) await store.anomalies.update(anomaly.id, { orchestrator_data: next });
    }
    if (items.length < CLOSE_PAGE_SIZE) break;
    await yieldToEventLoop();
  }
}
