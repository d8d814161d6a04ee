import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { CLOUD_SQL_ADMIN_SCOPE } from '../../store/cloud-sql-target';
import {
  answerTokenRequest,
  checkBearer,
  readBody,
  sendJson,
} from '../google-auth/local-google-auth';
import { createLocalCa } from './local-cloud-sql-ca';

export { writeServiceAccountKey } from '../google-auth/local-google-auth';

/** The port the Cloud SQL connector dials on the instance's IP (its server proxy port). */
export const CLOUD_SQL_PROXY_PORT = 3307;

/**
 * The connector always dials port 3307 of the instance's IP, so a stand-in needs it free there
 * (test files in parallel use different loopback IPs); tests skip, saying so, when it is taken.
 */
export async function proxyPortFree(ip = '127.0.0.1'): Promise<boolean> {
  const probe = createNetServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(CLOUD_SQL_PROXY_PORT, ip, () => resolve(true));
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  else
    console.warn(
      `Cloud SQL stand-in tests skipped: ${ip}:${CLOUD_SQL_PROXY_PORT} (the connector's proxy port) is taken`,
    );
  return free;
}

export interface LocalCloudSqlInstance {
  project: string;
  region: string;
  instance: string;
  /** The instance's PRIMARY IP, where the proxy listens; default 127.0.0.1. */
  ip?: string;
  /** Where the decrypted stream goes: the real PostgreSQL. */
  postgres: { host: string; port: number };
}

/** One Admin API request as received. */
export interface RecordedAdminCall {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface LocalCloudSql {
  /** The Admin API root (`VIGIL_CLOUDSQL_ADMIN_ENDPOINT`); also the token endpoint's base. */
  url: string;
  connectionName: string;
  /** Admin API calls (token exchanges excluded), in order. */
  adminCalls: RecordedAdminCall[];
  /** Token exchanges answered with a token. */
  tokensIssued: number;
  /** The client certificate CN of every TLS session the proxy accepted. */
  tlsSessions: { clientCertCn: string; protocol: string | null }[];
  close(): Promise<void>;
}

const ADMIN_PATH =
  /^\/sql\/v1beta4\/projects\/([^/]+)\/instances\/([^/:]+)(\/connectSettings|:generateEphemeralCert)$/;

/**
 * Test helper: a local Cloud SQL. The Admin API side answers Google's token exchange,
 * `connectSettings` (PRIMARY ip `ip`, the server CA) and `generateEphemeralCert` (the client's
 * key signed by that CA), checking bearer tokens; the proxy side (`ip`:3307) requires a client
 * certificate from that CA, presents a server certificate with CN `project:instance`, and pipes
 * the decrypted stream to PostgreSQL.
 */
export async function startLocalCloudSql(instance: LocalCloudSqlInstance): Promise<LocalCloudSql> {
  const ip = instance.ip ?? '127.0.0.1';
  const ca = createLocalCa(`${instance.project}:${instance.instance}`);
  const proxy = createTlsServer({
    cert: ca.server.certPem,
    key: ca.server.keyPem,
    ca: ca.certPem,
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.3',
  });
  const admin = createServer();
  const sockets = new Set<{ destroy(): void }>();
  const state: LocalCloudSql = {
    url: '',
    connectionName: `${instance.project}:${instance.region}:${instance.instance}`,
    adminCalls: [],
    tokensIssued: 0,
    tlsSessions: [],
    close: async () => {
      admin.closeAllConnections();
      sockets.forEach((socket) => socket.destroy());
      await Promise.all([closeServer(admin), closeServer(proxy)]);
    },
  };
  proxy.on('secureConnection', (client) => {
    const cn = client.getPeerCertificate().subject?.CN;
    state.tlsSessions.push({ clientCertCn: String(cn ?? ''), protocol: client.getProtocol() });
    const upstream = connect(instance.postgres.port, instance.postgres.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  proxy.on('tlsClientError', () => undefined);
  admin.on('request', (request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://local').pathname;
      if (request.method === 'POST' && path === '/token') {
        if (await answerTokenRequest(request, response, CLOUD_SQL_ADMIN_SCOPE))
          state.tokensIssued += 1;
        return;
      }
      state.adminCalls.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
      });
      if (!checkBearer(request, response)) return;
      const match = ADMIN_PATH.exec(path);
      if (!match) return sendJson(response, 404, { error: { code: 404, message: 'Not Found' } });
      const [, project, name, call] = match;
      if (project !== instance.project || name !== instance.instance)
        return sendJson(response, 404, {
          error: { code: 404, message: 'The Cloud SQL instance does not exist.' },
        });
      if (call === '/connectSettings' && request.method === 'GET')
        return sendJson(response, 200, {
          kind: 'sql#connectSettings',
          serverCaCert: {
            kind: 'sql#sslCert',
            cert: ca.certPem,
            expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
          },
          ipAddresses: [{ type: 'PRIMARY', ipAddress: ip }],
          region: instance.region,
          databaseVersion: 'POSTGRES_15',
          backendType: 'SECOND_GEN',
        });
      if (call === ':generateEphemeralCert' && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as { public_key?: string };
        if (!body.public_key)
          return sendJson(response, 400, { error: { code: 400, message: 'public_key missing' } });
        return sendJson(response, 200, {
          ephemeralCert: {
            kind: 'sql#sslCert',
            cert: ca.signClientKey(body.public_key, 'vigil-ephemeral'),
          },
        });
      }
      return sendJson(response, 405, { error: { code: 405, message: 'Method not allowed' } });
    })().catch((error: unknown) =>
      sendJson(response, 500, { error: { code: 500, message: String(error) } }),
    );
  });
  await listen(proxy, CLOUD_SQL_PROXY_PORT, ip);
  await listen(admin, 0, '127.0.0.1');
  state.url = `http://127.0.0.1:${(admin.address() as AddressInfo).port}`;
  return state;
}

function listen(server: Server | TlsServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const closeServer = (server: Server | TlsServer): Promise<void> =>
  new Promise((resolve) => server.close(() => resolve()));
