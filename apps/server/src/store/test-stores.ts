import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import type { Migration, MigrationResult } from 'kysely';
import type { Clock } from '../shared/clock';
import { createStore, type Store } from './create-store';
import { postgresDialect, sqliteDialect, type DialectKind } from './dialect';
import { migrateToLatest } from './migrations/migrate';
import { openPostgresDatabase, quoteIdentifier, withDefaultUser } from './postgres-database';
import { openSqliteDatabase, SQLITE_FILE_NAME } from './sqlite-database';

/** `VIGIL_TEST_DATABASE_URL=none` runs the contract suite against SQLite only. */
const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

export const TEST_STORE_KINDS: DialectKind[] =
  postgresUrl === 'none' ? ['sqlite'] : ['sqlite', 'postgres'];

/** A fresh, empty store plus a side door for raw SQL (tampering, simulated crashes). */
export interface TestStore {
  kind: DialectKind;
  store: Store;
  /** Runs raw SQL on a separate connection, as an operator with a SQL shell would. */
  exec(statement: string): Promise<void>;
  query<Row>(statement: string): Promise<Row[]>;
  /** Runs the migrator on a second connection to the same data (default list unless given). */
  migrate(migrations?: Record<string, Migration>): Promise<MigrationResult[]>;
  /** Table names in the store's schema. */
  tables(): Promise<string[]>;
  /** Closes and opens the store again on the same data, running migrations once more. */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

let counter = 0;

export async function openTestStore(kind: DialectKind, clock?: Clock): Promise<TestStore> {
  return kind === 'sqlite' ? openSqliteTestStore(clock) : openPostgresTestStore(clock);
}

async function openSqliteTestStore(clock?: Clock): Promise<TestStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-store-'));
  const open = () => createStore({ kind: 'sqlite', dataDir, ...(clock ? { clock } : {}) });
  const withRaw = <T>(work: (db: SqliteDatabase.Database) => T): T => {
    const db = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  const handle: TestStore = {
    kind: 'sqlite',
    store: await open(),
    exec: async (statement) => withRaw((db) => void db.exec(statement)),
    query: async <Row>(statement: string) => withRaw((db) => db.prepare(statement).all() as Row[]),
    migrate: async (migrations) => {
      const db = openSqliteDatabase(dataDir);
      try {
        return await migrateToLatest(db, sqliteDialect, migrations ? { migrations } : {});
      } finally {
        await db.destroy();
      }
    },
    tables: async () =>
      withRaw(
        (db) =>
          db
            .prepare(`select name from sqlite_master where type = 'table'`)
            .pluck()
            .all() as string[],
      ),
    reopen: async () => {
      await handle.store.close();
      handle.store = await open();
      return handle.store;
    },
    dispose: async () => {
      await handle.store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

async function openPostgresTestStore(clock?: Clock): Promise<TestStore> {
  counter += 1;
  const schema = `vigil_test_${process.pid}_${Date.now().toString(36)}_${counter}`;
  const url = withDefaultUser(postgresUrl);
  const open = () =>
    createStore({ kind: 'postgres', url, schema, poolSize: 4, ...(clock ? { clock } : {}) });
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`set search_path to ${quoteIdentifier(schema)}`);
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const handle: TestStore = {
    kind: 'postgres',
    store: await open(),
    exec: (statement) => withClient(async (client) => void (await client.query(statement))),
    query: <Row>(statement: string) =>
      withClient(async (client) => (await client.query(statement)).rows as Row[]),
    migrate: async (migrations) => {
      const db = await openPostgresDatabase({ url, schema, poolSize: 1 });
      try {
        return await migrateToLatest(db, postgresDialect, {
          schema,
          ...(migrations ? { migrations } : {}),
        });
      } finally {
        await db.destroy();
      }
    },
    tables: async () => {
      const rows = await handle.query<{ name: string }>(
        'select tablename as name from pg_tables where schemaname = current_schema()',
      );
      return rows.map((row) => row.name);
    },
    reopen: async () => {
      await handle.store.close();
      handle.store = await open();
      return handle.store;
    },
    dispose: async () => {
      await handle.store.close();
      await withClient((client) =>
        client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`),
      );
    },
  };
  return handle;
}

/** Registers a fresh store per test in the enclosing describe block. */
export function useTestStore(kind: DialectKind, clock?: Clock): () => TestStore {
  let current: TestStore | undefined;
  beforeEach(async () => {
    current = await openTestStore(kind, clock);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useTestStore: no store outside a test');
    return current;
  };
}
