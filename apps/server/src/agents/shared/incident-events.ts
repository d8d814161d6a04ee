import type { Anomaly } from '@vigil/contract';
import type { AnomalyPatch } from '../../store/anomalies-repository';
import type { Repositories } from '../../store/repositories';

/** Most events one analysis reads: a huge incident is analysed from its newest events. */
export const MAX_ANALYSED_EVENTS = 500;
const PAGE = 250;
/** Updates in flight at once, so a large incident does not flood the store. */
const WRITE_BATCH = 50;

type StoreSlice = Pick<Repositories, 'anomalies'>;

/** The incident's events (suppressed ones too), newest first, at most `max`. */
export async function loadIncidentEvents(
  store: StoreSlice,
  incidentId: number,
  max = MAX_ANALYSED_EVENTS,
): Promise<Anomaly[]> {
  const out: Anomaly[] = [];
  for (let page = 1; out.length < max; page += 1) {
    const { items, total } = await store.anomalies.list({
      sinceMs: null,
      page,
      pageSize: PAGE,
      includeSuppressed: true,
      incidentId,
    });
    out.push(...items);
    if (items.length < PAGE || out.length >= total) break;
  }
  return out.slice(0, max);
}

/**
 * Writes one analysis block onto every given event, in bounded batches. The primary event comes
 * first so the console's main view fills before the rest.
 */
export async function writeAnalysisBlock(
  store: StoreSlice,
  events: readonly Anomaly[],
  patch: AnomalyPatch,
): Promise<void> {
  const ordered = [...events].sort(
    (a, b) =>
      Number(b.orchestrator_data?.event_is_primary ?? false) -
      Number(a.orchestrator_data?.event_is_primary ?? false),
  );
  for (let start = 0; start < ordered.length; start += WRITE_BATCH) {
    await Promise.all(
      ordered.slice(start, start + WRITE_BATCH).map((event) => store.anomalies.update(event.id, patch)),
    );
  }
}

/** The event the executor should attribute an action to: the primary, else the newest. */
export const primaryEvent = (events: readonly Anomaly[]): Anomaly | undefined =>
  events.find((event) => event.orchestrator_data?.event_is_primary) ?? events[0];
