import type { Anomaly, IncidentStack } from '@vigil/contract';
import type { Insertable, Kysely } from 'kysely';
import type { AnomaliesTable, Database } from './database';
import type { StoreDialect } from './dialect';
import { addEventsToIncidents, recountIncident, type IncidentEvent } from './incident-counters';
import { listIncidentStacks, type IncidentStackQuery } from './incident-stacks';
import { chunk, pageWindow, type Page } from './paging';
import { fromJson, toJson } from './json';
import { toMs } from './time';
import { inTransaction } from './transaction';

/** Columns the document does not carry. */
export interface AnomalyColumns {
  templateId: string | null;
  /** When the store first saw the event (the caller's clock), epoch ms; also bumps its incident's updated_at. */
  createdAt: number;
}

export interface AnomalyListQuery {
  /** Event-time lower bound, epoch ms; null for all time. */
  sinceMs: number | null;
  page: number;
  pageSize: number;
  includeSuppressed: boolean;
  incidentId?: number;
}

export type AnomalyPatch = Partial<Omit<Anomaly, 'id'>>;

export interface AnomaliesRepository {
  /** Stores the event and adds it to its incident's counters (orchestrator_data.incident_id). */
  insert(anomaly: Anomaly, columns: AnomalyColumns): Promise<void>;
  /**
   * Bulk form of insert: one transaction, multi-row statements. An id already stored is skipped
   * (a redelivered record stores once); returns the ids to announce: those inserted, plus those
   * stored earlier but still in no incident (their first delivery died before announcing them).
   */
  insertMany(
    items: ReadonlyArray<{ anomaly: Anomaly; columns: AnomalyColumns }>,
  ): Promise<string[]>;
  /** Shallow-merges top-level blocks into the stored document; null when the id is unknown. */
  update(id: string, patch: AnomalyPatch): Promise<Anomaly | null>;
  get(id: string): Promise<Anomaly | null>;
  /** Newest first by event time. */
  list(query: AnomalyListQuery): Promise<Page<Anomaly>>;
  listIncidentStacks(query: IncidentStackQuery): Promise<Page<IncidentStack>>;
  /** Anomalies whose event time is at or after `sinceMs`. */
  countSince(sinceMs: number): Promise<number>;
}

/**
 * Ids of items already stored by an earlier delivery but never placed in an incident: the process
 * that stored them died before announcing them, so the redelivery must announce them again.
 */
async function unplaced(
  trx: Kysely<Database>,
  items: ReadonlyArray<{ anomaly: Anomaly }>,
  inserted: ReadonlySet<string>,
): Promise<string[]> {
  const existing = items.map(({ anomaly }) => anomaly.id).filter((id) => !inserted.has(id));
  const found: string[] = [];
  for (const batch of chunk(existing, INSERT_BATCH)) {
    const rows = await trx
      .selectFrom('anomalies')
      .select('id')
      .where('id', 'in', batch)
      .where('incident_id', 'is', null)
      .execute();
    for (const row of rows) found.push(row.id);
  }
  return found;
}

// 16 columns a row keeps one statement well under SQLite's 32766 bound parameters.
const INSERT_BATCH = 500;

function toRow(
  anomaly: Anomaly,
  columns: AnomalyColumns,
  dialect: StoreDialect,
): Insertable<AnomaliesTable> {
  const orchestrator = anomaly.orchestrator_data;
  return {
    id: anomaly.id,
    event_time: toMs(anomaly.timestamp),
    created_at: columns.createdAt,
    severity: anomaly.severity,
    status: anomaly.status,
    component: anomaly.context.component,
    template_id: columns.templateId,
    trace_id: anomaly.context.trace_id ?? orchestrator?.trace_id ?? null,
    incident_id: orchestrator?.incident_id ?? null,
    // An event outside any incident stands for itself.
    is_primary: dialect.bool(orchestrator?.event_is_primary ?? true),
    score: anomaly.score,
    message: anomaly.description,
    env: anomaly.display_meta.env,
    layer: anomaly.display_meta.layer,
    doc: toJson(anomaly),
  };
}

const incidentEvent = (anomaly: Anomaly, createdAt: number): IncidentEvent | null =>
  anomaly.orchestrator_data
    ? {
        id: anomaly.id,
        incidentId: anomaly.orchestrator_data.incident_id,
        isPrimary: anomaly.orchestrator_data.event_is_primary,
        eventTime: toMs(anomaly.timestamp),
        createdAt,
      }
    : null;

/** Counts each stored event once, even when a batch repeats an id (only its first copy was stored). */
function newEvents(
  items: ReadonlyArray<{ anomaly: Anomaly; columns: AnomalyColumns }>,
  inserted: ReadonlySet<string>,
): IncidentEvent[] {
  const counted = new Set<string>();
  const events: IncidentEvent[] = [];
  for (const { anomaly, columns } of items) {
    if (!inserted.has(anomaly.id) || counted.has(anomaly.id)) continue;
    counted.add(anomaly.id);
    const event = incidentEvent(anomaly, columns.createdAt);
    if (event) events.push(event);
  }
  return events;
}

export function createAnomaliesRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): AnomaliesRepository {
  const insertMany: AnomaliesRepository['insertMany'] = (items) =>
    inTransaction(db, async (trx) => {
      const inserted = new Set<string>();
      for (const batch of chunk(items, INSERT_BATCH)) {
        const rows = batch.map(({ anomaly, columns }) => toRow(anomaly, columns, dialect));
        const returned = await trx
          .insertInto('anomalies')
          .values(rows)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .execute();
        for (const row of returned) inserted.add(row.id);
      }
      await addEventsToIncidents(trx, dialect, newEvents(items, inserted));
      return [...inserted, ...(await unplaced(trx, items, inserted))];
    });

  return {
    insert: async (anomaly, columns) => {
      await insertMany([{ anomaly, columns }]);
    },
    insertMany,
    update: (id, patch) => updateAnomaly(db, dialect, id, patch),
    get: async (id) => {
      const row = await db
        .selectFrom('anomalies')
        .select('doc')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? fromJson<Anomaly>(row.doc) : null;
    },
    list: (query) => listAnomalies(db, dialect, query),
    listIncidentStacks: (query) => listIncidentStacks(db, query),
    countSince: async (sinceMs) => {
      const row = await db
        .selectFrom('anomalies')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('event_time', '>=', sinceMs)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

function updateAnomaly(
  db: Kysely<Database>,
  dialect: StoreDialect,
  id: string,
  patch: AnomalyPatch,
) {
  return inTransaction(db, async (trx): Promise<Anomaly | null> => {
    const current = await dialect
      .forUpdate(trx.selectFrom('anomalies').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!current) return null;
    const next: Anomaly = { ...fromJson<Anomaly>(current.doc), ...patch, id };
    const row = toRow(
      next,
      { templateId: current.template_id, createdAt: current.created_at },
      dialect,
    );
    await trx.updateTable('anomalies').set(row).where('id', '=', id).execute();
    const moved =
      row.incident_id !== current.incident_id ||
      Boolean(row.is_primary) !== Boolean(current.is_primary) ||
      row.event_time !== current.event_time;
    if (moved) {
      const affected = new Set(
        [current.incident_id, row.incident_id].filter((value) => typeof value === 'number'),
      );
      for (const incidentId of [...affected].sort((a, b) => a - b))
        await recountIncident(trx, dialect, incidentId);
    }
    return next;
  });
}

async function listAnomalies(
  db: Kysely<Database>,
  dialect: StoreDialect,
  query: AnomalyListQuery,
): Promise<Page<Anomaly>> {
  let matching = db.selectFrom('anomalies');
  if (query.sinceMs !== null) matching = matching.where('event_time', '>=', query.sinceMs);
  if (!query.includeSuppressed) matching = matching.where('is_primary', '=', dialect.bool(true));
  if (query.incidentId !== undefined)
    matching = matching.where('incident_id', '=', query.incidentId);
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const window = pageWindow(Number(total), query);
  if (!window) return { items: [], total: Number(total) };
  const direction = window.descending ? 'desc' : 'asc';
  // Cut the page from the index first; only the page's documents are read.
  const pageIds = matching
    .select(['id', 'event_time'])
    .orderBy('event_time', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .offset(window.offset);
  const rows = await db
    .selectFrom(pageIds.as('page'))
    .innerJoin('anomalies as a', 'a.id', 'page.id')
    .select('a.doc')
    // By the page's columns: ordering by a's would tempt SQLite to walk the whole table.
    .orderBy('page.event_time', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return { items: rows.map((row) => fromJson<Anomaly>(row.doc)), total: Number(total) };
}
