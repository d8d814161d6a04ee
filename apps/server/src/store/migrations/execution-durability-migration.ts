import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';

/**
 * What an execution needs to survive a restart: the real parameters of one parked for approval,
 * and the lease of one that was admitted to run (so a run killed mid-way is found and failed).
 */
export function executionDurabilityMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('parked_executions')
        .ifNotExists()
        .addColumn('execution_id', 'text', (c) => c.primaryKey())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('parked_at', types.epochMs, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('execution_leases')
        .ifNotExists()
        .addColumn('execution_id', 'text', (c) => c.primaryKey())
        .addColumn('lease_until', types.epochMs, (c) => c.notNull())
        .execute();
    },
  };
}
