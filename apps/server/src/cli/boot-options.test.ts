import { describe, expect, it } from 'vitest';
import { pickBootValue, resolveBootSettings } from './boot-options';
import { UsageError } from './usage-error';

describe('boot value precedence', () => {
  it('takes the flag, then the environment, then the boot file, then the default', () => {
    expect(pickBootValue({ flag: 'f', env: 'e', file: 'b', fallback: 'd' })).toBe('f');
    expect(pickBootValue({ env: 'e', file: 'b', fallback: 'd' })).toBe('e');
    expect(pickBootValue({ file: 'b', fallback: 'd' })).toBe('b');
    expect(pickBootValue({ fallback: 'd' })).toBe('d');
    // A false flag is a value, not an absence.
    expect(pickBootValue({ flag: false, env: true, fallback: true })).toBe(false);
  });
});

describe('resolveBootSettings', () => {
  const file = {
    'server.host': '127.0.0.3',
    'server.port': 9300,
    'server.log_level': 'ERROR',
    'database.engine': 'postgres',
  };

  it('falls back to the schema defaults without flags, environment or file', () => {
    const boot = resolveBootSettings({}, {}, {});
    expect(boot).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      logLevel: 'info',
      logRequests: false,
      engine: 'sqlite',
      notes: [],
    });
  });

  it('takes server and database values from the boot file', () => {
    expect(resolveBootSettings({}, {}, file)).toMatchObject({
      host: '127.0.0.3',
      port: 9300,
      logLevel: 'error',
      engine: 'postgres',
    });
  });

  it('lets the environment win over the file, and flags over both', () => {
    const env = {
      VIGIL_HOST: '127.0.0.4',
      VIGIL_PORT: '9400',
      VIGIL_LOG_LEVEL: 'warning',
      VIGIL_DATABASE_ENGINE: 'sqlite',
    };
    expect(resolveBootSettings({}, env, file)).toMatchObject({
      host: '127.0.0.4',
      port: 9400,
      logLevel: 'warn',
      engine: 'sqlite',
    });
    const flags = {
      host: '127.0.0.5',
      port: '0',
      'log-level': 'CRITICAL',
      'database-engine': 'postgres',
    };
    expect(resolveBootSettings(flags, env, file)).toMatchObject({
      host: '127.0.0.5',
      port: 0,
      logLevel: 'fatal',
      engine: 'postgres',
    });
  });

  it('turns the level to debug, with request lines, when debug is on from any source', () => {
    expect(
      resolveBootSettings({}, {}, { 'server.debug': true, 'server.log_level': 'ERROR' }),
    ).toMatchObject({ logLevel: 'debug', logRequests: true });
    expect(resolveBootSettings({}, { VIGIL_DEBUG: 'true' }, {}).logLevel).toBe('debug');
    expect(
      resolveBootSettings({ debug: false }, { VIGIL_DEBUG: '1' }, { 'server.debug': true })
        .logLevel,
    ).toBe('info');
  });

  it('builds the PostgreSQL target and tuning from the postgres.* values', () => {
    const boot = resolveBootSettings(
      {},
      {},
      {
        'postgres.host': 'db.internal',
        'postgres.port': 6432,
        'postgres.password': 'pw',
        'postgres.ssl_mode': 'require',
        'postgres.pool_max_size': 6,
        'postgres.work_mem_mb': 16,
        'postgres.timeout_seconds': 7,
        'postgres.isolation_level': 'serializable',
      },
    );
    expect(boot.postgres.connection).toEqual({
      host: 'db.internal',
      port: 6432,
      database: 'vigil',
      user: 'vigil',
      password: 'pw',
      sslMode: 'require',
    });
    expect(boot.postgres.tuning).toMatchObject({
      poolMin: 1,
      poolMax: 6,
      connectTimeoutSeconds: 7,
      recycleSeconds: 3600,
      isolationLevel: 'serializable',
      workMemMb: 16,
      maintenanceWorkMemMb: 64,
      required: { sharedBuffersMb: 128, maxConnections: 100 },
    });
  });

  it('carries the read replica only when enabled with a host', () => {
    expect(resolveBootSettings({}, {}, {}).postgres.readReplica).toBeNull();
    const off = resolveBootSettings({}, {}, { 'postgres.read_replica.host': 'db-replica' });
    expect(off.postgres.readReplica).toBeNull();
    const on = resolveBootSettings(
      {},
      {},
      {
        'postgres.read_replica.enabled': true,
        'postgres.read_replica.host': ' db-replica ',
        'postgres.read_replica.port': 6433,
      },
    );
    expect(on.postgres.readReplica).toEqual({ host: 'db-replica', port: 6433 });
    expect(on.notes).toEqual([]);
    const noHost = resolveBootSettings({}, {}, { 'postgres.read_replica.enabled': true });
    expect(noHost.postgres.readReplica).toBeNull();
    expect(noHost.notes).toEqual([
      expect.stringContaining('postgres.read_replica.host is empty: reads use the primary'),
    ]);
  });

  it('carries the Cloud SQL instance when the engine is postgres and a connection name is set', () => {
    const cloudFile = {
      'database.engine': 'postgres',
      'postgres.connection_name': 'acme-prod:europe-west1:vigil-db',
      'postgres.credentials_path': '/secrets/sa.json',
    };
    expect(resolveBootSettings({}, {}, cloudFile).postgres.cloudSql).toEqual({
      connectionName: 'acme-prod:europe-west1:vigil-db',
      credentialsPath: '/secrets/sa.json',
    });
    const env = { VIGIL_CLOUDSQL_ADMIN_ENDPOINT: 'http://127.0.0.1:9099' };
    expect(resolveBootSettings({}, env, cloudFile).postgres.cloudSql).toMatchObject({
      adminEndpoint: 'http://127.0.0.1:9099',
    });
    expect(
      resolveBootSettings({}, {}, { 'database.engine': 'postgres' }).postgres.cloudSql,
    ).toBeNull();
    expect(
      resolveBootSettings({ 'database-engine': 'sqlite' }, {}, cloudFile).postgres.cloudSql,
    ).toBeNull();
  });

  it('refuses a malformed connection name or admin endpoint, naming it, only on postgres', () => {
    const bad = { 'database.engine': 'postgres', 'postgres.connection_name': 'vigil-db' };
    expect(() => resolveBootSettings({}, {}, bad)).toThrow(UsageError);
    expect(() => resolveBootSettings({}, {}, bad)).toThrow(
      "postgres.connection_name 'vigil-db' is not a Cloud SQL instance connection name",
    );
    expect(() => resolveBootSettings({ 'database-engine': 'sqlite' }, {}, bad)).not.toThrow();
    expect(() =>
      resolveBootSettings(
        {},
        { VIGIL_CLOUDSQL_ADMIN_ENDPOINT: 'sqladmin.local' },
        { ...bad, 'postgres.connection_name': 'acme-prod:europe-west1:vigil-db' },
      ),
    ).toThrow("VIGIL_CLOUDSQL_ADMIN_ENDPOINT must be an http(s) URL, got 'sqladmin.local'");
  });

  it('starts on SQLite, saying why, when the file names an engine with no sink here', () => {
    const boot = resolveBootSettings({}, {}, { 'database.engine': 'bigquery' });
    expect(boot.engine).toBe('sqlite');
    expect(boot.notes).toEqual([expect.stringContaining("database.engine is 'bigquery'")]);
  });

  it.each([
    [{ 'database-engine': 'hybrid' }, {}, "--database-engine 'hybrid' is not available"],
    [{}, { VIGIL_DATABASE_ENGINE: 'mysql' }, 'VIGIL_DATABASE_ENGINE must be sqlite or postgres'],
    [{ 'log-level': 'loud' }, {}, '--log-level must be one of DEBUG, INFO, WARNING'],
    [{}, { VIGIL_LOG_LEVEL: 'trace' }, 'VIGIL_LOG_LEVEL must be one of'],
    [{}, { VIGIL_DEBUG: 'maybe' }, 'VIGIL_DEBUG must be true or false'],
    [{}, { VIGIL_PORT: '99999' }, 'VIGIL_PORT must be 0 to 65535'],
  ])('refuses %j %j naming the problem', (flags, env, message) => {
    expect(() => resolveBootSettings(flags, env, {})).toThrow(UsageError);
    expect(() => resolveBootSettings(flags, env, {})).toThrow(message);
  });
});
