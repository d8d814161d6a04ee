import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect';
import { GENESIS_HASH } from '../audit-chain';

/** The action catalogue, executions, the audit trail and notifications. */
export function actionsAuditMigration(types: ColumnTypes): Migration {
  return {
    up: async (db: Kysely<unknown>) => {
      await createActions(db, types);
      await createExecutions(db, types);
      await createAudit(db, types);
      await createNotifications(db, types);
    },
  };
}

async function createActions(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('approved_actions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', types.bool, (c) => c.notNull())
    .addColumn('created_at', types.epochMs, (c) => c.notNull())
    .addColumn('updated_at', types.epochMs, (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
}

async function createExecutions(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('executions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull())
    .addColumn('action_name', 'text', (c) => c.notNull())
    .addColumn('incident_id', types.epochMs)
    .addColumn('anomaly_event_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dry_run', types.bool, (c) => c.notNull())
    .addColumn('duration_seconds', types.real)
    .addColumn('verification', 'text', (c) => c.notNull())
    .addColumn('created_at', types.epochMs, (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on('executions').columns(columns).execute();
  await index('executions_created_idx', ['created_at', 'id']);
  await index('executions_action_idx', ['action_id', 'created_at']);
  await index('executions_anomaly_idx', ['anomaly_event_id', 'created_at']);
}

async function createAudit(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .ifNotExists()
    .addColumn('seq', types.serial.type, types.serial.build)
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('timestamp', types.epochMs, (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('incident_id', types.epochMs)
    .addColumn('execution_status', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on('audit_entries').columns(columns).execute();
  await index('audit_timestamp_idx', ['timestamp', 'seq']);
  await index('audit_type_idx', ['type', 'timestamp']);
  await index('audit_incident_idx', ['incident_id']);
  await db.schema
    .createTable('audit_head')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('last_seq', types.epochMs, (c) => c.notNull())
    .execute();
  await sql`insert into audit_head (id, last_hash, last_seq) values (1, ${GENESIS_HASH}, 0) on conflict do nothing`.execute(
    db,
  );
}

async function createNotifications(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('notifications')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('incident_id', types.epochMs)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', types.epochMs, (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_incident_idx')
    .ifNotExists()
    .on('notifications')
    .columns(['incident_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_created_idx')
    .ifNotExists()
    .on('notifications')
    .column('created_at')
    .execute();
}
