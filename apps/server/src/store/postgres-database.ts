import { userInfo } from 'node:os';
import type { Duplex } from 'node:stream';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import {
  poolSizing,
  readServerLimits,
  serverShortfalls,
  sessionSettings,
  sslFor,
  withoutSslMode,
  type PostgresConnection,
  type PostgresTuning,
} from './postgres-tuning';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** A URL (its own sslmode applies), or the server named field by field (postgres.*). */
export type PostgresTarget = { url: string } | { connection: PostgresConnection };

export type PostgresOptions = PostgresTarget & PostgresPoolOptions;

export interface PostgresPoolOptions {
  schema: string;
  /** Wins over `tuning.poolMax`. */
  poolSize?: number;
  /** The postgres.* settings (`vigil serve`); unset: pg's defaults. */
  tuning?: PostgresTuning;
  /** Told when the server falls short of `tuning.required`. */
  onWarning?: (message: string) => void;
  /** Names the pool's connections in pg_stat_activity; default `vigil`. */
  applicationName?: string;
  /**
   * A read replica's pool: every session read-only, and the schema must already exist (the
   * primary creates and migrates it) rather than being created.
   */
  readOnly?: boolean;
  /**
   * Dials the server instead of host and port (the Cloud SQL connector): the stream is already
   * encrypted, so the connection's sslmode does not apply.
   */
  stream?: () => Duplex;
}

/** Makes every transaction of a session read-only: a write through it fails (25006). */
export const READ_ONLY_SESSION = 'set default_transaction_read_only = on';
export const DEFAULT_APPLICATION_NAME = 'vigil';

/** Epoch-ms columns and counts are int8; pg hands those back as strings unless told otherwise. */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format),
};

export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * libpq (psql) connects as the OS user when the URL names none; pg would send an empty user name
 * instead, so `postgres://127.0.0.1/test` works for psql and not for us. Fill it in the same way.
 */
export function withDefaultUser(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username !== '' || parsed.hostname === '') return url;
  parsed.username = process.env.PGUSER ?? userInfo().username;
  return parsed.toString();
}

export async function openPostgresDatabase(options: PostgresOptions): Promise<Kysely<Database>> {
  if (!SCHEMA_NAME.test(options.schema))
    throw new Error(`Invalid PostgreSQL schema name: ${options.schema}`);
  const tuning = options.tuning;
  const target: pg.PoolConfig =
    'url' in options
      ? { connectionString: withDefaultUser(options.url) }
      : options.stream
        ? { ...withoutSslMode(options.connection), stream: options.stream, ssl: false }
        : {
            ...withoutSslMode(options.connection),
            ssl: await sslFor(options.connection, tuning?.connectTimeoutSeconds ?? 30),
          };
  const pool = new pg.Pool({
    ...target,
    ...(tuning ? poolSizing(tuning) : {}),
    max: options.poolSize ?? tuning?.poolMax ?? 10,
    types: typeParsers,
    application_name: options.applicationName ?? DEFAULT_APPLICATION_NAME,
  });
  // An idle client that loses its server emits on the pool; unhandled, that would crash the process.
  pool.on('error', () => undefined);
  try {
    if (options.readOnly) await requireSchema(pool, options.schema);
    else await ensureSchema(pool, options.schema);
    if (tuning && !options.readOnly)
      for (const warning of serverShortfalls(await readServerLimits(pool), tuning.required))
        options.onWarning?.(warning);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const onConnect = [
    `set search_path to ${quoteIdentifier(options.schema)}`,
    ...(tuning ? sessionSettings(tuning) : []),
    ...(options.readOnly ? [READ_ONLY_SESSION] : []),
  ].map((statement) => CompiledQuery.raw(statement));
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (connection) => {
        for (const statement of onConnect) await connection.executeQuery(statement);
      },
    }),
  });
}

async function requireSchema(pool: pg.Pool, schema: string): Promise<void> {
  const found = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
  if (found.rowCount === 0) throw new Error(`schema ${schema} does not exist there`);
}

/** `create schema if not exists` can still race another process; losing that race is fine. */
async function ensureSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`create schema if not exists ${quoteIdentifier(schema)}`);
  } catch (error) {
    const found = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (found.rowCount === 0) throw error;
  }
}
