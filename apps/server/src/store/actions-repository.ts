import type { ApprovedAction } from '@vigil/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson } from './json';
import type { Page } from './paging';
import { toMs } from './time';
import { inTransaction } from './transaction';

export interface ActionListQuery {
  activeOnly: boolean;
  /** Any-of, case-insensitive; empty or absent for no tag filter. */
  tags?: readonly string[];
  limit: number;
  offset: number;
}

export type ActionPatch = Partial<Omit<ApprovedAction, 'id' | 'created_at'>>;

export interface ActionsRepository {
  /** Ordered by name (case-insensitive), then id. */
  list(query: ActionListQuery): Promise<Page<ApprovedAction>>;
  get(id: string): Promise<ApprovedAction | null>;
  insert(action: ApprovedAction): Promise<void>;
  /** Shallow merge; null when the id is unknown. */
  update(id: string, patch: ActionPatch): Promise<ApprovedAction | null>;
  /** True when a row was removed. */
  delete(id: string): Promise<boolean>;
}

const toRow = (action: ApprovedAction, dialect: StoreDialect) => ({
  id: action.id,
  name: action.name,
  is_active: dialect.bool(action.is_active),
  created_at: toMs(action.created_at),
  updated_at: toMs(action.updated_at),
  doc: toJson(action),
});

export function createActionsRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): ActionsRepository {
  return {
    list: (query) => listActions(db, dialect, query),
    get: async (id) => {
      const row = await db
        .selectFrom('approved_actions')
        .select('doc')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? fromJson<ApprovedAction>(row.doc) : null;
    },
    insert: async (action) => {
      await db.insertInto('approved_actions').values(toRow(action, dialect)).execute();
    },
    update: (id, patch) =>
      inTransaction(db, async (trx) => {
        const row = await dialect
          .forUpdate(trx.selectFrom('approved_actions').select('doc').where('id', '=', id))
          .executeTakeFirst();
        if (!row) return null;
        const next: ApprovedAction = { ...fromJson<ApprovedAction>(row.doc), ...patch, id };
        await trx
          .updateTable('approved_actions')
          .set(toRow(next, dialect))
          .where('id', '=', id)
          .execute();
        return next;
      }),
    delete: async (id) => {
      const result = await db
        .deleteFrom('approved_actions')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

async function listActions(
  db: Kysely<Database>,
  dialect: StoreDialect,
  query: ActionListQuery,
): Promise<Page<ApprovedAction>> {
  let matching = db.selectFrom('approved_actions');
  if (query.activeOnly) matching = matching.where('is_active', '=', dialect.bool(true));
  if (query.tags && query.tags.length > 0) {
    matching = matching.where(dialect.jsonArrayHasAny('doc', 'tags', query.tags));
  }
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select('doc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { items: rows.map((row) => fromJson<ApprovedAction>(row.doc)), total: Number(total) };
}
