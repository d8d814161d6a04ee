import type { ActionStats, Execution, ExecutionStatus } from '@vigil/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson } from './json';
import type { Page } from './paging';
import { toMs } from './time';
import { inTransaction } from './transaction';

export interface ExecutionListQuery {
  limit: number;
  offset?: number;
  anomalyEventId?: string;
  actionId?: string;
  incidentId?: number;
  status?: ExecutionStatus;
  /** created_at lower bound, epoch ms (rate-limit windows). */
  sinceMs?: number;
}

export type ExecutionPatch = Partial<Omit<Execution, 'id'>>;

export interface UpdateOptions {
  leaseUntil?: number;
  onlyFrom?: readonly ExecutionStatus[];
}

export interface ExecutionsRepository {
  /**
   * With an idempotency key already used, nothing is written and the earlier execution comes back
   * with created false: a redelivered request runs once.
   */
  insert(
    execution: Execution,
    options?: { idempotencyKey?: string; leaseUntil?: number },
  ): Promise<{ created: boolean; execution: Execution }>;
  /**
   * `leaseUntil` (epoch ms) sets the deadline of a pending or running execution; a patch to any
   * other status drops the lease. With `onlyFrom`, nothing changes (null) unless the stored status
   * is one of those: a run that finishes after being failed as interrupted leaves it failed.
   */
  update(id: string, patch: ExecutionPatch, options?: UpdateOptions): Promise<Execution | null>;
  /**
   * Fails the pending or running (non-dry) executions whose runner died: every one when `everyRun`
   * (the only executor is starting), else those whose lease ended before `nowMs` or that have none.
   * Returns the executions it changed.
   */
  failInterrupted(options: {
    nowMs: number;
    everyRun: boolean;
    patch: ExecutionPatch;
  }): Promise<Execution[]>;
  get(id: string): Promise<Execution | null>;
  getByIdempotencyKey(key: string): Promise<Execution | null>;
  /** Newest first by created_at. */
  list(query: ExecutionListQuery): Promise<Page<Execution>>;
  /** Per action, over finished (success, failed, timeout) runs that were not dry runs. */
  statsByAction(): Promise<Array<z.infer<typeof ActionStats>>>;
}

const toRow = (execution: Execution, dialect: StoreDialect) => ({
  id: execution.id,
  action_id: execution.action_id,
  action_name: execution.action_name,
  incident_id: execution.incident_id,
  anomaly_event_id: execution.anomaly_event_id,
  status: execution.status,
  dry_run: dialect.bool(execution.dry_run),
  duration_seconds: execution.duration_seconds,
  verification: execution.verification,
  created_at: toMs(execution.created_at),
  doc: toJson(execution),
});

const FINISHED: ExecutionStatus[] = ['success', 'failed', 'timeout'];
/** Admitted and not finished: what a lease covers. */
const IN_PROGRESS: ExecutionStatus[] = ['pending', 'running'];

export function createExecutionsRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): ExecutionsRepository {
  const getBy = async (column: 'id' | 'idempotency_key', value: string) => {
    const row = await db
      .selectFrom('executions')
      .select('doc')
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? fromJson<Execution>(row.doc) : null;
  };

  return {
    insert: (execution, options = {}) =>
      insertExecution(db, dialect, execution, options.idempotencyKey ?? null, options.leaseUntil),
    update: (id, patch, options = {}) =>
      updateExecution(db, dialect, id, patch, options.leaseUntil, (current) =>
        options.onlyFrom === undefined ? true : options.onlyFrom.includes(current.status),
      ),
    failInterrupted: ({ nowMs, everyRun, patch }) =>
      inTransaction(db, async (trx) => {
        let query = trx
          .selectFrom('executions')
          .leftJoin('execution_leases', 'execution_leases.execution_id', 'executions.id')
          .select('executions.id')
          .where('executions.status', 'in', IN_PROGRESS)
          .where('executions.dry_run', '=', dialect.bool(false));
        if (!everyRun)
          query = query.where((eb) =>
            eb.or([
              eb('execution_leases.lease_until', 'is', null),
              eb('execution_leases.lease_until', '<', nowMs),
            ]),
          );
        const failed: Execution[] = [];
        for (const { id } of await query.orderBy('executions.id').execute()) {
          const next = await updateExecution(trx, dialect, id, patch, undefined, (current) =>
            IN_PROGRESS.includes(current.status),
          );
          if (next) failed.push(next);
        }
        return failed;
      }),
    get: (id) => getBy('id', id),
    getByIdempotencyKey: (key) => getBy('idempotency_key', key),
    list: (query) => listExecutions(db, query),
    statsByAction: () => statsByAction(db, dialect),
  };
}

/** Read-modify-write under a row lock; null when the id is unknown or `applies` says no. */
function updateExecution(
  db: Kysely<Database>,
  dialect: StoreDialect,
  id: string,
  patch: ExecutionPatch,
  leaseUntil: number | undefined,
  applies: (current: Execution) => boolean,
): Promise<Execution | null> {
  return inTransaction(db, async (trx) => {
    const row = await dialect
      .forUpdate(trx.selectFrom('executions').select('doc').where('id', '=', id))
      .executeTakeFirst();
    if (!row) return null;
    const current = fromJson<Execution>(row.doc);
    if (!applies(current)) return null;
    const next: Execution = { ...current, ...patch, id };
    await trx.updateTable('executions').set(toRow(next, dialect)).where('id', '=', id).execute();
    if (!IN_PROGRESS.includes(next.status))
      await trx.deleteFrom('execution_leases').where('execution_id', '=', id).execute();
    else if (leaseUntil !== undefined) await setLease(trx, id, leaseUntil);
    return next;
  });
}

async function setLease(trx: Kysely<Database>, id: string, leaseUntil: number): Promise<void> {
  await trx
    .insertInto('execution_leases')
    .values({ execution_id: id, lease_until: leaseUntil })
    .onConflict((oc) => oc.column('execution_id').doUpdateSet({ lease_until: leaseUntil }))
    .execute();
}

function insertExecution(
  db: Kysely<Database>,
  dialect: StoreDialect,
  execution: Execution,
  key: string | null,
  leaseUntil: number | undefined,
): Promise<{ created: boolean; execution: Execution }> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('executions')
      .values({ ...toRow(execution, dialect), idempotency_key: key })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted || key === null) {
      if (leaseUntil !== undefined && IN_PROGRESS.includes(execution.status))
        await setLease(trx, execution.id, leaseUntil);
      return { created: true, execution };
    }
    const existing = await trx
      .selectFrom('executions')
      .select('doc')
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    return { created: false, execution: fromJson<Execution>(existing.doc) };
  });
}

async function listExecutions(
  db: Kysely<Database>,
  query: ExecutionListQuery,
): Promise<Page<Execution>> {
  let matching = db.selectFrom('executions');
  if (query.anomalyEventId !== undefined)
    matching = matching.where('anomaly_event_id', '=', query.anomalyEventId);
  if (query.actionId !== undefined) matching = matching.where('action_id', '=', query.actionId);
  if (query.incidentId !== undefined)
    matching = matching.where('incident_id', '=', query.incidentId);
  if (query.status !== undefined) matching = matching.where('status', '=', query.status);
  if (query.sinceMs !== undefined) matching = matching.where('created_at', '>=', query.sinceMs);
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select('doc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute();
  return { items: rows.map((row) => fromJson<Execution>(row.doc)), total: Number(total) };
}

async function statsByAction(db: Kysely<Database>, dialect: StoreDialect) {
  const rows = await db
    .selectFrom('executions')
    .where('status', 'in', FINISHED)
    .where('dry_run', '=', dialect.bool(false))
    .groupBy('action_id')
    .select((eb) => [
      'action_id',
      eb.fn.max('action_name').as('action_name'),
      eb.fn.countAll<number>().as('runs'),
      sql<number>`sum(case when status = 'success' then 1 else 0 end)`.as('successes'),
      eb.fn.avg<number | null>('duration_seconds').as('mean_duration'),
      sql<number>`sum(case when verification = 'recovered' then 1 else 0 end)`.as('recovered'),
      sql<number>`sum(case when verification = 'not_recovered' then 1 else 0 end)`.as(
        'not_recovered',
      ),
    ])
    .orderBy('action_id')
    .execute();
  return rows.map((row) => {
    const runs = Number(row.runs);
    const successes = Number(row.successes);
    return {
      action_id: row.action_id,
      action_name: row.action_name,
      runs,
      successes,
      success_rate: runs === 0 ? 0 : successes / runs,
      mean_duration_seconds: row.mean_duration === null ? null : Number(row.mean_duration),
      verifications: { recovered: Number(row.recovered), not_recovered: Number(row.not_recovered) },
    };
  });
}
