import { userInfo } from 'node:os';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface PostgresOptions {
  url: string;
  schema: string;
  poolSize?: number;
}

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
  const pool = new pg.Pool({
    connectionString: withDefaultUser(options.url),
    max: options.poolSize ?? 10,
    types: typeParsers,
  });
  // An idle client that loses its server emits on the pool; unhandled, that would crash the process.
  pool.on('error', () => undefined);
  try {
    await ensureSchema(pool, options.schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const setSearchPath = CompiledQuery.raw(`set search_path to ${quoteIdentifier(options.schema)}`);
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (connection) => {
        await connection.executeQuery(setSearchPath);
      },
    }),
  });
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
