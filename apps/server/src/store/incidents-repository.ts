import type { IncidentStatus } from '@vigil/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, IncidentsTable } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson, type JsonObject } from './json';
import { inTransaction } from './transaction';

/**
 * An incident as the orchestrator keeps it. Times are epoch ms. The counters, last event time and
 * top event are maintained by the anomalies repository as events are stored.
 */
export interface Incident {
  id: number;
  status: IncidentStatus;
  openedAt: number;
  updatedAt: number;
  closedAt: number | null;
  /** Event time of the newest event; the grouped list's time filter. */
  lastEventTime: number;
  rootComponent: string | null;
  traceId: string | null;
  countTotal: number;
  countSuppressed: number;
  topEventId: string | null;
  impactScope: string[];
  /** Everything else the orchestrator wants kept (coalesce window, detection method, reasons...). */
  details: JsonObject;
}

export interface NewIncident {
  openedAt: number;
  rootComponent: string | null;
  traceId: string | null;
  impactScope?: string[];
  details?: JsonObject;
}

export type IncidentPatch = Partial<
  Pick<
    Incident,
    | 'status'
    | 'updatedAt'
    | 'closedAt'
    | 'rootComponent'
    | 'traceId'
    | 'topEventId'
    | 'impactScope'
    | 'details'
  >
>;

export interface IncidentsRepository {
  create(input: NewIncident): Promise<Incident>;
  get(id: number): Promise<Incident | null>;
  update(id: number, patch: IncidentPatch): Promise<Incident | null>;
  /** Open incidents, most recently updated first. */
  listOpen(limit?: number): Promise<Incident[]>;
  close(id: number, closedAt: number): Promise<Incident | null>;
  countOpen(): Promise<number>;
}

interface IncidentDoc {
  impactScope: string[];
  details: JsonObject;
}

const DEFAULT_OPEN_LIMIT = 1_000;

function toIncident(row: Selectable<IncidentsTable>): Incident {
  const doc = fromJson<IncidentDoc>(row.doc);
  return {
    id: row.id,
    status: row.status,
    openedAt: row.opened_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    lastEventTime: row.last_event_time,
    rootComponent: row.root_component,
    traceId: row.trace_id,
    countTotal: row.count_total,
    countSuppressed: row.count_suppressed,
    topEventId: row.top_event_id,
    impactScope: doc.impactScope,
    details: doc.details,
  };
}

export function createIncidentsRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): IncidentsRepository {
  return {
    create: (input) => createIncident(db, input),
    get: async (id) => {
      const row = await db
        .selectFrom('incidents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toIncident(row) : null;
    },
    update: (id, patch) => mutateIncident(db, dialect, id, () => patch),
    listOpen: async (limit = DEFAULT_OPEN_LIMIT) => {
      const rows = await db
        .selectFrom('incidents')
        .selectAll()
        .where('status', '=', 'open')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toIncident);
    },
    close: (id, closedAt) =>
      mutateIncident(db, dialect, id, (current) => ({
        status: 'closed',
        closedAt,
        updatedAt: Math.max(current.updatedAt, closedAt),
      })),
    countOpen: async () => {
      const row = await db
        .selectFrom('incidents')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

async function createIncident(db: Kysely<Database>, input: NewIncident): Promise<Incident> {
  const doc: IncidentDoc = { impactScope: input.impactScope ?? [], details: input.details ?? {} };
  const row = await db
    .insertInto('incidents')
    .values({
      status: 'open',
      opened_at: input.openedAt,
      updated_at: input.openedAt,
      last_event_time: input.openedAt,
      root_component: input.rootComponent,
      trace_id: input.traceId,
      count_total: 0,
      count_suppressed: 0,
      doc: toJson(doc),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIncident(row);
}

/** Read-modify-write under a row lock; never touches the counters the event inserts keep. */
function mutateIncident(
  db: Kysely<Database>,
  dialect: StoreDialect,
  id: number,
  change: (current: Incident) => IncidentPatch,
): Promise<Incident | null> {
  return inTransaction(db, async (trx) => {
    const row = await dialect
      .forUpdate(trx.selectFrom('incidents').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!row) return null;
    const current = toIncident(row);
    const next: Incident = { ...current, ...change(current) };
    const doc: IncidentDoc = { impactScope: next.impactScope, details: next.details };
    await trx
      .updateTable('incidents')
      .set({
        status: next.status,
        updated_at: next.updatedAt,
        closed_at: next.closedAt,
        root_component: next.rootComponent,
        trace_id: next.traceId,
        top_event_id: next.topEventId,
        doc: toJson(doc),
      })
      .where('id', '=', id)
      .execute();
    return next;
  });
}
