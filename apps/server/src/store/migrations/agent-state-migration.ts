import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';

/** Agents' learned state (detector models, baselines) that must survive a restart. */
export function agentStateMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('agent_state')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', types.epochMs, (c) => c.notNull())
        .execute();
    },
  };
}
