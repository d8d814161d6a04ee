import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import type { Database } from './database';

export const SQLITE_FILE_NAME = 'vigil.db';

/**
 * Kysely's SQLite adapter reports no transactional DDL, so its migrator would run migrations
 * outside a transaction and a kill mid-way would leave half a schema. SQLite does roll DDL back.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class VigilSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export function openSqliteDatabase(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const database = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
  // Only takes effect on a new file. Rows carry 2-4 KB JSON documents; with 4 KiB pages nearly
  // every row would take a page to itself.
  database.pragma('page_size = 8192');
  database.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only a power cut may lose the last commits.
  database.pragma('synchronous = NORMAL');
  // Another process (a second `vigil` on the same data dir) waits rather than failing at once.
  database.pragma('busy_timeout = 5000');
  // 64 MiB (the default is 2 MiB), so the list indexes stay in memory between requests.
  database.pragma('cache_size = -65536');
  return new Kysely<Database>({ dialect: new VigilSqliteDialect({ database }) });
}
