import type { Bus } from '../../bus/bus';
import type { DetectedAnomaly, IncidentChangedMessage } from '../../bus/messages';
import { toIso, type Clock } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import { toMs } from '../../store/time';
import { closeIncident, rewriteIncidentEvents } from './close-incident';
import { decideGrouping, quietIncidents, type DependsOn } from './grouping-rules';
import { incidentPatch, restoreIncident } from './incident-persistence';
import {
  MAX_OPEN_INCIDENTS,
  absorb,
  openWith,
  type GroupingEvent,
  type OpenIncident,
} from './incident-state';
import { changeMessage } from './incident-summary';
import type { OrchestratorConfig } from './orchestrator-config';
import { buildOrchestratorData, demoted } from './orchestrator-data';

export interface IncidentBookDeps {
  store: Store;
  bus: Bus;
  clock: Clock;
  config: () => OrchestratorConfig;
  dependsOn: DependsOn;
}

/** The open incidents and every change to them; callers run one operation at a time. */
export interface IncidentBook {
  restore(): Promise<void>;
  /** Places a batch of events, writes their blocks and the incident rows, announces the changes. */
  placeBatch(items: readonly DetectedAnomaly[]): Promise<void>;
  closeQuiet(): Promise<number>;
  close(incidentId: number, reason: string): Promise<void>;
  setRootComponent(incidentId: number, root: string): Promise<void>;
  /** Components with an open incident; a new set only when it changes. */
  components(): ReadonlySet<string>;
}

const toEvent = (item: DetectedAnomaly): GroupingEvent => ({
  anomalyId: item.anomaly.id,
  component: item.anomaly.context.component,
  templateId: item.templateId,
  template: item.template,
  traceId: item.anomaly.context.trace_id,
  severity: item.anomaly.severity,
  eventTime: toMs(item.anomaly.timestamp),
});

export function createIncidentBook(deps: IncidentBookDeps): IncidentBook {
  const { store, bus, clock, config } = deps;
  const open = new Map<number, OpenIncident>();
  let components: ReadonlySet<string> = new Set();

  const refreshComponents = (): void => {
    const next = new Set<string>();
    for (const incident of open.values()) for (const c of incident.components) next.add(c);
    const same = next.size === components.size && [...next].every((c) => components.has(c));
    if (!same) components = next;
  };

  const close = async (incident: OpenIncident, reason: string): Promise<void> => {
    open.delete(incident.id);
    refreshComponents();
    await closeIncident({ store, bus }, incident, clock.now(), reason);
  };

  /** Memory stays bounded: past the cap the least recently active incident closes. */
  const evictOverCapacity = async (): Promise<void> => {
    while (open.size >= MAX_OPEN_INCIDENTS) {
      const oldest = [...open.values()].reduce((a, b) =>
        a.lastActivityAt <= b.lastActivityAt ? a : b,
      );
      await close(oldest, `capacity: more than ${MAX_OPEN_INCIDENTS} open incidents`);
    }
  };

  const demote = async (anomalyId: string, byId: string, now: number): Promise<void> => {
    const previous = await store.anomalies.get(anomalyId);
    if (previous?.orchestrator_data)
      await store.anomalies.update(anomalyId, {
        orchestrator_data: demoted(previous.orchestrator_data, byId, now),
      });
  };

  /** Places one event; returns the incident it landed in and whether that incident is new. */
  const place = async (item: DetectedAnomaly, cfg: OrchestratorConfig) => {
    const now = clock.now();
    const event = toEvent(item);
    const decision = decideGrouping([...open.values()], event, cfg, deps.dependsOn);
    let incident: OpenIncident;
    let previousPrimaryId: string | null = null;
    if (decision.kind === 'open') {
      const row = await store.incidents.create({
        openedAt: now,
        rootComponent: event.component,
        traceId: event.traceId,
        impactScope: [event.component],
      });
      await evictOverCapacity();
      incident = openWith(row.id, event, now, decision.rule);
    } else {
      const current = open.get(decision.incidentId);
      if (!current) throw new Error(`incident ${decision.incidentId} is not open`);
      previousPrimaryId = current.primary?.anomalyId ?? null;
      incident = absorb(current, event, now, decision.becomesPrimary);
      if (decision.rule === 'burst') incident = { ...incident, detectionMethod: 'burst' };
    }
    open.set(incident.id, incident);
    const input = { item, incident, decision, previousPrimaryId, config: cfg, now };
    await store.anomalies.update(item.anomaly.id, {
      orchestrator_data: buildOrchestratorData(input),
    });
    if (decision.kind === 'join' && decision.becomesPrimary && previousPrimaryId)
      await demote(previousPrimaryId, item.anomaly.id, now);
    return { incident, opened: decision.kind === 'open' };
  };

  const placeBatch = async (items: readonly DetectedAnomaly[]): Promise<void> => {
    const cfg = config();
    const touched = new Map<number, { opened: boolean; anomalyIds: string[] }>();
    for (const item of items) {
      const { incident, opened } = await place(item, cfg);
      const entry = touched.get(incident.id) ?? { opened, anomalyIds: [] };
      entry.anomalyIds.push(item.anomaly.id);
      touched.set(incident.id, entry);
    }
    refreshComponents();
    // Row first, then the message: the audit writer and collaborator read the row.
    for (const [id, entry] of touched) {
      const incident = open.get(id);
      if (!incident) continue;
      await store.incidents.update(id, incidentPatch(incident, cfg.coalesce_window_seconds));
      await bus.publish<IncidentChangedMessage>(
        'incidents.changed',
        changeMessage(incident, entry.opened ? 'opened' : 'event_added', entry.anomalyIds),
      );
    }
  };

  /** An analysis named the root: the row and every event's block follow (only when it changed). */
  const setRootComponent = async (incidentId: number, root: string): Promise<void> => {
    const incident = open.get(incidentId);
    if (!incident || incident.rootComponent === root) return;
    const now = clock.now();
    const next = { ...incident, rootComponent: root, updatedAt: now };
    open.set(next.id, next);
    await store.incidents.update(next.id, incidentPatch(next, config().coalesce_window_seconds));
    await rewriteIncidentEvents(store, next.id, (data) => ({
      ...data,
      root_component: root,
      updated_at: toIso(now),
    }));
  };

  return {
    async restore() {
      open.clear();
      for (const row of await store.incidents.listOpen(MAX_OPEN_INCIDENTS))
        open.set(row.id, restoreIncident(row));
      refreshComponents();
    },
    placeBatch,
    async closeQuiet() {
      const cfg = config();
      const quiet = quietIncidents([...open.values()], clock.now(), cfg);
      for (const incident of quiet)
        await close(incident, `quiet period: no new event for ${cfg.quiet_period_seconds}s`);
      return quiet.length;
    },
    async close(incidentId, reason) {
      const incident = open.get(incidentId);
      if (incident) await close(incident, reason);
    },
    setRootComponent,
    components: () => components,
  };
}
