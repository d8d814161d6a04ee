import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseServeOptions } from '../../cli/serve-options';
import { createStore, type StoreOptions } from '../../store/create-store';
import { quoteIdentifier, withDefaultUser } from '../../store/postgres-database';
import { replicaApplicationName } from '../../store/read-replica';
import {
  anomalyColumns,
  makeAnomaly,
  makeAuditInput,
  makeIncidentInput,
} from '../../store/test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const url = postgresUrl === 'none' ? '' : withDefaultUser(postgresUrl);
// The only server here: the "replica" is the primary's own server, reached through a second pool.
const sameServer = () => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
};
const freshName = (prefix: string) =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dropSchema = (schema: string) =>
  withClient((client) => client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`));

const statementsOf = (applicationName: string): Promise<string[]> =>
  withClient(async (client) => {
    const result = await client.query<{ query: string }>(
      'select query from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return result.rows.map((row) => row.query);
  });

/**
 * Ends the pool's server connections, runs `work`, and answers what the connections the pool
 * opened meanwhile ran: nothing when `work` did not use the pool at all.
 */
async function statementsDuring(applicationName: string, work: () => Promise<void>) {
  await withClient((client) =>
    client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    ),
  );
  for (let tries = 0; (await statementsOf(applicationName)).length > 0; tries += 1)
    if (tries > 100) throw new Error('replica connections did not end');
  // Let the pool see its connections close before it hands one out.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await work();
  return statementsOf(applicationName);
}

describe.skipIf(postgresUrl === 'none')('routes on a store with a read replica', () => {
  const schema = freshName('vigil_replica_routes');
  const applicationName = freshName('vigil_routes');
  const replicaName = replicaApplicationName(applicationName);
  let app: TestApp;
  let anomalyId = '';

  beforeAll(async () => {
    app = await createTestApp({
      store: {
        kind: 'postgres',
        url,
        schema,
        poolSize: 4,
        applicationName,
        readReplica: sameServer(),
      },
    });
    const now = app.clock.now();
    const incident = await app.store.incidents.create(
      makeIncidentInput({ openedAt: now - 60_000 }),
    );
    const anomaly = makeAnomaly({
      eventTime: now - 30_000,
      incidentId: incident.id,
      isPrimary: true,
    });
    anomalyId = anomaly.id;
    await app.store.anomalies.insert(anomaly, anomalyColumns(now));
    await app.store.audit.append(makeAuditInput({ timestamp: new Date(now).toISOString() }));
  });
  afterAll(async () => {
    await app.dispose();
    await dropSchema(schema);
  });

  const get = async (path: string) => {
    const response = await app.http.inject({ method: 'GET', url: path });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: unknown }>();
  };

  it.each([
    ['/api/anomalies?time_filter=all', /from "anomalies"/i],
    ['/api/anomalies?time_filter=all&group_by_incident=true', /from "incidents"/i],
    ['/api/audit/trail', /from "audit_entries"/i],
    ['/api/audit/stats', /from "audit_entries"/i],
    ['/api/dashboard/overview', /from "(incidents|anomalies)"/i],
  ])('GET %s reads through the replica pool', async (path, table) => {
    const statements = await statementsDuring(replicaName, async () => void (await get(path)));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((statement) => table.test(statement))).toBe(true);
    for (const statement of statements) expect(statement).toMatch(/^select /i);
  });

  it('answers the lists from the same data the primary holds', async () => {
    const body = (await get('/api/anomalies?time_filter=all')) as {
      data: { anomalies: { id: string }[] };
    };
    expect(body.data.anomalies.map((anomaly) => anomaly.id)).toEqual([anomalyId]);
  });

  it('leaves writes, and reads of one record, on the primary', async () => {
    const statements = await statementsDuring(replicaName, async () => {
      const feedback = await app.http.inject({
        method: 'POST',
        url: `/api/anomalies/${anomalyId}/feedback`,
        payload: { verdict: 'false_positive', by: 'test' },
      });
      expect(feedback.statusCode, feedback.body).toBe(200);
      await get(`/api/anomalies/${anomalyId}`);
    });
    expect(statements).toEqual([]);
  });
});

describe.skipIf(postgresUrl === 'none')('postgres.read_replica.* saved in the console', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('decides at the next start whether reads use a second, read-only pool', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-replica-boot-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const console = await createTestApp({ bootSettingsDir: dataDir });
    cleanup.push(() => console.dispose());
    const save = async (values: Record<string, unknown>) => {
      const response = await console.http.inject({
        method: 'PUT',
        url: '/api/settings/global',
        payload: values,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const schema = freshName('vigil_replica_boot');
    const applicationName = freshName('vigil_boot');
    cleanup.push(() => dropSchema(schema));
    const nextStart = async () => {
      const parsed = parseServeOptions(['--data-dir', dataDir], {
        DATABASE_URL: url,
        VIGIL_DATABASE_SCHEMA: schema,
      });
      if (parsed.store.kind !== 'postgres') throw new Error('expected a PostgreSQL store');
      const options: StoreOptions = { ...parsed.store, applicationName, poolSize: 1 };
      const store = await createStore(options);
      try {
        await store.reads.anomalies.countSince(0);
        return {
          options: parsed.store,
          readsFrom: store.readsFrom,
          warnings: store.warnings,
          replicaStatements: await statementsOf(replicaApplicationName(applicationName)),
        };
      } finally {
        await store.close();
      }
    };

    const { host, port } = sameServer();
    await save({
      'postgres.read_replica.enabled': true,
      'postgres.read_replica.host': host,
      'postgres.read_replica.port': port,
    });
    const withReplica = await nextStart();
    expect(withReplica.options).toMatchObject({ readReplica: { host, port } });
    expect(withReplica.readsFrom).toBe('replica');
    expect(withReplica.replicaStatements.some((s) => /from "anomalies"/i.test(s))).toBe(true);

    await save({ 'postgres.read_replica.port': 1 });
    const unreachable = await nextStart();
    expect(unreachable.readsFrom).toBe('primary');
    expect(unreachable.warnings).toEqual([expect.stringContaining(`read replica at ${host}:1`)]);

    await save({ 'postgres.read_replica.enabled': false, 'postgres.read_replica.port': port });
    const disabled = await nextStart();
    expect(disabled.options).not.toHaveProperty('readReplica');
    expect(disabled.readsFrom).toBe('primary');
    expect(disabled.replicaStatements).toEqual([]);
  });
});
