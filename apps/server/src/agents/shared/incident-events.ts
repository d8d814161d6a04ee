import type { Anomaly } from '@vigil/contract';
import type { AnomalyPatch } from '../../store/anomalies-repository';
import type { Repositories } from '../../store/repositories';

/** Most events one analysis reads: a huge incident is analysed from its newest events. */
export const MAX_ANALYSED_EVENTS = 500;
const PAGE = 250;
/** Updates in flight at once, so a large incident does not flood the store. */
const WRITE_BATCH = 50;

type StoreSlice = Pick<Repositories, 'anomalies'>;
type IncidentStoreSlice = Pick<Repositories, 'anomalies' | 'incidents'>;

/**
 * The incident's events (suppressed ones too), newest first, at most `max`; its primary (top)
 * event is always among them, even when a huge incident's newest events would push it out.
 */
export async function loadIncidentEvents(
  store: IncidentStoreSlice,
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
  const events = out.slice(0, max);
  const topId = (await store.incidents.get(incidentId))?.topEventId ?? null;
  if (topId === null || events.some((event) => event.id === topId)) return events;
  const top = await store.anomalies.get(topId);
  return top ? [top, ...events.slice(0, max - 1)] : events;
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
      ordered
        .slice(start, start + WRITE_BATCH)
        .map((event) => store.anomalies.update(event.id, patch)),
    );
  }
}

/** Incidents whose last written block is remembered; the oldest is forgotten first. */
const REMEMBERED_INCIDENTS = 1_000;

export interface BlockWriter {
  /**
   * Writes `patch` onto the events that lack it: all of them when the block changed since the
   * last write for this incident, else only events not written yet. A growing incident re-analysed
   * on every new event thus costs one write per new event, not one per event per analysis.
   */
  write(incidentId: number, events: readonly Anomaly[], patch: AnomalyPatch): Promise<number>;
}

export function createBlockWriter(store: () => StoreSlice | null): BlockWriter {
  const last = new Map<number, { key: string; written: Set<string> }>();
  return {
    async write(incidentId, events, patch) {
      const target = store();
      if (!target) return 0;
      const key = JSON.stringify(patch);
      const previous = last.get(incidentId);
      const same = previous?.key === key;
      const pending = same ? events.filter((event) => !previous.written.has(event.id)) : events;
      await writeAnalysisBlock(target, pending, patch);
      const written = same ? previous.written : new Set<string>();
      for (const event of pending) written.add(event.id);
      last.delete(incidentId);
      last.set(incidentId, { key, written });
      if (last.size > REMEMBERED_INCIDENTS) {
        const oldest = last.keys().next().value;
        if (oldest !== undefined) last.delete(oldest);
      }
      return pending.length;
    },
  };
}

/** The event the executor should attribute an action to: the primary, else the newest. */
export const primaryEvent = (events: readonly Anomaly[]): Anomaly | undefined =>
  events.find((event) => event.orchestrator_data?.event_is_primary) ?? events[0];
