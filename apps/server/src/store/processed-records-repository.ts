import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Database } from './database';
import { chunk } from './paging';
import { inTransaction } from './transaction';

/** Record ids already taken in, so a redelivered batch is processed once. */
export interface ProcessedRecordsRepository {
  /** Marks the ids processed and returns those not seen before, in input order. */
  markProcessed(ids: readonly string[]): Promise<string[]>;
  /** Forgets ids processed before `beforeMs`; returns how many. */
  pruneBefore(beforeMs: number): Promise<number>;
}

const BATCH = 500;

export function createProcessedRecordsRepository(
  db: Kysely<Database>,
  clock: Clock,
): ProcessedRecordsRepository {
  return {
    markProcessed: (ids) =>
      inTransaction(db, async (trx) => {
        const unique = [...new Set(ids)];
        const now = clock.now();
        const fresh = new Set<string>();
        // Sorted so concurrent redeliveries take index locks in the same order.
        for (const batch of chunk([...unique].sort(), BATCH)) {
          const inserted = await trx
            .insertInto('ingest_log')
            .values(batch.map((id) => ({ id, processed_at: now })))
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .execute();
          for (const row of inserted) fresh.add(row.id);
        }
        return unique.filter((id) => fresh.has(id));
      }),
    pruneBefore: async (beforeMs) => {
      const result = await db
        .deleteFrom('ingest_log')
        .where('processed_at', '<', beforeMs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
