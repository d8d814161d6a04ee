import type { OpenIncident } from './incident-state';

/** One anomaly placement (server clock), remembered for the enrichment pass. */
export interface Placement {
  anomalyId: string;
  incidentId: number;
  component: string;
  traceId: string | null;
  at: number;
}

/** Placements kept at most, whatever the lookback (memory stays flat under a flood). */
export const MAX_PLACEMENTS = 10_000;

/**
 * **Pure.** Anomalies placed in *another* incident strictly after `after` (the incident's last
 * analysis hand-off) and not before `since` (the lookback) that share a trace id or a component
 * with `incident`: evidence its last analysis could not see.
 */
export function relatedEvidence(
  incident: Pick<OpenIncident, 'id' | 'traceIds' | 'components'>,
  placements: readonly Placement[],
  after: number,
  since: number,
): Placement[] {
  const traces = new Set(incident.traceIds);
  const components = new Set(incident.components);
  return placements.filter(
    (placement) =>
      placement.incidentId !== incident.id &&
      placement.at > after &&
      placement.at >= since &&
      ((placement.traceId !== null && traces.has(placement.traceId)) ||
        components.has(placement.component)),
  );
}

/** The recent placements, oldest first, bounded by count and pruned by time. */
export function createPlacementLog(max = MAX_PLACEMENTS) {
  let placements: Placement[] = [];
  return {
    add(placement: Placement): void {
      placements.push(placement);
      if (placements.length > max) placements = placements.slice(-max);
    },
    /** Forgets placements before `since`; returns those left. */
    since(since: number): readonly Placement[] {
      const first = placements.findIndex((placement) => placement.at >= since);
      placements = first === -1 ? [] : placements.slice(first);
      return placements;
    },
  };
}
