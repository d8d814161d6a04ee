import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';

/** Settings, agent heartbeats, the persisted service graph and registered services. */
export function runtimeMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('config_values')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', types.epochMs, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('agent_status')
        .ifNotExists()
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('worker_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('last_seen', types.epochMs)
        .addColumn('doc', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('agent_status_pk', ['agent_id', 'worker_id'])
        .execute();
      await createTopology(db, types);
      await db.schema
        .createTable('registered_services')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('updated_at', types.epochMs, (c) => c.notNull())
        .addPrimaryKeyConstraint('registered_services_pk', ['name', 'environment'])
        .execute();
    },
  };
}

async function createTopology(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('topology_nodes')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('updated_at', types.epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('topology_edges')
    .ifNotExists()
    .addColumn('from_node', 'text', (c) => c.notNull())
    .addColumn('to_node', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('updated_at', types.epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('topology_edges_pk', ['from_node', 'to_node'])
    .execute();
}
