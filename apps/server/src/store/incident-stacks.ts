import type { AnomalyStatus, IncidentStack, IncidentStatus, Severity } from '@vigil/contract';
import type { Kysely } from 'kysely';
import { toIso } from '../shared/clock';
import type { Database } from './database';
import { pageWindow, type Page } from './paging';

export interface IncidentStackQuery {
  /** Only incidents whose newest event (event time) is at or after this, epoch ms; null for all. */
  sinceMs: number | null;
  page: number;
  pageSize: number;
  /**
   * true: counts cover every event, suppressed included. false: only primary events count
   * (count_total = primaries, count_suppressed = 0) and incidents without one are left out.
   */
  includeSuppressed: boolean;
}

/**
 * One row per incident, newest first by updated_at. The incidents table carries each stack's counts
 * and top event, so nothing aggregates anomalies: the page of ids is cut from the covering index
 * `incidents_list_idx` alone and only that page is joined to its top anomaly.
 */
export async function listIncidentStacks(
  db: Kysely<Database>,
  query: IncidentStackQuery,
): Promise<Page<IncidentStack>> {
  const total = await countStacks(db, query);
  const window = pageWindow(total, query);
  if (!window) return { items: [], total };
  const direction = window.descending ? 'desc' : 'asc';
  const pageIds = visibleIncidents(db, query)
    .select(['id', 'updated_at'])
    .orderBy('updated_at', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .offset(window.offset);
  const rows = await db
    .selectFrom(pageIds.as('page'))
    .innerJoin('incidents as i', 'i.id', 'page.id')
    .innerJoin('anomalies as a', 'a.id', 'i.top_event_id')
    .select([
      'i.id as incident_id',
      'i.status as incident_status',
      'i.opened_at',
      'i.updated_at',
      'i.root_component',
      'i.trace_id',
      'i.count_total',
      'i.count_suppressed',
      'a.id as top_event_id',
      'a.message',
      'a.component',
      'a.severity',
      'a.status',
      'a.event_time',
      'a.env',
      'a.layer',
      'a.is_primary',
    ])
    // Ordered by the page's own columns: ordering by i's would tempt SQLite to walk all of incidents.
    .orderBy('page.updated_at', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return { items: rows.map((row) => toIncidentStack(row, query.includeSuppressed)), total };
}

function visibleIncidents(db: Kysely<Database>, query: IncidentStackQuery) {
  const matching = db
    .selectFrom('incidents')
    .where((eb) =>
      query.includeSuppressed
        ? eb('count_total', '>', 0)
        : eb('count_total', '>', eb.ref('count_suppressed')),
    );
  return query.sinceMs === null ? matching : matching.where('last_event_time', '>=', query.sinceMs);
}

async function countStacks(db: Kysely<Database>, query: IncidentStackQuery): Promise<number> {
  if (query.sinceMs !== null) {
    const { total } = await visibleIncidents(db, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
  // Hidden: no event yet, or (primaries only) no primary event. The range on count_total lets
  // SQLite answer from the small partial index incidents_hidden_idx.
  const hidden = db
    .selectFrom('incidents')
    .where((eb) => eb('count_total', '=', eb.ref('count_suppressed')))
    .where('count_total', query.includeSuppressed ? '=' : '>=', 0);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('incidents')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('all_incidents'),
      hidden.select((inner) => inner.fn.countAll<number>().as('n')).as('hidden_incidents'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.all_incidents) - Number(row.hidden_incidents);
}

interface StackRow {
  incident_id: number;
  incident_status: IncidentStatus;
  opened_at: number;
  updated_at: number;
  root_component: string | null;
  trace_id: string | null;
  count_total: number;
  count_suppressed: number;
  top_event_id: string;
  message: string;
  component: string;
  severity: Severity;
  status: AnomalyStatus;
  event_time: number;
  env: string;
  layer: string;
  is_primary: number | boolean;
}

function toIncidentStack(row: StackRow, includeSuppressed: boolean): IncidentStack {
  return {
    incident_id: row.incident_id,
    top_event_id: row.top_event_id,
    top_event_message: row.message,
    top_event_component: row.component,
    top_event_severity: row.severity,
    top_event_status: row.status,
    top_event_timestamp: toIso(row.event_time),
    top_event_meta: { env: row.env, layer: row.layer },
    top_event_is_primary: Boolean(row.is_primary),
    root_component: row.root_component,
    trace_id: row.trace_id,
    opened_at: toIso(row.opened_at),
    updated_at: toIso(row.updated_at),
    incident_status: row.incident_status,
    count_total: includeSuppressed ? row.count_total : row.count_total - row.count_suppressed,
    count_suppressed: includeSuppressed ? row.count_suppressed : 0,
  };
}
