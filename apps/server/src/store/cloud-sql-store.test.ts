import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  proxyPortFree,
  startLocalCloudSql,
  writeServiceAccountKey,
  type LocalCloudSql,
} from '../integrations/cloud-sql/local-cloud-sql';
import { LOCAL_ACCESS_TOKEN } from '../integrations/google-auth/local-google-auth';
import { CloudSqlSettingError } from './cloud-sql-target';
import { createStore, type StoreOptions } from './create-store';
import { quoteIdentifier, withDefaultUser } from './postgres-database';

const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const url = postgresUrl === 'none' ? '' : new URL(withDefaultUser(postgresUrl));

const portFree = url !== '' && (await proxyPortFree());

describe.skipIf(!portFree)('a PostgreSQL store through the Cloud SQL connector', () => {
  let cloudSql: LocalCloudSql;
  let dir: string;
  let keyPath: string;
  const schemas: string[] = [];

  beforeAll(async () => {
    if (url === '') return;
    cloudSql = await startLocalCloudSql({
      project: 'vigil-test',
      region: 'europe-west1',
      instance: 'vigil-db',
      postgres: { host: url.hostname, port: Number(url.port || 5432) },
    });
    dir = await mkdtemp(join(tmpdir(), 'vigil-cloudsql-'));
    keyPath = await writeServiceAccountKey(dir, cloudSql.url);
  });

  afterAll(async () => {
    if (url === '') return;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    for (const schema of schemas)
      await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
    await client.end();
    await cloudSql.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Host and port name a server that does not exist: only the connector can reach PostgreSQL. */
  const options = (connectionName: string, credentialsPath: string): StoreOptions => {
    const schema = `vigil_cloudsql_${process.pid}_${schemas.length}`;
    schemas.push(schema);
    return {
      kind: 'postgres',
      schema,
      poolSize: 1,
      connection: {
        host: 'unreachable.invalid',
        port: 1,
        database: url === '' ? '' : url.pathname.slice(1),
        user: url === '' ? '' : decodeURIComponent(url.username),
        password: url === '' ? '' : decodeURIComponent(url.password),
        sslMode: 'verify-full',
      },
      cloudSql: { connectionName, credentialsPath, adminEndpoint: cloudSql.url },
    };
  };

  it('writes and reads back through the instance, with an ephemeral client certificate', async () => {
    const before = cloudSql.tlsSessions.length;
    const store = await createStore(options(cloudSql.connectionName, keyPath));
    try {
      await store.config.setMany({ 'postgres.connection_name': cloudSql.connectionName });
      expect(await store.config.getAll()).toMatchObject({
        'postgres.connection_name': 'vigil-test:europe-west1:vigil-db',
      });
    } finally {
      await store.close();
    }
    expect(cloudSql.tokensIssued).toBeGreaterThan(0);
    const calls = cloudSql.adminCalls.map((call) => `${call.method} ${call.path}`);
    expect(calls).toContain(
      'GET /sql/v1beta4/projects/vigil-test/instances/vigil-db/connectSettings',
    );
    expect(calls).toContain(
      'POST /sql/v1beta4/projects/vigil-test/instances/vigil-db:generateEphemeralCert',
    );
    expect(
      cloudSql.adminCalls.every((call) => call.authorization === `Bearer ${LOCAL_ACCESS_TOKEN}`),
    ).toBe(true);
    const sessions = cloudSql.tlsSessions.slice(before);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions[0]).toEqual({ clientCertCn: 'vigil-ephemeral', protocol: 'TLSv1.3' });
  });

  it('refuses an instance the Admin API does not know, naming it', async () => {
    const error = await createStore(options('vigil-test:europe-west1:no-such-db', keyPath)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CloudSqlSettingError);
    expect((error as Error).message).toMatch(
      /Cannot open Cloud SQL instance 'vigil-test:europe-west1:no-such-db' \(postgres\.connection_name\)/,
    );
  });

  it("refuses a region that is not the instance's", async () => {
    const error = await createStore(options('vigil-test:us-central1:vigil-db', keyPath)).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toMatch(/'vigil-test:us-central1:vigil-db'.*region/i);
  });

  it('names an unreadable credentials file', async () => {
    const notKey = join(dir, 'not-a-key.json');
    await writeFile(notKey, '{"hello": 1}');
    const error = await createStore(options(cloudSql.connectionName, notKey)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CloudSqlSettingError);
    expect((error as Error).message).toMatch(
      /postgres\.credentials_path '.*not-a-key\.json': The credentials file is not a service-account key/,
    );
  });
});
