import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from './create-store';
import type { Database } from './database';
import { openPostgresDatabase, quoteIdentifier } from './postgres-database';
import { serverShortfalls, type PostgresConnection, type PostgresTuning } from './postgres-tuning';

const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

/** The local test server named field by field, as the postgres.* settings name it. */
function localServer(): PostgresConnection {
  const url = new URL(postgresUrl === 'none' ? 'postgres://127.0.0.1:5432/test' : postgresUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: url.pathname.slice(1),
    user: decodeURIComponent(url.username) || process.env.PGUSER || userInfo().username,
    password: decodeURIComponent(url.password),
    sslMode: 'prefer',
  };
}

const TUNING: PostgresTuning = {
  poolMin: 1,
  poolMax: 3,
  connectTimeoutSeconds: 5,
  recycleSeconds: 600,
  isolationLevel: 'serializable',
  workMemMb: 16,
  maintenanceWorkMemMb: 96,
  effectiveCacheSizeMb: 2048,
  required: { sharedBuffersMb: 16, maxConnections: 5 },
};

describe('server requirement check', () => {
  it('warns for each server value below the configured one, and not at or above it', () => {
    const server = { sharedBuffersMb: 128, maxConnections: 100 };
    expect(serverShortfalls(server, { sharedBuffersMb: 128, maxConnections: 100 })).toEqual([]);
    expect(serverShortfalls(server, { sharedBuffersMb: 256, maxConnections: 200 })).toEqual([
      "The PostgreSQL server's shared_buffers is 128 MB, below postgres.shared_buffers_mb (256 MB); raise it in postgresql.conf",
      "The PostgreSQL server's max_connections is 100, below postgres.max_connections (200); raise it in postgresql.conf",
    ]);
  });
});

describe.skipIf(postgresUrl === 'none')('PostgreSQL built from the postgres.* settings', () => {
  const schema = `boot_${randomUUID().slice(0, 8)}`;
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
    const client = new pg.Client({ ...localServer(), ssl: false });
    await client.connect();
    await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
    await client.end();
  });

  const open = async (tuning: PostgresTuning): Promise<Kysely<Database>> => {
    const db = await openPostgresDatabase({ connection: localServer(), schema, tuning });
    opened.push({ close: () => db.destroy() });
    return db;
  };
  const show = async (db: Kysely<Database>, name: string): Promise<string> => {
    const result = await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(db);
    return Object.values(result.rows[0] ?? {})[0] ?? '';
  };

  it('sets the session settings and isolation level on every pooled connection', async () => {
    const db = await open(TUNING);
    // Three queries at once take all three pooled connections.
    const values = await Promise.all([1, 2, 3].map(() => show(db, 'work_mem')));
    expect(values).toEqual(['16MB', '16MB', '16MB']);
    expect(await show(db, 'maintenance_work_mem')).toBe('96MB');
    expect(await show(db, 'effective_cache_size')).toBe('2GB');
    expect(await show(db, 'default_transaction_isolation')).toBe('serializable');

    const other = await open({ ...TUNING, workMemMb: 5, isolationLevel: 'repeatable_read' });
    expect(await show(other, 'work_mem')).toBe('5MB');
    expect(await show(other, 'default_transaction_isolation')).toBe('repeatable read');
  });

  it('falls back to a plain connection under prefer when the server has no SSL, and fails under require', async () => {
    const plainServer = await (async () => {
      const client = new pg.Client({ ...localServer(), ssl: false });
      await client.connect();
      const row = await client.query<{ ssl: string }>('show ssl');
      await client.end();
      return row.rows[0]?.ssl === 'off';
    })();
    // With SSL on, both modes connect and there is nothing to tell apart.
    if (!plainServer) return;
    expect(await show(await open(TUNING), 'work_mem')).toBe('16MB');
    await expect(
      openPostgresDatabase({
        connection: { ...localServer(), sslMode: 'require' },
        schema,
        tuning: TUNING,
      }),
    ).rejects.toThrow(/does not support SSL/);
  });

  it('reports, as store warnings, a server below the configured shared_buffers and max_connections', async () => {
    const store: Store = await createStore({
      kind: 'postgres',
      connection: localServer(),
      schema,
      tuning: { ...TUNING, required: { sharedBuffersMb: 65536, maxConnections: 10000 } },
    });
    opened.push(store);
    expect(store.kind).toBe('postgres');
    expect(store.warnings).toEqual([
      expect.stringMatching(
        /shared_buffers is \d+ MB, below postgres\.shared_buffers_mb \(65536 MB\)/,
      ),
      expect.stringMatching(/max_connections is \d+, below postgres\.max_connections \(10000\)/),
    ]);

    const satisfied = await createStore({
      kind: 'postgres',
      connection: localServer(),
      schema,
      tuning: TUNING,
    });
    opened.push(satisfied);
    expect(satisfied.warnings).toEqual([]);
  });
});
