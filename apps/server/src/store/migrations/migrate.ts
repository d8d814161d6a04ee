import { Migrator, type Kysely, type Migration, type MigrationResult } from 'kysely';
import type { StoreDialect } from '../dialect';
import { actionsAuditMigration } from './actions-audit-migration';
import { agentStateMigration } from './agent-state-migration';
import { eventsMigration } from './events-migration';
import { busJournalMigration } from './bus-journal-migration';
import { executionDurabilityMigration } from './execution-durability-migration';
import { runtimeMigration } from './runtime-migration';

/**
 * The one migration list, in code (no file globbing, so bundling and tsx behave the same).
 * Names sort in apply order. Migrations only go forward; every statement is IF NOT EXISTS so a
 * half-applied schema (say, from a dialect without transactional DDL) completes on the next start.
 */
export function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_events': eventsMigration(dialect.types),
    '0002_actions_audit': actionsAuditMigration(dialect.types),
    '0003_runtime': runtimeMigration(dialect.types),
    '0004_agent_state': agentStateMigration(dialect.types),
    '0005_bus_journal': busJournalMigration(dialect.types),
    '0006_execution_durability': executionDurabilityMigration(dialect.types),
  };
}

export interface MigrateOptions {
  /** PostgreSQL schema holding Kysely's bookkeeping tables (defaults to the search_path's first). */
  schema?: string;
  /** Replaces the list, for tests. */
  migrations?: Record<string, Migration>;
}

/** Applies pending migrations in one transaction (both dialects), returning what ran. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: StoreDialect,
  options: MigrateOptions = {},
): Promise<MigrationResult[]> {
  const migrations = options.migrations ?? storeMigrations(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(options.schema === undefined ? {} : { migrationTableSchema: options.schema }),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error === undefined) return results;
    if (attempt < ATTEMPTS && isVanishedSchema(error)) continue;
    const failed = results.find((result) => result.status === 'Error');
    const where = failed ? ` (migration ${failed.migrationName})` : '';
    throw new Error(
      `Store migration failed${where}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

const ATTEMPTS = 3;

/**
 * PostgreSQL `invalid_schema_name`. Kysely looks for its bookkeeping tables by introspecting every
 * schema, so another client dropping a schema at that moment fails the look-up; the batch rolled
 * back and is safe to run again.
 */
const isVanishedSchema = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '3F000';
