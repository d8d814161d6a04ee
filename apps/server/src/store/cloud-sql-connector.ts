import type { Duplex } from 'node:stream';
import { AuthTypes, Connector, IpAddressTypes } from '@google-cloud/cloud-sql-connector';
import { GoogleAuth, JWT, type AuthClient } from 'google-auth-library';
import {
  readServiceAccountKey,
  type ServiceAccountKey,
} from '../integrations/google-auth/service-account';
import {
  CLOUD_SQL_ADMIN_SCOPE,
  CloudSqlSettingError,
  type CloudSqlTarget,
} from './cloud-sql-target';

/** The endpoint google-auth-library posts every service-account token exchange to. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** An open connector: `stream` dials the instance (TLS, ephemeral client cert); `close` stops it. */
export interface CloudSqlLink {
  connectionName: string;
  stream: () => Duplex;
  close: () => void;
}

/**
 * Credentials from the service-account key at `credentialsPath` (Application Default Credentials
 * when empty). google-auth-library always exchanges at Google's token URL; the key's own
 * `token_uri` is honoured instead, as the project's other Google clients do.
 */
async function authFor(credentialsPath: string): Promise<GoogleAuth | AuthClient> {
  if (credentialsPath === '') return new GoogleAuth({ scopes: [CLOUD_SQL_ADMIN_SCOPE] });
  let key: ServiceAccountKey;
  try {
    key = await readServiceAccountKey(credentialsPath);
  } catch (error) {
    throw new CloudSqlSettingError(
      `postgres.credentials_path '${credentialsPath}': ${(error as Error).message}`,
    );
  }
  const client = new JWT({
    email: key.client_email,
    key: key.private_key,
    scopes: [CLOUD_SQL_ADMIN_SCOPE],
  });
  if (key.token_uri !== GOOGLE_TOKEN_URL)
    client.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(key.token_uri);
        return request;
      },
    });
  return client;
}

/**
 * Opens the Cloud SQL connector for the instance: fetches its connect settings and an ephemeral
 * client certificate from the Admin API (public IP, password login). A failure names the instance.
 */
export async function openCloudSql(target: CloudSqlTarget): Promise<CloudSqlLink> {
  const connector = new Connector({
    auth: await authFor(target.credentialsPath),
    ...(target.adminEndpoint === undefined ? {} : { sqlAdminAPIEndpoint: target.adminEndpoint }),
  });
  try {
    const { stream } = await connector.getOptions({
      instanceConnectionName: target.connectionName,
      ipType: IpAddressTypes.PUBLIC,
      authType: AuthTypes.PASSWORD,
    });
    return { connectionName: target.connectionName, stream, close: () => connector.close() };
  } catch (error) {
    // No close(): nothing runs for an instance whose first refresh failed, and the connector's
    // close() would turn that failure into an unhandled rejection (it awaits every instance).
    throw new CloudSqlSettingError(
      `Cannot open Cloud SQL instance '${target.connectionName}' (postgres.connection_name): ${reasonOf(error)}`,
    );
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { status?: number }).status;
  return status === undefined
    ? error.message
    : `Admin API answered HTTP ${status}: ${error.message}`;
}
