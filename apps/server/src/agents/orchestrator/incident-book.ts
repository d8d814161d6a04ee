import type { Bus } from '../../bus/bus';
import type { DetectedAnomaly, IncidentChangedMessage } from '../../bus/messages';
import { toIso, type Clock } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import type { Repositories } from '../../store/repositories';
import { toMs } from '../../store/time';
import { closeIncident, rewriteIncidentEvents } from './close-incident';
import { createPlacementLog, relatedEvidence } from './enrichment';
import { decideGrouping, quietIncidents, type DependsOn } from './grouping-rules';
import { incidentPatch, openIncidentWithFirstEvent, restoreIncident } from './incident-persistence';
import { absorb, openWith, type GroupingEvent, type OpenIncident } from './incident-state';
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
  /**
   * Asks again for the analysis (`event_added` with no new anomaly) of every open incident that
   * related anomalies reached after its last hand-off; returns their ids.
   */
  enrich(): Promise<number[]>;
  /**
   * Drops incidents closed outside this orchestrator (row no longer open) and closes the least
   * recently active ones past `max_history`; returns how many left memory.
   */
  cleanUp(): Promise<number>;
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
  // Server clock of each open incident's last analysis hand-off (opened / event_added).
  const handedOffAt = new Map<number, number>();
  const placements = createPlacementLog();
  let components: ReadonlySet<string> = new Set();

  const refreshComponents = (): void => {
    const next = new Set<string>();
    for (const incident of open.values()) for (const c of incident.components) next.add(c);
    const same = next.size === components.size && [...next].every((c) => components.has(c));
    if (!same) components = next;
  };

  const forget = (id: number): void => {
    open.delete(id);
    handedOffAt.delete(id);
  };

  const close = async (incident: OpenIncident, reason: string): Promise<void> => {
    forget(incident.id);
    refreshComponents();
    await closeIncident({ store, bus }, incident, clock.now(), reason);
  };

  /** Memory stays bounded: past `max_history` (less `room`) the least recently active incident closes. */
  const evictOverCapacity = async (room: number): Promise<number> => {
    const max = config().max_history;
    let closed = 0;
    while (open.size > 0 && open.size > max - room) {
      const oldest = [...open.values()].reduce((a, b) =>
        a.lastActivityAt <= b.lastActivityAt ? a : b,
      );
      await close(oldest, `capacity: more than ${max} open incidents`);
      closed += 1;
    }
    return closed;
  };

  const demote = async (
    repositories: Repositories,
    anomalyId: string,
    byId: string,
    now: number,
  ): Promise<void> => {
    const previous = await repositories.anomalies.get(anomalyId);
    if (previous?.orchestrator_data)
      await repositories.anomalies.update(anomalyId, {
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
      incident = await openIncidentWithFirstEvent(store, {
        row: {
          openedAt: now,
          rootComponent: event.component,
          traceId: event.traceId,
          impactScope: [event.component],
        },
        anomalyId: item.anomaly.id,
        opened: (id) => openWith(id, event, now, decision.rule),
        block: (opened) =>
          buildOrchestratorData({
            item,
            incident: opened,
            decision,
            previousPrimaryId,
            config: cfg,
            now,
          }),
        coalesceWindowSeconds: cfg.coalesce_window_seconds,
      });
      await evictOverCapacity(1);
    } else {
      const current = open.get(decision.incidentId);
      if (!current) throw new Error(`incident ${decision.incidentId} is not open`);
      previousPrimaryId = current.primary?.anomalyId ?? null;
      incident = absorb(current, event, now, decision.becomesPrimary);
      if (decision.rule === 'burst') incident = { ...incident, detectionMethod: 'burst' };
      const block = buildOrchestratorData({
        item,
        incident,
        decision,
        previousPrimaryId,
        config: cfg,
        now,
      });
      const supersedes = decision.becomesPrimary ? previousPrimaryId : null;
      // The event's block and the demotion of the primary it supersedes land together.
      await store.transaction(async (tx) => {
        await tx.anomalies.update(item.anomaly.id, { orchestrator_data: block });
        if (supersedes) await demote(tx, supersedes, item.anomaly.id, now);
      });
    }
    // Memory follows the store: only what was committed is remembered.
    open.set(incident.id, incident);
    placements.add({
      anomalyId: event.anomalyId,
      incidentId: incident.id,
      component: event.component,
      traceId: event.traceId,
      at: now,
    });
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
      handedOffAt.set(id, clock.now());
    }
  };

  const enrich = async (): Promise<number[]> => {
    const now = clock.now();
    const since = now - config().enrichment_lookback_seconds * 1_000;
    const recent = placements.since(since);
    const enriched: number[] = [];
    for (const incident of [...open.values()]) {
      const after = handedOffAt.get(incident.id) ?? incident.openedAt;
      const related = relatedEvidence(incident, recent, after, since);
      if (related.length === 0) continue;
      const ids = related.map((placement) => placement.anomalyId);
      await bus.publish<IncidentChangedMessage>('incidents.changed', {
        ...changeMessage(incident, 'event_added', []),
        reason: `enrichment: ${ids.length} related anomalies arrived since the last analysis (${ids.slice(0, 5).join(', ')})`,
      });
      handedOffAt.set(incident.id, now);
      enriched.push(incident.id);
    }
    return enriched;
  };

  const cleanUp = async (): Promise<number> => {
    let dropped = 0;
    for (const id of [...open.keys()]) {
      const row = await store.incidents.get(id);
      if (row?.status === 'open') continue;
      forget(id);
      dropped += 1;
    }
    if (dropped > 0) refreshComponents();
    return dropped + (await evictOverCapacity(0));
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
      handedOffAt.clear();
      for (const row of await store.incidents.listOpen(config().max_history)) {
        // Left by a version that opened incidents and placed their first event in separate writes.
        if (row.countTotal === 0) {
          await store.incidents.close(row.id, clock.now());
          continue;
        }
        open.set(row.id, restoreIncident(row));
        handedOffAt.set(row.id, clock.now());
      }
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
    enrich,
    cleanUp,
    components: () => components,
  };
}
