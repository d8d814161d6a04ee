import type {
  AuditEntry,
  AuditExecutionStatus,
  AuditStats,
  AuditType,
  Severity,
} from '@vigil/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { monotonicFactory } from 'ulid';
import type { Clock } from '../shared/clock';
import {
  auditColumns,
  chainProblem,
  entryHash,
  GENESIS_HASH,
  type AuditBody,
  type ChainVerification,
} from './audit-chain';
import type { Database } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson } from './json';
import { chunk, pageOffset, type Page } from './paging';
import { inTransaction } from './transaction';

export type AuditEntryInput = Omit<AuditEntry, 'id' | 'prev_hash' | 'hash'> & { id?: string };

export interface AuditListQuery {
  page: number;
  pageSize: number;
  /** Inclusive bounds on the entry's own timestamp, epoch ms. */
  startMs?: number;
  endMs?: number;
  type?: AuditType;
  severity?: Severity;
  executionStatus?: AuditExecutionStatus;
  incidentId?: number;
  /** Case-insensitive substring of description, action name or error message. */
  search?: string;
}

/** Append-only: there is deliberately no update or delete. */
export interface AuditRepository {
  append(input: AuditEntryInput): Promise<AuditEntry>;
  /** Appends in order, in one transaction. */
  appendMany(inputs: readonly AuditEntryInput[]): Promise<AuditEntry[]>;
  get(id: string): Promise<AuditEntry | null>;
  /** Newest first by timestamp. */
  list(query: AuditListQuery): Promise<Page<AuditEntry>>;
  stats(range: { startMs?: number; endMs?: number }): Promise<AuditStats>;
  /** Walks the chain in order and reports the first broken link. */
  verifyChain(): Promise<ChainVerification>;
}

const VERIFY_BATCH = 1_000;
const INSERT_BATCH = 200;

const toEntry = (row: { doc: string; prev_hash: string; hash: string }): AuditEntry => ({
  ...fromJson<AuditBody>(row.doc),
  prev_hash: row.prev_hash,
  hash: row.hash,
});

const likePattern = (search: string): string =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAuditRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
  clock: Clock,
): AuditRepository {
  const newId = monotonicFactory();
  const appendMany = (inputs: readonly AuditEntryInput[]) =>
    appendEntries(db, dialect, inputs, () => newId(clock.now()));
  return {
    append: async (input) => {
      const [entry] = await appendMany([input]);
      if (!entry) throw new Error('audit append returned nothing');
      return entry;
    },
    appendMany,
    get: async (id) => {
      const row = await db
        .selectFrom('audit_entries')
        .select(['doc', 'prev_hash', 'hash'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toEntry(row) : null;
    },
    list: (query) => listEntries(db, query),
    stats: (range) => auditStats(db, range),
    verifyChain: () => verifyChain(db),
  };
}

/** Links each input to the one before, starting after `prevHash`. */
function chainEntries(
  prevHash: string,
  inputs: readonly AuditEntryInput[],
  newId: () => string,
): AuditEntry[] {
  let previous = prevHash;
  return inputs.map((input: AuditEntryInput & Partial<Pick<AuditEntry, 'prev_hash' | 'hash'>>) => {
    // A caller may hand back a whole entry; its old chain fields must not enter the new hash.
    const { prev_hash: _prev, hash: _hash, ...fields } = input;
    // Hash exactly what JSON keeps, so verification after a round trip agrees.
    const body = fromJson<AuditBody>(toJson({ ...fields, id: fields.id ?? newId() }));
    const entry: AuditEntry = { ...body, prev_hash: previous, hash: entryHash(previous, body) };
    previous = entry.hash;
    return entry;
  });
}

function appendEntries(
  db: Kysely<Database>,
  dialect: StoreDialect,
  inputs: readonly AuditEntryInput[],
  newId: () => string,
): Promise<AuditEntry[]> {
  return inTransaction(db, async (trx) => {
    if (inputs.length === 0) return [];
    // The head row lock serialises appenders across processes, so seq order is chain order.
    const head = await dialect
      .forUpdate(trx.selectFrom('audit_head').select('last_hash').where('id', '=', 1))
      .executeTakeFirstOrThrow();
    const entries = chainEntries(head.last_hash, inputs, newId);
    let lastSeq = 0;
    for (const batch of chunk(entries, INSERT_BATCH)) {
      const rows = batch.map(({ prev_hash, hash, ...body }) => ({
        ...auditColumns(body),
        prev_hash,
        hash,
        doc: toJson(body),
      }));
      const inserted = await trx
        .insertInto('audit_entries')
        .values(rows)
        .returning('seq')
        .execute();
      lastSeq = Math.max(lastSeq, ...inserted.map((row) => row.seq));
    }
    const lastHash = entries.at(-1)?.hash ?? head.last_hash;
    await trx
      .updateTable('audit_head')
      .set({ last_hash: lastHash, last_seq: lastSeq })
      .where('id', '=', 1)
      .execute();
    return entries;
  });
}

function filtered(db: Kysely<Database>, query: Omit<AuditListQuery, 'page' | 'pageSize'>) {
  let q = db.selectFrom('audit_entries');
  if (query.startMs !== undefined) q = q.where('timestamp', '>=', query.startMs);
  if (query.endMs !== undefined) q = q.where('timestamp', '<=', query.endMs);
  if (query.type !== undefined) q = q.where('type', '=', query.type);
  if (query.severity !== undefined) q = q.where('severity', '=', query.severity);
  if (query.executionStatus !== undefined)
    q = q.where('execution_status', '=', query.executionStatus);
  if (query.incidentId !== undefined) q = q.where('incident_id', '=', query.incidentId);
  const search = query.search?.trim();
  if (search) q = q.where(sql<boolean>`search_text like ${likePattern(search)} escape '\\'`);
  return q;
}

async function listEntries(db: Kysely<Database>, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const base = filtered(db, query);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['doc', 'prev_hash', 'hash'])
    .orderBy('timestamp', 'desc')
    .orderBy('seq', 'desc')
    .limit(query.pageSize)
    .offset(pageOffset(query))
    .execute();
  return { items: rows.map(toEntry), total: Number(total) };
}

const countWhen = (condition: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

async function auditStats(
  db: Kysely<Database>,
  range: { startMs?: number; endMs?: number },
): Promise<AuditStats> {
  const executed = sql`type = 'action_executed'`;
  const row = await filtered(db, range)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      countWhen(sql`type = 'incident_opened'`).as('incidents'),
      countWhen(executed).as('executions'),
      countWhen(sql`${executed} and execution_status = 'success'`).as('successes'),
      countWhen(sql`${executed} and execution_status in ('success', 'failed', 'timeout')`).as(
        'finished',
      ),
    ])
    .executeTakeFirstOrThrow();
  const finished = Number(row.finished);
  return {
    total_events: Number(row.total),
    incidents_count: Number(row.incidents),
    executions_count: Number(row.executions),
    success_rate: finished === 0 ? 0 : Number(row.successes) / finished,
  };
}

async function verifyChain(db: Kysely<Database>): Promise<ChainVerification> {
  // Entries appended while we walk lie past the head we read first, so they cannot confuse us.
  const head = await db
    .selectFrom('audit_head')
    .select(['last_hash', 'last_seq'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  let expectedPrev = GENESIS_HASH;
  let last = { seq: 0, id: '' };
  let checked = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_entries')
      .selectAll()
      .where('seq', '>', last.seq)
      .where('seq', '<=', head.last_seq)
      .orderBy('seq')
      .limit(VERIFY_BATCH)
      .execute();
    for (const row of rows) {
      const problem = chainProblem(row, expectedPrev);
      if (problem) return { ok: false, seq: row.seq, id: row.id, reason: problem };
      expectedPrev = row.hash;
      last = { seq: row.seq, id: row.id };
      checked += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  if (expectedPrev !== head.last_hash) {
    return {
      ok: false,
      seq: last.seq,
      id: last.id,
      reason: 'the chain head does not match the last entry (entries removed?)',
    };
  }
  return { ok: true, checked };
}
