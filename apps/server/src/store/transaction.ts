import type { Kysely } from 'kysely';
import type { Database } from './database';
import { chunk, uniqueSortedBy } from './paging';

/** Runs `work` atomically, joining the caller's transaction when there is one (Kysely cannot nest). */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

const BATCH = 500;

/**
 * Upserts in one transaction, de-duplicated and sorted by key (see `uniqueSortedBy`), in batches
 * small enough for either dialect's bound-parameter limit.
 */
export function upsertInBatches<T>(
  db: Kysely<Database>,
  items: readonly T[],
  keyOf: (item: T) => string,
  write: (trx: Kysely<Database>, batch: T[]) => Promise<unknown>,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    for (const batch of chunk(uniqueSortedBy(items, keyOf), BATCH)) await write(trx, batch);
  });
}
