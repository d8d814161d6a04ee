import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';

/** The embedded write-ahead journal: accepted record batches survive a kill before they are handled. */
export function busJournalMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('bus_journal')
        .ifNotExists()
        .addColumn('seq', types.serial.type, (c) => types.serial.build(c))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addColumn('created_at', types.epochMs, (c) => c.notNull())
        .execute();
    },
  };
}
