import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';

/** Anomalies, incidents, mined templates and the ingest idempotency log. */
export function eventsMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await createAnomalies(db, types);
      await createIncidents(db, types);
      await createTemplates(db, types);
      await db.schema
        .createTable('ingest_log')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('processed_at', types.epochMs, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ingest_log_processed_idx')
        .ifNotExists()
        .on('ingest_log')
        .column('processed_at')
        .execute();
    },
  };
}

async function createAnomalies(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('anomalies')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_time', types.epochMs, (c) => c.notNull())
    .addColumn('created_at', types.epochMs, (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('trace_id', 'text')
    .addColumn('incident_id', types.epochMs)
    .addColumn('is_primary', types.bool, (c) => c.notNull())
    .addColumn('score', types.real, (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('layer', 'text', (c) => c.notNull())
    // Last, so SQLite reads the narrow columns without touching the document's overflow pages.
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on('anomalies').columns(columns).execute();
  await index('anomalies_event_time_idx', ['event_time', 'id']);
  await index('anomalies_primary_time_idx', ['is_primary', 'event_time', 'id']);
  await index('anomalies_incident_idx', ['incident_id', 'event_time', 'id']);
  await index('anomalies_component_template_idx', ['component', 'template_id']);
}

async function createIncidents(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('incidents')
    .ifNotExists()
    .addColumn('id', types.serial.type, types.serial.build)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', types.epochMs, (c) => c.notNull())
    .addColumn('updated_at', types.epochMs, (c) => c.notNull())
    .addColumn('closed_at', types.epochMs)
    .addColumn('last_event_time', types.epochMs, (c) => c.notNull())
    .addColumn('root_component', 'text')
    .addColumn('trace_id', 'text')
    .addColumn('count_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count_suppressed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_event_id', 'text')
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  // Covers the grouped list: paging walks this index alone, filters included, before any join.
  await db.schema
    .createIndex('incidents_list_idx')
    .ifNotExists()
    .on('incidents')
    .columns(['updated_at', 'id', 'last_event_time', 'count_total', 'count_suppressed'])
    .execute();
  // Counts a time window by range instead of walking every incident.
  await db.schema
    .createIndex('incidents_event_time_idx')
    .ifNotExists()
    .on('incidents')
    .columns(['last_event_time', 'count_total', 'count_suppressed'])
    .execute();
  // The few incidents the grouped list hides (no event, or no primary event), so an unfiltered
  // total is count(*) minus these: a bare count(*) is far cheaper than a filtered one in SQLite.
  await db.schema
    .createIndex('incidents_hidden_idx')
    .ifNotExists()
    .on('incidents')
    .column('count_total')
    .where(sql<boolean>`count_total = count_suppressed`)
    .execute();
  await db.schema
    .createIndex('incidents_status_idx')
    .ifNotExists()
    .on('incidents')
    .columns(['status', 'updated_at'])
    .execute();
}

async function createTemplates(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('templates')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('count', types.epochMs, (c) => c.notNull())
    .addColumn('first_seen', types.epochMs, (c) => c.notNull())
    .addColumn('last_seen', types.epochMs, (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('templates_component_idx')
    .ifNotExists()
    .on('templates')
    .column('component')
    .execute();
}
