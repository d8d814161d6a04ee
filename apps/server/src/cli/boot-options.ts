import { FIELD_BY_PATH } from '../config/schema';
import { DATABASE_ENGINES, LOG_LEVELS } from '../config/schema/global';
import type { ConfigValue, ConfigValues } from '../config/types';
import type {
  IsolationLevel,
  PostgresConnection,
  PostgresTuning,
  SslMode,
} from '../store/postgres-tuning';
import type { ReadReplica } from '../store/read-replica';
import {
  CloudSqlSettingError,
  cloudSqlTargetFrom,
  type CloudSqlTarget,
} from '../store/cloud-sql-target';
import { UsageError } from './usage-error';

/** One boot setting from its four sources: flag > environment > boot file > schema default. */
export function pickBootValue<T>(sources: {
  flag?: T | undefined;
  env?: T | undefined;
  file?: T | undefined;
  fallback: T;
}): T {
  return sources.flag ?? sources.env ?? sources.file ?? sources.fallback;
}

/** The boot flags of `vigil serve` (strings as typed). */
export interface BootFlags {
  host?: string | undefined;
  port?: string | undefined;
  'log-level'?: string | undefined;
  debug?: boolean | undefined;
  'database-engine'?: string | undefined;
}

export type PinoLevel = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

export interface BootSettings {
  host: string;
  port: number;
  logLevel: PinoLevel;
  /** A log line per request: at debug only, so OTLP ingest does not flood the log. */
  logRequests: boolean;
  engine: 'sqlite' | 'postgres';
  /** Said at startup: a setting that could not be honoured as written. */
  notes: string[];
  postgres: {
    connection: PostgresConnection;
    tuning: PostgresTuning;
    /** postgres.read_replica.*; null when disabled (or enabled without a host: a note says so). */
    readReplica: ReadReplica | null;
    /**
     * postgres.connection_name / credentials_path (+ VIGIL_CLOUDSQL_ADMIN_ENDPOINT): the primary
     * through the Cloud SQL connector; null when the name is empty or the engine is not postgres.
     */
    cloudSql: CloudSqlTarget | null;
  };
}

const PINO_LEVEL: Record<(typeof LOG_LEVELS)[number], PinoLevel> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warn',
  ERROR: 'error',
  CRITICAL: 'fatal',
};

export function parsePort(text: string, flag = '--port'): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`${flag} must be 0 to 65535, got '${text}'`);
  return port;
}

function parseLogLevel(text: string, source: string): (typeof LOG_LEVELS)[number] {
  const level = LOG_LEVELS.find((candidate) => candidate === text.toUpperCase());
  if (!level)
    throw new UsageError(`${source} must be one of ${LOG_LEVELS.join(', ')}; got '${text}'`);
  return level;
}

function parseBoolean(text: string, source: string): boolean {
  if (['1', 'true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  throw new UsageError(`${source} must be true or false, got '${text}'`);
}

const RUNNABLE_ENGINES = ['sqlite', 'postgres'] as const;
type Engine = (typeof RUNNABLE_ENGINES)[number];

function parseEngine(text: string, source: string): Engine {
  const engine = RUNNABLE_ENGINES.find((candidate) => candidate === text);
  if (engine) return engine;
  if ((DATABASE_ENGINES as readonly string[]).includes(text))
    throw new UsageError(
      `${source} '${text}' is not available in this deployment (no BigQuery sink); use sqlite or postgres`,
    );
  throw new UsageError(`${source} must be sqlite or postgres, got '${text}'`);
}

const nonEmpty = (text: string | undefined): string | undefined =>
  text === undefined || text === '' ? undefined : text;

function defaultOf(path: string): ConfigValue {
  const field = FIELD_BY_PATH.get(path);
  if (!field) throw new Error(`Unknown boot setting ${path}`);
  return field.spec.default;
}

/** The boot file's values with the schema's defaults under them (the file is already validated). */
function fileOrDefault(file: Partial<ConfigValues>) {
  const value = (path: string): ConfigValue => file[path] ?? defaultOf(path);
  return {
    file: (path: string): ConfigValue | undefined => file[path],
    fallback: defaultOf,
    string: (path: string) => String(value(path)),
    number: (path: string) => Number(value(path)),
    enabled: (path: string) => value(path) === true,
  };
}

/** The replica, when enabled with a host; enabled without one is a note and no replica. */
function readReplicaFrom(
  values: ReturnType<typeof fileOrDefault>,
  notes: string[],
): ReadReplica | null {
  if (!values.enabled('postgres.read_replica.enabled')) return null;
  const host = values.string('postgres.read_replica.host').trim();
  if (host === '') {
    notes.push(
      'postgres.read_replica.enabled is on but postgres.read_replica.host is empty: reads use the primary',
    );
    return null;
  }
  return { host, port: values.number('postgres.read_replica.port') };
}

/** A malformed connection name is a usage error naming it, but only when PostgreSQL is used. */
function cloudSqlFrom(
  values: ReturnType<typeof fileOrDefault>,
  env: NodeJS.ProcessEnv,
  engine: Engine,
): CloudSqlTarget | null {
  if (engine !== 'postgres') return null;
  try {
    return cloudSqlTargetFrom({
      connectionName: values.string('postgres.connection_name'),
      credentialsPath: values.string('postgres.credentials_path'),
      adminEndpoint: env.VIGIL_CLOUDSQL_ADMIN_ENDPOINT,
    });
  } catch (error) {
    if (error instanceof CloudSqlSettingError) throw new UsageError(error.message);
    throw error;
  }
}

function postgresFrom(
  values: ReturnType<typeof fileOrDefault>,
  notes: string[],
  cloudSql: CloudSqlTarget | null,
): BootSettings['postgres'] {
  const key = (name: string) => `postgres.${name}`;
  return {
    readReplica: readReplicaFrom(values, notes),
    cloudSql,
    connection: {
      host: values.string(key('host')),
      port: values.number(key('port')),
      database: values.string(key('database')),
      user: values.string(key('user')),
      password: values.string(key('password')),
      sslMode: values.string(key('ssl_mode')) as SslMode,
    },
    tuning: {
      poolMin: values.number(key('pool_min_size')),
      poolMax: values.number(key('pool_max_size')),
      connectTimeoutSeconds: values.number(key('timeout_seconds')),
      recycleSeconds: values.number(key('pool_recycle_seconds')),
      isolationLevel: values.string(key('isolation_level')) as IsolationLevel,
      workMemMb: values.number(key('work_mem_mb')),
      maintenanceWorkMemMb: values.number(key('maintenance_work_mem_mb')),
      effectiveCacheSizeMb: values.number(key('effective_cache_size_mb')),
      required: {
        sharedBuffersMb: values.number(key('shared_buffers_mb')),
        maxConnections: values.number(key('max_connections')),
      },
    },
  };
}

/**
 * The settings `vigil serve` needs before it opens a store. `file` is the validated content of
 * `<data-dir>/boot-settings.json` (what the console saved); flags and environment win over it.
 * PostgreSQL has no per-field flags: --database-url / DATABASE_URL replaces the whole target.
 */
export function resolveBootSettings(
  flags: BootFlags,
  env: NodeJS.ProcessEnv,
  file: Partial<ConfigValues>,
): BootSettings {
  const values = fileOrDefault(file);
  const notes: string[] = [];
  const envPort = nonEmpty(env.VIGIL_PORT);
  const envLevel = nonEmpty(env.VIGIL_LOG_LEVEL);
  const envDebug = nonEmpty(env.VIGIL_DEBUG);
  const envEngine = nonEmpty(env.VIGIL_DATABASE_ENGINE);

  const level = pickBootValue({
    flag:
      flags['log-level'] === undefined
        ? undefined
        : parseLogLevel(flags['log-level'], '--log-level'),
    env: envLevel === undefined ? undefined : parseLogLevel(envLevel, 'VIGIL_LOG_LEVEL'),
    file: values.file('server.log_level') as (typeof LOG_LEVELS)[number] | undefined,
    fallback: values.fallback('server.log_level') as (typeof LOG_LEVELS)[number],
  });
  const debug = pickBootValue({
    flag: flags.debug,
    env: envDebug === undefined ? undefined : parseBoolean(envDebug, 'VIGIL_DEBUG'),
    file: values.file('server.debug') as boolean | undefined,
    fallback: values.fallback('server.debug') as boolean,
  });

  const fileEngine = values.file('database.engine') as string | undefined;
  const runnableFileEngine = RUNNABLE_ENGINES.find((engine) => engine === fileEngine);
  if (fileEngine !== undefined && runnableFileEngine === undefined)
    notes.push(
      `database.engine is '${fileEngine}' in the boot settings, but no BigQuery sink exists in this deployment: using the embedded SQLite store`,
    );
  const engine = pickBootValue<Engine>({
    flag:
      flags['database-engine'] === undefined
        ? undefined
        : parseEngine(flags['database-engine'], '--database-engine'),
    env: envEngine === undefined ? undefined : parseEngine(envEngine, 'VIGIL_DATABASE_ENGINE'),
    file: runnableFileEngine,
    fallback: 'sqlite',
  });

  const logLevel = debug ? 'debug' : PINO_LEVEL[level];
  return {
    host: pickBootValue({
      flag: flags.host,
      env: nonEmpty(env.VIGIL_HOST),
      file: values.file('server.host') as string | undefined,
      fallback: values.fallback('server.host') as string,
    }),
    port: pickBootValue({
      flag: flags.port === undefined ? undefined : parsePort(flags.port),
      env: envPort === undefined ? undefined : parsePort(envPort, 'VIGIL_PORT'),
      file: values.file('server.port') as number | undefined,
      fallback: values.fallback('server.port') as number,
    }),
    logLevel,
    logRequests: logLevel === 'debug',
    engine,
    notes,
    postgres: postgresFrom(values, notes, cloudSqlFrom(values, env, engine)),
  };
}
