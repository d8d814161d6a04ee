import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BIGQUERY_READ_SCOPE } from './bigquery-client';

/**
 * Test helper: a local server that speaks the two Google REST calls the client makes (the OAuth
 * JWT-bearer token exchange, verifying the RS256 signature, and datasets.get), and a matching
 * service-account key file.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const TOKEN = 'local-access-token';

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Verifies the assertion the way Google's token endpoint does: RS256 over header.payload. */
function verifiedClaims(assertion: string): Record<string, unknown> | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface LocalBigQuery {
  server: Server;
  url: string;
  calls: string[];
}

export function startLocalBigQuery(): Promise<LocalBigQuery> {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? '';
      calls.push(`${request.method} ${url}`);
      const send = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && url === '/token') {
        const form = new URLSearchParams(await readBody(request));
        const claims = verifiedClaims(form.get('assertion') ?? '');
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !claims)
          return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        if (claims.scope !== BIGQUERY_READ_SCOPE || claims.iss !== 'vigil@demo.iam.example')
          return send(400, { error: 'invalid_scope' });
        return send(200, { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
      }
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return send(401, {
          error: { code: 401, message: 'Request is missing valid credentials.' },
        });
      if (url === '/bigquery/v2/projects/demo-project/datasets/vigil')
        return send(200, { id: 'demo-project:vigil', location: 'EU' });
      return send(404, { error: { code: 404, message: `Not found: Dataset ${url}` } });
    })();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, calls });
    });
  });
}

/** Writes a service-account key whose token_uri points at the local server; returns its path. */
export async function writeServiceAccountKey(dir: string, tokenBase: string): Promise<string> {
  const path = join(dir, 'key.json');
  await writeFile(
    path,
    JSON.stringify({
      type: 'service_account',
      project_id: 'demo-project',
      client_email: 'vigil@demo.iam.example',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${tokenBase}/token`,
    }),
  );
  return path;
}
