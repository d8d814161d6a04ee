import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type Store, type StoreOptions } from './create-store';
import { quoteIdentifier, withDefaultUser } from './postgres-database';
import { openReadReplica, replicaApplicationName } from './read-replica';
import { anomalyColumns, makeAnomaly, makeAuditInput } from './test-factories';

const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const url = postgresUrl === 'none' ? '' : withDefaultUser(postgresUrl);
// The only server here: the "replica" is the primary's own server, reached through a second pool.
const sameServer = () => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
};

let counter = 0;
const opened: { store: Store; schema: string }[] = [];

async function openStore(
  readReplica: { host: string; port: number } | undefined,
): Promise<{ store: Store; applicationName: string; schema: string }> {
  counter += 1;
  const schema = `vigil_replica_${process.pid}_${Date.now().toString(36)}_${counter}`;
  const applicationName = `vigil_test_${process.pid}_${counter}`;
  const options: StoreOptions = {
    kind: 'postgres',
    url,
    schema,
    poolSize: 1,
    applicationName,
    ...(readReplica ? { readReplica } : {}),
  };
  const store = await createStore(options);
  opened.push({ store, schema });
  return { store, applicationName, schema };
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The last statement of each connection a pool holds, as the server saw it. */
const lastStatements = (applicationName: string): Promise<string[]> =>
  withClient(async (client) => {
    const result = await client.query<{ query: string }>(
      'select query from pg_stat_activity where application_name = $1 order by pid',
      [applicationName],
    );
    return result.rows.map((row) => row.query);
  });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

afterEach(async () => {
  for (const { store, schema } of opened.splice(0)) {
    await store.close();
    await withClient((client) =>
      client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`),
    );
  }
});

describe.skipIf(postgresUrl === 'none')('postgres.read_replica', () => {
  it('sends list and count reads through the replica pool, and writes through the primary', async () => {
    const { store, applicationName } = await openStore(sameServer());
    const replicaName = replicaApplicationName(applicationName);
    expect(store.readsFrom).toBe('replica');
    expect(store.warnings).toEqual([]);

    const now = Date.UTC(2026, 2, 1, 12);
    await store.anomalies.insert(makeAnomaly({ eventTime: now }), anomalyColumns(now));
    // Its one connection has only checked the schema exists: the write went elsewhere.
    expect(await lastStatements(replicaName)).toEqual([
      'select 1 from pg_namespace where nspname = $1',
    ]);

    const page = await store.reads.anomalies.list({
      sinceMs: 0,
      page: 1,
      pageSize: 10,
      includeSuppressed: true,
    });
    expect(page.total).toBe(1);
    const [afterList] = await lastStatements(replicaName);
    expect(afterList).toMatch(/^select .*from "anomalies"/i);
    // The primary's connection did not run the list.
    expect((await lastStatements(applicationName)).join('\n')).not.toMatch(/from "anomalies"/i);

    await store.audit.append(makeAuditInput({ timestamp: new Date(now).toISOString() }));
    await store.anomalies.insert(makeAnomaly({ eventTime: now + 1 }), anomalyColumns(now));
    expect(await lastStatements(replicaName)).toEqual([afterList]);

    expect((await store.reads.audit.list({ page: 1, pageSize: 10 })).total).toBe(1);
    expect((await lastStatements(replicaName))[0]).toMatch(/from "audit_entries"/i);
    expect(await store.reads.anomalies.countSince(0)).toBe(2);
    expect(await store.reads.incidents.countOpen()).toBe(0);
    expect((await lastStatements(replicaName))[0]).toMatch(/from "incidents"/i);
  });

  it('opens replica sessions read-only: a write through one fails', async () => {
    const { schema } = await openStore(undefined);
    const warnings: string[] = [];
    const replica = await openReadReplica(
      { url, schema, poolSize: 1, replica: sameServer() },
      (warning) => warnings.push(warning),
    );
    if (!replica) throw new Error(`replica did not open: ${warnings.join('; ')}`);
    try {
      const setting = await sql<{
        on: string;
      }>`select current_setting('default_transaction_read_only') as on`.execute(replica);
      expect(setting.rows[0]?.on).toBe('on');
      await expect(
        replica
          .insertInto('config_values')
          .values({ key: 'x', value: '1', updated_at: 0 })
          .execute(),
      ).rejects.toMatchObject({ code: '25006' });
      await expect(sql`create table replica_write (id int)`.execute(replica)).rejects.toMatchObject(
        { code: '25006' },
      );
    } finally {
      await replica.destroy();
    }
  });

  it('warns and reads from the primary when the replica cannot be reached, without failing the start', async () => {
    const port = await closedPort();
    const { store, applicationName } = await openStore({ host: '127.0.0.1', port });
    expect(store.readsFrom).toBe('primary');
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toContain(`read replica at 127.0.0.1:${port}`);
    expect(store.warnings[0]).toContain('reads go to the primary');
    expect(store.reads.anomalies).toBe(store.anomalies);

    const now = Date.UTC(2026, 2, 1, 12);
    await store.anomalies.insert(makeAnomaly({ eventTime: now }), anomalyColumns(now));
    expect(
      (
        await store.reads.anomalies.list({
          sinceMs: 0,
          page: 1,
          pageSize: 5,
          includeSuppressed: true,
        })
      ).total,
    ).toBe(1);
    expect(await lastStatements(replicaApplicationName(applicationName))).toEqual([]);
  });

  it('keeps one pool when disabled', async () => {
    const { store, applicationName } = await openStore(undefined);
    expect(store.readsFrom).toBe('primary');
    expect(store.reads.audit).toBe(store.audit);
    await store.reads.audit.stats({});
    expect(await lastStatements(applicationName)).toHaveLength(1);
    expect(await lastStatements(replicaApplicationName(applicationName))).toEqual([]);
  });
});

describe('the SQLite store', () => {
  it('reads from its own repositories', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-replica-'));
    const store = await createStore({ kind: 'sqlite', dataDir });
    try {
      expect(store.readsFrom).toBe('primary');
      expect(store.reads.anomalies).toBe(store.anomalies);
      expect(store.reads.incidents).toBe(store.incidents);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
