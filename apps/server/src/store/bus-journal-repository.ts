import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Database } from './database';
import { chunk } from './paging';

export interface JournalEntry {
  seq: number;
  topic: string;
  payload: string;
  weight: number;
}

/** Messages written before ingest answers, removed once every subscriber has handled them. */
export interface BusJournalRepository {
  append(topic: string, payload: string, weight: number): Promise<number>;
  remove(seqs: readonly number[]): Promise<void>;
  /** In publish order, after `afterSeq`. */
  list(afterSeq: number, limit: number): Promise<JournalEntry[]>;
}

const BATCH = 500;

export function createBusJournalRepository(
  db: Kysely<Database>,
  clock: Clock,
): BusJournalRepository {
  return {
    append: async (topic, payload, weight) => {
      const row = await db
        .insertInto('bus_journal')
        .values({ topic, payload, weight, created_at: clock.now() })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return row.seq;
    },
    remove: async (seqs) => {
      for (const batch of chunk([...seqs], BATCH))
        await db.deleteFrom('bus_journal').where('seq', 'in', batch).execute();
    },
    list: (afterSeq, limit) =>
      db
        .selectFrom('bus_journal')
        .select(['seq', 'topic', 'payload', 'weight'])
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute(),
  };
}
