import type { BusChoice } from '../bus/create-pipeline-bus';
import { NatsConfigError, natsBusConfigFromEnv } from '../bus/nats/nats-bus-config';
import type { CloudSqlTarget } from '../store/cloud-sql-target';
import type { StoreOptions } from '../store/create-store';
import type { PostgresTarget } from '../store/postgres-database';
import type { PostgresTuning } from '../store/postgres-tuning';
import type { ReadReplica } from '../store/read-replica';
import { UsageError } from './usage-error';

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL store options; `VIGIL_DATABASE_SCHEMA` picks a schema other than `public`. */
export function postgresStore(
  target: PostgresTarget,
  env: NodeJS.ProcessEnv,
  tuning?: PostgresTuning,
  readReplica?: ReadReplica | null,
  cloudSql?: CloudSqlTarget | null,
): StoreOptions {
  const base = {
    kind: 'postgres' as const,
    ...target,
    ...(tuning ? { tuning } : {}),
    ...(readReplica ? { readReplica } : {}),
    ...(cloudSql ? { cloudSql } : {}),
  };
  const schema = env.VIGIL_DATABASE_SCHEMA;
  if (schema === undefined || schema === '') return base;
  if (!SCHEMA.test(schema))
    throw new UsageError(
      `VIGIL_DATABASE_SCHEMA must be lowercase letters, digits or _, got '${schema}'`,
    );
  return { ...base, schema };
}

/**
 * The bus for a process: in-process without a NATS URL; with one, NATS JetStream, which needs a
 * store every process shares (PostgreSQL), since the agents run in other processes.
 */
export function busChoiceFor(
  natsUrl: string | null,
  store: StoreOptions,
  env: NodeJS.ProcessEnv,
): BusChoice {
  if (!natsUrl) return { kind: 'in-process' };
  if (store.kind !== 'postgres')
    throw new UsageError(
      'NATS_URL needs a store shared by every process: set DATABASE_URL (or --database-url) to a PostgreSQL URL',
    );
  try {
    return { kind: 'nats', config: natsBusConfigFromEnv(natsUrl, env) };
  } catch (error) {
    if (error instanceof NatsConfigError) throw new UsageError(error.message);
    throw error;
  }
}
