import type { Kysely } from 'kysely';
import type { Database } from './database';
import { fromJson, toJson, type JsonObject } from './json';

/**
 * The real parameters and template context of executions waiting for approval, so Approve works
 * after a restart or from another process. They may hold secrets: nothing reads this table but
 * the executor, and a row lives only until the execution is approved or rejected.
 */
export interface ParkedExecutionsRepository {
  /** Replaces any earlier row for the same execution. */
  put(executionId: string, doc: JsonObject, parkedAt: number): Promise<void>;
  get(executionId: string): Promise<JsonObject | null>;
  /**
   * Deletes the row and returns what it held: the claim of whoever approves or rejects. Null when
   * it is gone (already decided, by this process or another).
   */
  take(executionId: string): Promise<JsonObject | null>;
  count(): Promise<number>;
}

export function createParkedExecutionsRepository(db: Kysely<Database>): ParkedExecutionsRepository {
  return {
    put: async (executionId, doc, parkedAt) => {
      const row = { execution_id: executionId, doc: toJson(doc), parked_at: parkedAt };
      await db
        .insertInto('parked_executions')
        .values(row)
        .onConflict((oc) =>
          oc.column('execution_id').doUpdateSet({ doc: row.doc, parked_at: row.parked_at }),
        )
        .execute();
    },
    get: async (executionId) => {
      const row = await db
        .selectFrom('parked_executions')
        .select('doc')
        .where('execution_id', '=', executionId)
        .executeTakeFirst();
      return row ? fromJson<JsonObject>(row.doc) : null;
    },
    take: async (executionId) => {
      const row = await db
        .deleteFrom('parked_executions')
        .where('execution_id', '=', executionId)
        .returning('doc')
        .executeTakeFirst();
      return row ? fromJson<JsonObject>(row.doc) : null;
    },
    count: async () => {
      const row = await db
        .selectFrom('parked_executions')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
