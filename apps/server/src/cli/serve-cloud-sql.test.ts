import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, IntegrationList } from '@vigil/contract';
import {
  proxyPortFree,
  startLocalCloudSql,
  writeServiceAccountKey,
  type LocalCloudSql,
} from '../integrations/cloud-sql/local-cloud-sql';
import { bootSettingsPath } from '../settings/boot-settings';
import { quoteIdentifier, withDefaultUser } from '../store/postgres-database';

const bin = fileURLToPath(new URL('../../bin/vigil.js', import.meta.url));
const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const Integrations = envelope(IntegrationList);
// Not 127.0.0.1: the store's Cloud SQL test may hold 127.0.0.1:3307 at the same time.
const INSTANCE_IP = '127.0.0.3';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  visited: unknown;
}

/** Starts `vigil serve`, runs `visit` once it listens, then stops it. */
function serve(dataDir: string, env: NodeJS.ProcessEnv, visit: (url: string) => Promise<void>) {
  return new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [bin, 'serve', '--data-dir', dataDir, '--port', '0'], {
      env: {
        ...process.env,
        VIGIL_API_TOKEN: '',
        DATABASE_URL: '',
        VIGIL_WEB_DIST: join(dataDir, 'no-console'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '', visited: 'never listened' };
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      const match = /^Vigil listening on (http:\/\/\S+)$/m.exec(chunk.toString());
      if (!match?.[1]) return;
      void visit(match[1])
        .then(
          () => (run.visited = true),
          (error: unknown) => (run.visited = error),
        )
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ ...run, code }));
  });
}

const usable = postgresUrl !== 'none' && (await proxyPortFree(INSTANCE_IP));

describe.skipIf(!usable)('vigil serve on a Cloud SQL instance (postgres.connection_name)', () => {
  const server = new URL(postgresUrl === 'none' ? 'postgres://127.0.0.1/test' : postgresUrl);
  const user = decodeURIComponent(server.username) || process.env.PGUSER || userInfo().username;
  const schema = `serve_cloudsql_${randomUUID().slice(0, 8)}`;
  let cloudSql: LocalCloudSql;
  let dir: string;
  let keyPath: string;

  beforeAll(async () => {
    cloudSql = await startLocalCloudSql({
      project: 'acme-prod',
      region: 'europe-west1',
      instance: 'vigil-db',
      ip: INSTANCE_IP,
      postgres: { host: server.hostname, port: Number(server.port || 5432) },
    });
    dir = await mkdtemp(join(tmpdir(), 'vigil-serve-cloudsql-'));
    keyPath = await writeServiceAccountKey(dir, cloudSql.url);
  });

  afterAll(async () => {
    const client = new pg.Client({ connectionString: withDefaultUser(postgresUrl) });
    await client.connect();
    await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
    await client.end();
    await cloudSql.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** host and port name no server: only the Cloud SQL connector can reach PostgreSQL. */
  const bootFile = (connectionName: string) =>
    writeFile(
      bootSettingsPath(dir),
      JSON.stringify({
        'database.engine': 'postgres',
        'postgres.host': 'db.invalid',
        'postgres.port': 1,
        'postgres.database': server.pathname.slice(1),
        'postgres.user': user,
        'postgres.password': decodeURIComponent(server.password),
        'postgres.connection_name': connectionName,
        'postgres.credentials_path': keyPath,
      }),
      { mode: 0o600 },
    );
  const env = () => ({
    VIGIL_CLOUDSQL_ADMIN_ENDPOINT: cloudSql.url,
    VIGIL_DATABASE_SCHEMA: schema,
  });

  it('runs on the instance: the card says so, and a save lands in PostgreSQL', async () => {
    await bootFile('acme-prod:europe-west1:vigil-db');
    const run = await serve(dir, env(), async (url) => {
      const cards = Integrations.parse(
        await (await fetch(`${url}/api/settings/integrations`)).json(),
      ).data.integrations;
      expect(cards.find((card) => card.type === 'postgres')).toMatchObject({
        status: 'configured',
        used_by_deployment: true,
        status_detail: expect.stringContaining(
          'Cloud SQL instance acme-prod:europe-west1:vigil-db, through the Cloud SQL connector',
        ) as unknown,
      });
      const saved = await fetch(`${url}/api/settings/global`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ 'otel.timeout_seconds': 23 }),
      });
      expect(saved.status).toBe(200);
      const put = (value: string) =>
        fetch(`${url}/api/settings/global`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ 'postgres.connection_name': value }),
        });
      const refused = await put('vigil-db');
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('postgres.connection_name');
      // A saved name is what the next start dials.
      expect((await put('acme-prod:europe-west1:next-db')).status).toBe(200);
    });
    expect(run.visited).toBe(true);
    expect(run.code).toBe(0);
    expect(JSON.parse(await readFile(bootSettingsPath(dir), 'utf8'))).toMatchObject({
      'postgres.connection_name': 'acme-prod:europe-west1:next-db',
    });
    expect(cloudSql.tlsSessions.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: withDefaultUser(postgresUrl) });
    await client.connect();
    const rows = await client.query<{ value: unknown }>(
      `select value from ${quoteIdentifier(schema)}.config_values where key = 'otel.timeout_seconds'`,
    );
    await client.end();
    expect(rows.rows).toHaveLength(1);
  });

  it('refuses to start, naming the setting, on a malformed connection name', async () => {
    await bootFile('vigil-db');
    const run = await serve(dir, env(), async () => undefined);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'boot-settings.json: postgres.connection_name: Expected a Cloud SQL instance connection name: project:region:instance',
    );
  });

  it('refuses to start, naming the instance, when the Admin API does not know it', async () => {
    await bootFile('acme-prod:europe-west1:other-db');
    const run = await serve(dir, env(), async () => undefined);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "vigil serve: Cannot open Cloud SQL instance 'acme-prod:europe-west1:other-db' (postgres.connection_name): Admin API answered HTTP 404",
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
