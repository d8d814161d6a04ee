import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../shared/clock';
import type { Database } from './database';
import { postgresDialect, sqliteDialect, type DialectKind, type StoreDialect } from './dialect';
import { migrateToLatest } from './migrations/migrate';
import { openPostgresDatabase } from './postgres-database';
import { createRepositories, type Repositories } from './repositories';
import { openSqliteDatabase } from './sqlite-database';
import { guardRepositories, translateStoreError } from './store-unavailable';

export type StoreOptions = (
  | { kind: 'sqlite'; dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      /** Defaults to `public`; tests use a fresh schema per run. */
      schema?: string;
      poolSize?: number;
    }
) & {
  /** Stamps config updates, processed-record marks and generated audit ids. */
  clock?: Clock;
};

export interface Store extends Repositories {
  readonly kind: DialectKind;
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
  const { db, dialect, schema } = await open(options);
  try {
    await migrateToLatest(db, dialect, schema === undefined ? {} : { schema });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    kind: dialect.kind,
    ...guardRepositories(createRepositories(db, dialect, clock)),
    transaction: (work) =>
      db
        .transaction()
        .execute((trx) => work(guardRepositories(createRepositories(trx, dialect, clock))))
        .catch(translateStoreError),
    close: () => (closing ??= db.destroy()),
  };
}

async function open(
  options: StoreOptions,
): Promise<{ db: Kysely<Database>; dialect: StoreDialect; schema?: string }> {
  if (options.kind === 'sqlite')
    return { db: openSqliteDatabase(options.dataDir), dialect: sqliteDialect };
  const schema = options.schema ?? 'public';
  const db = await openPostgresDatabase({
    url: options.url,
    schema,
    ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
  });
  return { db, dialect: postgresDialect, schema };
}
