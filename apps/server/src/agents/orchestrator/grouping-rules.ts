import type { OrchestratorConfig } from './orchestrator-config';
import {
  distanceToSpan,
  outranksPrimary,
  type GroupingEvent,
  type OpenIncident,
} from './incident-state';
import { templateSimilarity } from './template-similarity';

/** Which rule placed an event; also its `detection_method`. */
export type GroupingRule =
  | 'new_incident'
  | 'dedup'
  | 'trace_coalesce'
  | 'burst'
  | 'similarity'
  | 'component_coalesce'
  | 'dependency_coalesce';

export type GroupingDecision =
  | { kind: 'open'; rule: 'new_incident'; reason: string }
  | {
      kind: 'join';
      rule: Exclude<GroupingRule, 'new_incident'>;
      incidentId: number;
      /** In words: why the event joined this incident. */
      reason: string;
      /** The event outranks the incident's primary (more severe, or as severe and earlier). */
      becomesPrimary: boolean;
    };

/** `a` depends on `b` in the service graph (a calls b). */
export type DependsOn = (a: string, b: string) => boolean;

interface Match {
  rule: Exclude<GroupingRule, 'new_incident'>;
  reason: string;
}

type Rule = (
  incident: OpenIncident,
  event: GroupingEvent,
  config: OrchestratorConfig,
  dependsOn: DependsOn,
) => Match | null;

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10}s`;

/** Same component + template inside the dedup window (inclusive) of a remembered event. */
const dedup: Rule = (incident, event, config) => {
  const windowMs = config.dedup_window_seconds * 1_000;
  let nearest: number | null = null;
  for (const seen of incident.recent) {
    if (seen.component !== event.component || seen.templateId !== event.templateId) continue;
    const gap = Math.abs(event.eventTime - seen.eventTime);
    if (gap <= windowMs && (nearest === null || gap < nearest)) nearest = gap;
  }
  if (nearest === null) return null;
  return {
    rule: 'dedup',
    reason: `duplicate: ${event.component} logged the same message template ${seconds(nearest)} away, inside the ${config.dedup_window_seconds}s dedup window`,
  };
};

const withinCoalesce = (incident: OpenIncident, event: GroupingEvent, config: OrchestratorConfig) =>
  distanceToSpan(incident, event.eventTime) <= config.coalesce_window_seconds * 1_000;

const trace: Rule = (incident, event, config) =>
  event.traceId !== null &&
  incident.traceIds.includes(event.traceId) &&
  withinCoalesce(incident, event, config)
    ? {
        rule: 'trace_coalesce',
        reason: `coalesced: shares trace ${event.traceId} with this incident, inside the ${config.coalesce_window_seconds}s coalesce window`,
      }
    : null;

/** Similar = same template, or token similarity at or above the threshold, inside the burst window. */
const burst: Rule = (incident, event, config) => {
  const windowMs = config.burst_window_seconds * 1_000;
  let similar = 0;
  for (const seen of incident.recent) {
    if (Math.abs(event.eventTime - seen.eventTime) > windowMs) continue;
    const same = seen.templateId === event.templateId;
    if (same || templateSimilarity(seen.template, event.template) >= config.similarity_threshold)
      similar += 1;
  }
  if (similar === 0) return null;
  const total = similar + 1;
  return total >= config.burst_threshold
    ? {
        rule: 'burst',
        reason: `burst: ${total} similar events within ${config.burst_window_seconds}s (burst threshold ${config.burst_threshold})`,
      }
    : {
        rule: 'similarity',
        reason: `similar: matches ${similar} similar event(s) within ${config.burst_window_seconds}s (similarity ≥ ${config.similarity_threshold}; ${total} of ${config.burst_threshold} for a burst)`,
      };
};

const dependency: Rule = (incident, event, config, dependsOn) => {
  if (!withinCoalesce(incident, event, config)) return null;
  if (incident.components.includes(event.component))
    return {
      rule: 'component_coalesce',
      reason: `coalesced: ${event.component} already has events in this incident, inside the ${config.coalesce_window_seconds}s coalesce window`,
    };
  for (const other of incident.components) {
    const calls = dependsOn(event.component, other);
    if (!calls && !dependsOn(other, event.component)) continue;
    const edge = calls
      ? `${event.component} depends on ${other}`
      : `${other} depends on ${event.component}`;
    return {
      rule: 'dependency_coalesce',
      reason: `coalesced: ${edge} in the service graph, inside the ${config.coalesce_window_seconds}s coalesce window`,
    };
  }
  return null;
};

/** Rules in priority order: the first rule any open incident matches decides. */
export const RULES: readonly Rule[] = [dedup, trace, burst, dependency];

/**
 * Where one event goes, given the open incidents (closed ones are never passed in, so they never
 * absorb). Pure: no clock, no store. Among incidents matching the same rule, the one whose events
 * are nearest in event time wins, then the most recently active.
 */
export function decideGrouping(
  incidents: readonly OpenIncident[],
  event: GroupingEvent,
  config: OrchestratorConfig,
  dependsOn: DependsOn,
): GroupingDecision {
  for (const rule of RULES) {
    let best: { incident: OpenIncident; match: Match } | null = null;
    for (const incident of incidents) {
      const match = rule(incident, event, config, dependsOn);
      if (match && (!best || closer(incident, best.incident, event.eventTime)))
        best = { incident, match };
    }
    if (best)
      return {
        kind: 'join',
        rule: best.match.rule,
        incidentId: best.incident.id,
        reason: best.match.reason,
        becomesPrimary: outranksPrimary(best.incident, event),
      };
  }
  return {
    kind: 'open',
    rule: 'new_incident',
    reason: `new incident: no open incident shares its trace, template or dependent components within the configured windows`,
  };
}

function closer(a: OpenIncident, b: OpenIncident, time: number): boolean {
  const diff = distanceToSpan(a, time) - distanceToSpan(b, time);
  return diff < 0 || (diff === 0 && a.lastActivityAt > b.lastActivityAt);
}

/** Words for a secondary event's `suppression_reason`. */
export function suppressionReason(
  decision: GroupingDecision,
  primaryId: string | null,
): string | null {
  if (decision.kind === 'open' || decision.becomesPrimary) return null;
  const of = primaryId ? ` of primary event ${primaryId}` : '';
  return decision.rule === 'dedup'
    ? `Suppressed as a duplicate${of}: ${decision.reason}`
    : `Secondary event${of}: ${decision.reason}`;
}

/** Incidents whose quiet period (server clock, since their last absorbed event) has passed. */
export function quietIncidents(
  incidents: readonly OpenIncident[],
  now: number,
  config: OrchestratorConfig,
): OpenIncident[] {
  const quietMs = config.quiet_period_seconds * 1_000;
  return incidents.filter((incident) => now - incident.lastActivityAt >= quietMs);
}
