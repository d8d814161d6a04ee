import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../shared/clock';
import { openCloudSql, type CloudSqlLink } from './cloud-sql-connector';
import type { CloudSqlTarget } from './cloud-sql-target';
import type { Database } from './database';
import { postgresDialect, sqliteDialect, type DialectKind, type StoreDialect } from './dialect';
import { migrateToLatest } from './migrations/migrate';
import { openPostgresDatabase, type PostgresTarget } from './postgres-database';
import type { PostgresTuning } from './postgres-tuning';
import {
  openReadReplica,
  readRepositoriesOf,
  type ReadReplica,
  type ReadRepositories,
} from './read-replica';
import { createRepositories, type Repositories } from './repositories';
import { openSqliteDatabase } from './sqlite-database';
import { guardRepositories, translateStoreError } from './store-unavailable';

export type StoreOptions = (
  | { kind: 'sqlite'; dataDir: string }
  | ({
      kind: 'postgres';
      /** Defaults to `public`; tests use a fresh schema per run. */
      schema?: string;
      poolSize?: number;
      /** The postgres.* pool, session and server-requirement settings. */
      tuning?: PostgresTuning;
      /** postgres.read_replica.*: `store.reads` on a second, read-only pool (same tuning). */
      readReplica?: ReadReplica;
      /** pg_stat_activity's application_name (default `vigil`; the replica's adds `-replica`). */
      applicationName?: string;
      /**
       * postgres.connection_name / credentials_path: the primary is dialled through the Cloud SQL
       * connector instead of the connection's host and port (a read replica still uses its own).
       */
      cloudSql?: CloudSqlTarget;
    } & PostgresTarget)
) & {
  /** Stamps config updates, processed-record marks and generated audit ids. */
  clock?: Clock;
};

export interface Store extends Repositories {
  readonly kind: DialectKind;
  /** What the store found wrong with its server at open (PostgreSQL below postgres.* needs). */
  readonly warnings: readonly string[];
  /**
   * The list and count reads that may be a moment stale (the console's lists, the dashboard): on
   * the read replica when one is configured and reachable, else the store's own repositories.
   */
  readonly reads: ReadRepositories;
  /** Where `reads` go. */
  readonly readsFrom: 'primary' | 'replica';
  /** The Cloud SQL instance the primary is dialled through (postgres.connection_name), or null. */
  readonly cloudSqlInstance: string | null;
  /**
   * Runs `work` in one transaction with repositories bound to it. Inside, use only `tx`: on SQLite
   * the store's single connection is held by the transaction, so a call on the outer store waits forever.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Idempotent. */
  close(): Promise<void>;
}

/** Opens the store and brings its schema up to date before answering. */
export async function createStore(options: StoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const warnings: string[] = [];
  const { db, dialect, schema, cloudSql } = await open(options, (warning) =>
    warnings.push(warning),
  );
  try {
    await migrateToLatest(db, dialect, schema === undefined ? {} : { schema });
  } catch (error) {
    await db.destroy();
    cloudSql?.close();
    throw error;
  }
  const replica = await openReplica(options, (warning) => warnings.push(warning));
  const repositories = guardRepositories(createRepositories(db, dialect, clock));
  let closing: Promise<void> | null = null;
  return {
    kind: dialect.kind,
    warnings,
    ...repositories,
    reads: replica
      ? guardRepositories(readRepositoriesOf(createRepositories(replica, dialect, clock)))
      : repositories,
    readsFrom: replica ? 'replica' : 'primary',
    cloudSqlInstance: cloudSql?.connectionName ?? null,
    transaction: (work) =>
      db
        .transaction()
        .execute((trx) => work(guardRepositories(createRepositories(trx, dialect, clock))))
        .catch(translateStoreError),
    close: () =>
      (closing ??= Promise.all([db.destroy(), replica?.destroy()]).then(() => cloudSql?.close())),
  };
}

/** Opened after the primary has created and migrated the schema the replica reads. */
async function openReplica(
  options: StoreOptions,
  onWarning: (warning: string) => void,
): Promise<Kysely<Database> | null> {
  if (options.kind !== 'postgres' || options.readReplica === undefined) return null;
  return openReadReplica(
    {
      ...postgresTarget(options),
      replica: options.readReplica,
      schema: options.schema ?? 'public',
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.tuning === undefined ? {} : { tuning: options.tuning }),
      ...(options.applicationName === undefined
        ? {}
        : { applicationName: options.applicationName }),
    },
    onWarning,
  );
}

const postgresTarget = (options: PostgresTarget): PostgresTarget =>
  'url' in options ? { url: options.url } : { connection: options.connection };

async function open(
  options: StoreOptions,
  onWarning: (warning: string) => void,
): Promise<{
  db: Kysely<Database>;
  dialect: StoreDialect;
  schema?: string;
  cloudSql?: CloudSqlLink;
}> {
  if (options.kind === 'sqlite')
    return { db: openSqliteDatabase(options.dataDir), dialect: sqliteDialect };
  const schema = options.schema ?? 'public';
  const cloudSql = options.cloudSql ? await openCloudSql(options.cloudSql) : undefined;
  try {
    const db = await openPostgresDatabase({
      ...postgresTarget(options),
      schema,
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.tuning === undefined ? {} : { tuning: options.tuning }),
      ...(options.applicationName === undefined
        ? {}
        : { applicationName: options.applicationName }),
      ...(cloudSql ? { stream: cloudSql.stream } : {}),
      onWarning,
    });
    return { db, dialect: postgresDialect, schema, ...(cloudSql ? { cloudSql } : {}) };
  } catch (error) {
    cloudSql?.close();
    throw error;
  }
}
