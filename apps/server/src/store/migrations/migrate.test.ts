import type { Kysely, Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresDialect, sqliteDialect } from '../dialect';
import { anomalyColumns, makeAnomaly, makeAuditInput } from '../test-factories';
import { TEST_STORE_KINDS, useTestStore } from '../test-stores';
import { storeMigrations } from './migrate';

const EXPECTED_TABLES = [
  'agent_state',
  'agent_status',
  'anomalies',
  'approved_actions',
  'audit_entries',
  'audit_head',
  'bus_journal',
  'config_values',
  'execution_leases',
  'executions',
  'incidents',
  'ingest_log',
  'notifications',
  'parked_executions',
  'registered_services',
  'templates',
  'topology_edges',
  'topology_nodes',
];

describe.each(TEST_STORE_KINDS)('%s store: migrations', (kind) => {
  const harness = useTestStore(kind);
  const dialect = kind === 'sqlite' ? sqliteDialect : postgresDialect;
  const storeTables = async () =>
    (await harness().tables()).filter(
      (name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'),
    );

  it('creates every table at boot and does nothing on a second run', async () => {
    expect((await storeTables()).sort()).toEqual(EXPECTED_TABLES);
    expect(await harness().migrate()).toEqual([]);
    expect(await harness().migrate()).toEqual([]);
  });

  it('keeps data across a restart', async () => {
    const anomaly = makeAnomaly();
    await harness().store.anomalies.insert(anomaly, anomalyColumns());
    const reopened = await harness().reopen();
    expect(await reopened.anomalies.get(anomaly.id)).toEqual(anomaly);
  });

  it('completes a half-applied schema: tables created but the migration not recorded', async () => {
    const t = harness();
    const anomaly = makeAnomaly();
    await t.store.anomalies.insert(anomaly, anomalyColumns());
    await t.store.audit.append(makeAuditInput());
    // As if the process died after some statements of each migration and before its bookkeeping.
    await t.exec('delete from kysely_migration');
    for (const statement of [
      'drop table config_values',
      'drop table topology_edges',
      'drop index anomalies_event_time_idx',
    ]) {
      await t.exec(statement);
    }
    const results = await t.migrate();
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(storeMigrations(dialect)).map((name) => [name, 'Success']),
    );
    expect((await storeTables()).sort()).toEqual(EXPECTED_TABLES);
    const store = await t.reopen();
    expect(await store.anomalies.get(anomaly.id)).toEqual(anomaly);
    // The seed row of the audit head was not reset by the second run.
    expect(await store.audit.verifyChain()).toEqual({ ok: true, checked: 1 });
    await store.config.setMany({ 'a.b': 1 });
    expect(await store.config.getAll()).toEqual({ 'a.b': 1 });
  });

  it('runs the batch again when a schema vanished under it (another client dropped one)', async () => {
    const t = harness();
    const vanished = () =>
      Object.assign(new Error('schema "someone_elses" does not exist'), { code: '3F000' });
    let failures = 1;
    const flaky: Migration = {
      up: async (db: Kysely<unknown>) => {
        await db.schema.createTable('after_race').ifNotExists().addColumn('id', 'text').execute();
        if (failures-- > 0) throw vanished();
      },
    };
    const results = await t.migrate({ ...storeMigrations(dialect), '0097_flaky': flaky });
    expect(results.map((r) => [r.migrationName, r.status])).toEqual([['0097_flaky', 'Success']]);
    expect(await t.tables()).toContain('after_race');

    let attempts = 0;
    const always: Migration = {
      up: async () => {
        attempts += 1;
        throw vanished();
      },
    };
    await expect(
      t.migrate({ ...storeMigrations(dialect), '0097_flaky': flaky, '0099_gone': always }),
    ).rejects.toThrow(/0099_gone.*does not exist/);
    expect(attempts).toBe(3);
  });

  it('rolls back a migration batch that fails mid-way, then completes on the next start', async () => {
    const t = harness();
    const broken: Migration = {
      up: async (db: Kysely<unknown>) => {
        await db.schema.createTable('half_done').ifNotExists().addColumn('id', 'text').execute();
        throw new Error('killed mid-way');
      },
    };
    const failing = {
      ...storeMigrations(dialect),
      '0098_next': {
        up: async (db: Kysely<unknown>) =>
          void (await db.schema.createTable('next_ok').addColumn('id', 'text').execute()),
      },
      '0099_broken': broken,
    };
    await expect(t.migrate(failing)).rejects.toThrow(/0099_broken.*killed mid-way/);
    const tables = await t.tables();
    expect(tables).not.toContain('half_done');
    expect(tables).not.toContain('next_ok');

    const { '0099_broken': _dropped, ...fixed } = failing;
    expect((await t.migrate(fixed)).map((r) => r.migrationName)).toEqual(['0098_next']);
    expect(await t.tables()).toContain('next_ok');
  });
});
