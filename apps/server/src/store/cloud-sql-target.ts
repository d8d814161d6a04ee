/** postgres.connection_name / credentials_path: the store dials the instance through the Cloud SQL connector. */
export interface CloudSqlTarget {
  /** `project:region:instance` (a domain-scoped project is `example.com:project:region:instance`). */
  connectionName: string;
  /** A service-account key file; empty: Application Default Credentials. */
  credentialsPath: string;
  /** The Cloud SQL Admin API root (`VIGIL_CLOUDSQL_ADMIN_ENDPOINT`); unset: Google's. */
  adminEndpoint?: string;
}

/** The scope the connector's Admin API calls (connectSettings, generateEphemeralCert) need. */
export const CLOUD_SQL_ADMIN_SCOPE = 'https://www.googleapis.com/auth/sqlservice.admin';

// Project ids are 6–30 of a-z, 0-9 and -; an old domain-scoped project is `example.com:project`.
export const CLOUD_SQL_CONNECTION_NAME =
  /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+:)?[a-z][a-z0-9-]{4,28}[a-z0-9]:[a-z0-9-]+:[a-z0-9-]+$/;

/** Why a connection name cannot name a Cloud SQL instance, or null when it can. */
export function connectionNameProblem(name: string): string | null {
  if (CLOUD_SQL_CONNECTION_NAME.test(name)) return null;
  return `postgres.connection_name '${name}' is not a Cloud SQL instance connection name: expected project:region:instance (e.g. my-project:europe-west1:vigil-db)`;
}

/**
 * The Cloud SQL target of the postgres.* settings: null when connection_name is empty (host and
 * port are used); a malformed name throws, naming the setting.
 */
export function cloudSqlTargetFrom(settings: {
  connectionName: string;
  credentialsPath: string;
  adminEndpoint?: string | undefined;
}): CloudSqlTarget | null {
  const connectionName = settings.connectionName.trim();
  if (connectionName === '') return null;
  const problem = connectionNameProblem(connectionName);
  if (problem) throw new CloudSqlSettingError(problem);
  const adminEndpoint = settings.adminEndpoint?.trim() ?? '';
  if (adminEndpoint !== '' && !/^https?:\/\/[^/]+/.test(adminEndpoint))
    throw new CloudSqlSettingError(
      `VIGIL_CLOUDSQL_ADMIN_ENDPOINT must be an http(s) URL, got '${adminEndpoint}'`,
    );
  return {
    connectionName,
    credentialsPath: settings.credentialsPath.trim(),
    ...(adminEndpoint === '' ? {} : { adminEndpoint }),
  };
}

/** A Cloud SQL setting that cannot work as written, or an instance the connector could not reach. */
export class CloudSqlSettingError extends Error {
  override readonly name = 'CloudSqlSettingError';
}
