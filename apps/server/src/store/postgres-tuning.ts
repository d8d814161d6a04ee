import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
export type IsolationLevel =
  'read_uncommitted' | 'read_committed' | 'repeatable_read' | 'serializable';

/** A server named field by field (the postgres.* settings) rather than by a URL. */
export interface PostgresConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  sslMode: SslMode;
}

/** Pool, session and server-requirement settings (postgres.*). */
export interface PostgresTuning {
  poolMin: number;
  poolMax: number;
  connectTimeoutSeconds: number;
  /** A connection this old is closed and replaced once idle. */
  recycleSeconds: number;
  isolationLevel: IsolationLevel;
  workMemMb: number;
  maintenanceWorkMemMb: number;
  effectiveCacheSizeMb: number;
  /** Server settings a client cannot change: checked at connect, a shortfall is a warning. */
  required: { sharedBuffersMb: number; maxConnections: number };
}

const ISOLATION_SQL: Record<IsolationLevel, string> = {
  read_uncommitted: 'read uncommitted',
  read_committed: 'read committed',
  repeatable_read: 'repeatable read',
  serializable: 'serializable',
};

/** Statements run on every new connection (values are validated integers and a fixed list). */
export function sessionSettings(tuning: PostgresTuning): string[] {
  return [
    `set default_transaction_isolation to '${ISOLATION_SQL[tuning.isolationLevel]}'`,
    `set work_mem to '${Math.trunc(tuning.workMemMb)}MB'`,
    `set maintenance_work_mem to '${Math.trunc(tuning.maintenanceWorkMemMb)}MB'`,
    `set effective_cache_size to '${Math.trunc(tuning.effectiveCacheSizeMb)}MB'`,
  ];
}

export function poolSizing(tuning: PostgresTuning): pg.PoolConfig {
  return {
    min: tuning.poolMin,
    max: tuning.poolMax,
    connectionTimeoutMillis: tuning.connectTimeoutSeconds * 1000,
    maxLifetimeSeconds: tuning.recycleSeconds,
  };
}

const NO_VERIFY: ConnectionOptions = { rejectUnauthorized: false };

/** What to try, in order, for each libpq sslmode (pg itself has no fallback between the two). */
const SSL_ATTEMPTS: Record<SslMode, readonly (false | ConnectionOptions)[]> = {
  disable: [false],
  allow: [false, NO_VERIFY],
  prefer: [NO_VERIFY, false],
  require: [NO_VERIFY],
  // Chain checked, host name not.
  'verify-ca': [{ rejectUnauthorized: true, checkServerIdentity: () => undefined }],
  'verify-full': [{ rejectUnauthorized: true }],
};

/**
 * The pool's TLS setting for a sslmode: with two candidates (allow, prefer), one probe connection
 * per candidate until one connects, as libpq does; the last failure is thrown.
 */
export async function sslFor(
  connection: PostgresConnection,
  connectTimeoutSeconds: number,
): Promise<false | ConnectionOptions> {
  const attempts = SSL_ATTEMPTS[connection.sslMode];
  if (attempts.length === 1) return attempts[0] as false | ConnectionOptions;
  let lastError: unknown = null;
  for (const ssl of attempts) {
    const client = new pg.Client({
      ...withoutSslMode(connection),
      ssl,
      connectionTimeoutMillis: connectTimeoutSeconds * 1000,
    });
    try {
      await client.connect();
      await client.end();
      return ssl;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
    }
  }
  throw lastError;
}

export function withoutSslMode(connection: PostgresConnection): pg.ClientConfig {
  const { host, port, database, user, password } = connection;
  return { host, port, database, user, password };
}

const BYTES_PER_UNIT: Record<string, number> = {
  B: 1,
  kB: 1024,
  '8kB': 8192,
  MB: 1024 ** 2,
  '16MB': 16 * 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

/** The server's shared_buffers (MB) and max_connections, from pg_settings. */
export async function readServerLimits(
  pool: pg.Pool,
): Promise<{ sharedBuffersMb: number; maxConnections: number }> {
  const result = await pool.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings where name in ('shared_buffers', 'max_connections')`,
  );
  const row = (name: string) => result.rows.find((r) => r.name === name);
  const buffers = row('shared_buffers');
  const connections = row('max_connections');
  const unitBytes = BYTES_PER_UNIT[buffers?.unit ?? 'B'] ?? 1;
  return {
    sharedBuffersMb: Math.floor((Number(buffers?.setting ?? 0) * unitBytes) / 1024 ** 2),
    maxConnections: Number(connections?.setting ?? 0),
  };
}

/** A warning per server setting below what postgres.* asks for. */
export function serverShortfalls(
  server: { sharedBuffersMb: number; maxConnections: number },
  required: PostgresTuning['required'],
): string[] {
  const warnings: string[] = [];
  if (server.sharedBuffersMb < required.sharedBuffersMb)
    warnings.push(
      `The PostgreSQL server's shared_buffers is ${server.sharedBuffersMb} MB, below postgres.shared_buffers_mb (${required.sharedBuffersMb} MB); raise it in postgresql.conf`,
    );
  if (server.maxConnections < required.maxConnections)
    warnings.push(
      `The PostgreSQL server's max_connections is ${server.maxConnections}, below postgres.max_connections (${required.maxConnections}); raise it in postgresql.conf`,
    );
  return warnings;
}
