import type { Kysely } from 'kysely';
import type { Database } from './database';
import {
  DEFAULT_APPLICATION_NAME,
  openPostgresDatabase,
  type PostgresPoolOptions,
  type PostgresTarget,
} from './postgres-database';
import type { Repositories } from './repositories';

/** postgres.read_replica.host / port: a server holding a copy of the primary's data. */
export interface ReadReplica {
  host: string;
  port: number;
}

/**
 * The list and count reads that may be a moment stale: what the console's list pages and the
 * dashboard ask for. Nothing here writes, and nothing a request needs right after its own write.
 */
export interface ReadRepositories {
  anomalies: Pick<Repositories['anomalies'], 'list' | 'listIncidentStacks' | 'countSince'>;
  incidents: Pick<Repositories['incidents'], 'countOpen'>;
  audit: Pick<Repositories['audit'], 'list' | 'stats'>;
}

/** The read-only subset of a full set of repositories (bound to the replica's pool). */
export function readRepositoriesOf(repositories: Repositories): ReadRepositories {
  const { anomalies, incidents, audit } = repositories;
  return {
    anomalies: {
      list: anomalies.list,
      listIncidentStacks: anomalies.listIncidentStacks,
      countSince: anomalies.countSince,
    },
    incidents: { countOpen: incidents.countOpen },
    audit: { list: audit.list, stats: audit.stats },
  };
}

/** The primary's target with the replica's host and port: same database, user, password, sslmode. */
export function replicaTarget(primary: PostgresTarget, replica: ReadReplica): PostgresTarget {
  if ('connection' in primary)
    return { connection: { ...primary.connection, host: replica.host, port: replica.port } };
  const url = new URL(primary.url);
  url.hostname = replica.host;
  url.port = String(replica.port);
  return { url: url.toString() };
}

/** pg_stat_activity's application_name of the replica's connections. */
export const replicaApplicationName = (primaryName: string): string => `${primaryName}-replica`;

export type ReplicaOptions = PostgresTarget &
  Omit<PostgresPoolOptions, 'readOnly' | 'onWarning'> & { replica: ReadReplica };

/**
 * The replica's pool, every session read-only; unreachable (or without the store's schema yet):
 * a warning and null, so reads stay on the primary and the start goes on.
 */
export async function openReadReplica(
  options: ReplicaOptions,
  onWarning: (message: string) => void,
): Promise<Kysely<Database> | null> {
  const { replica, ...primary } = options;
  const where = `${replica.host}:${replica.port}`;
  try {
    return await openPostgresDatabase({
      ...primary,
      ...replicaTarget(primary, replica),
      applicationName: replicaApplicationName(primary.applicationName ?? DEFAULT_APPLICATION_NAME),
      readOnly: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    onWarning(
      `The PostgreSQL read replica at ${where} (postgres.read_replica) cannot be used (${reason}); reads go to the primary`,
    );
    return null;
  }
}
