import { describe, expect, it } from 'vitest';
import type { ConfigValues } from '../config/types';
import { BootSettingsError } from '../settings/boot-settings';
import { parseServeOptions as parseWithFile, UsageError } from './serve-options';

/** No boot file: these cases are about flags and environment. */
const parseServeOptions = (argv: string[], env: NodeJS.ProcessEnv) =>
  parseWithFile(argv, env, () => ({}));

describe('serve options', () => {
  it('defaults to loopback, port 8080 and SQLite in ./data', () => {
    const options = parseServeOptions([], {});
    expect(options.host).toBe('127.0.0.1');
    expect(options.port).toBe(8080);
    expect(options.store.kind).toBe('sqlite');
    expect(options.demo).toBe(false);
    expect(options.apiToken).toBeNull();
  });

  it('takes environment variables, and flags over them', () => {
    const env = {
      VIGIL_HOST: '0.0.0.0',
      VIGIL_PORT: '9000',
      DATABASE_URL: 'postgres://x/y',
      VIGIL_API_TOKEN: 't',
    };
    const fromEnv = parseServeOptions([], env);
    expect(fromEnv).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      apiToken: 't',
      store: { kind: 'postgres', url: 'postgres://x/y' },
    });
    const fromFlags = parseServeOptions(['--host', '127.0.0.2', '--port', '0', '--demo'], env);
    expect(fromFlags).toMatchObject({ host: '127.0.0.2', port: 0, demo: true });
    expect(parseServeOptions(['--no-demo'], {}).demo).toBe(false);
  });

  it('takes the demo flags; a demo flag turns the demo on', () => {
    expect(parseServeOptions([], {})).toMatchObject({
      demo: false,
      demoSpeed: 1,
      demoFault: null,
      demoControlPort: 8089,
    });
    expect(
      parseServeOptions(
        ['--demo-speed', '10', '--demo-fault', 'disk-full', '--demo-control-port', '0'],
        {},
      ),
    ).toMatchObject({ demo: true, demoSpeed: 10, demoFault: 'disk-full', demoControlPort: 0 });
  });

  it.each([
    [['--demo-speed', '0'], '--demo-speed must be a number above 0'],
    [['--demo-speed', 'fast'], '--demo-speed must be a number above 0'],
    [['--demo-fault', 'meteor'], '--demo-fault must be one of db-pool-exhaustion'],
    [['--demo-control-port', '99999'], '--demo-control-port must be 0 to 65535'],
    [['--no-demo', '--demo-fault', 'disk-full'], '--no-demo cannot be combined'],
  ])('refuses demo flags %j with a message naming the problem', (argv, message) => {
    expect(() => parseServeOptions(argv, {})).toThrow(message);
  });

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--bogus']], [['stray']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseServeOptions(argv, {})).toThrow(UsageError);
    },
  );

  describe('with a boot settings file', () => {
    const file: Partial<ConfigValues> = {
      'server.port': 9500,
      'database.engine': 'postgres',
      'postgres.host': 'db.internal',
      'postgres.pool_max_size': 4,
    };
    const withFile = (argv: string[], env: NodeJS.ProcessEnv) =>
      parseWithFile(argv, env, (dataDir) => {
        expect(dataDir).toBe('/srv/vigil');
        return file;
      });

    it('reads the file in the data dir: port, and a PostgreSQL store from postgres.*', () => {
      const options = withFile(['--data-dir', '/srv/vigil'], {});
      expect(options.port).toBe(9500);
      expect(options.store).toMatchObject({
        kind: 'postgres',
        connection: { host: 'db.internal', port: 5432, sslMode: 'prefer' },
        tuning: { poolMax: 4 },
      });
    });

    it('lets DATABASE_URL and --database-url replace the target, keeping the tuning', () => {
      const options = withFile(['--data-dir', '/srv/vigil'], {
        DATABASE_URL: 'postgres://a/b',
        VIGIL_DATABASE_SCHEMA: 'tenant_1',
      });
      expect(options.store).toEqual({
        kind: 'postgres',
        url: 'postgres://a/b',
        schema: 'tenant_1',
        tuning: expect.objectContaining({ poolMax: 4 }) as unknown,
      });
      expect(
        withFile(['--data-dir', '/srv/vigil', '--database-url', 'postgres://c/d'], {}).store,
      ).toMatchObject({ url: 'postgres://c/d' });
    });

    it('carries an enabled read replica to the store, with a URL target too', () => {
      const replicaFile: Partial<ConfigValues> = {
        ...file,
        'postgres.read_replica.enabled': true,
        'postgres.read_replica.host': 'db-replica',
        'postgres.read_replica.port': 6433,
      };
      const readReplica = { host: 'db-replica', port: 6433 };
      expect(parseWithFile([], {}, () => replicaFile).store).toMatchObject({
        connection: { host: 'db.internal' },
        readReplica,
      });
      expect(
        parseWithFile([], { DATABASE_URL: 'postgres://a/b' }, () => replicaFile).store,
      ).toMatchObject({ url: 'postgres://a/b', readReplica });
      expect(withFile(['--data-dir', '/srv/vigil'], {}).store).not.toHaveProperty('readReplica');
    });

    it('dials the primary through Cloud SQL when postgres.connection_name is set, not with a URL', () => {
      const cloudFile: Partial<ConfigValues> = {
        ...file,
        'postgres.connection_name': 'acme-prod:europe-west1:vigil-db',
        'postgres.credentials_path': '/secrets/sa.json',
      };
      expect(parseWithFile([], {}, () => cloudFile).store).toMatchObject({
        connection: { host: 'db.internal' },
        cloudSql: {
          connectionName: 'acme-prod:europe-west1:vigil-db',
          credentialsPath: '/secrets/sa.json',
        },
      });
      expect(
        parseWithFile([], { DATABASE_URL: 'postgres://a/b' }, () => cloudFile).store,
      ).not.toHaveProperty('cloudSql');
      expect(withFile(['--data-dir', '/srv/vigil'], {}).store).not.toHaveProperty('cloudSql');
    });

    it('lets flags and environment pick the engine and port over the file', () => {
      expect(
        withFile(['--data-dir', '/srv/vigil', '--database-engine', 'sqlite'], {}).store,
      ).toEqual({ kind: 'sqlite', dataDir: '/srv/vigil' });
      expect(withFile(['--data-dir', '/srv/vigil'], { VIGIL_PORT: '9600' }).port).toBe(9600);
    });

    it('turns an unreadable file into a usage error', () => {
      expect(() =>
        parseWithFile([], {}, () => {
          throw new BootSettingsError('boot-settings.json is not valid JSON');
        }),
      ).toThrow(UsageError);
    });
  });
});
