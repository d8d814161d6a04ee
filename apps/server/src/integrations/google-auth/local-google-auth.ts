import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

/**
 * Test helper: the Google OAuth side of a local stand-in server. It answers the JWT-bearer token
 * exchange the way Google does (verifying the RS256 signature against the key it wrote) and checks
 * bearer tokens on API calls.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const LOCAL_ACCESS_TOKEN = 'local-access-token';
export const LOCAL_CLIENT_EMAIL = 'vigil@demo.iam.example';

export const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
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

/** Answers `POST /token` for the given scope; returns the verified claims (null after an error). */
export async function answerTokenRequest(
  request: IncomingMessage,
  response: ServerResponse,
  scope: string,
): Promise<Record<string, unknown> | null> {
  const form = new URLSearchParams(await readBody(request));
  const claims = verifiedClaims(form.get('assertion') ?? '');
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !claims) {
    sendJson(response, 400, {
      error: 'invalid_grant',
      error_description: 'Invalid JWT Signature.',
    });
    return null;
  }
  if (claims.scope !== scope || claims.iss !== LOCAL_CLIENT_EMAIL) {
    sendJson(response, 400, { error: 'invalid_scope' });
    return null;
  }
  sendJson(response, 200, {
    access_token: LOCAL_ACCESS_TOKEN,
    expires_in: 3600,
    token_type: 'Bearer',
  });
  return claims;
}

/** True when the call carries the token; otherwise answers 401 as Google APIs do. */
export function checkBearer(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.headers.authorization === `Bearer ${LOCAL_ACCESS_TOKEN}`) return true;
  sendJson(response, 401, {
    error: { code: 401, message: 'Request is missing valid credentials.' },
  });
  return false;
}

/** Writes a service-account key whose token_uri points at the local server; returns its path. */
export async function writeServiceAccountKey(
  dir: string,
  tokenBase: string,
  fileName = 'key.json',
): Promise<string> {
  const path = join(dir, fileName);
  await writeFile(
    path,
    JSON.stringify({
      type: 'service_account',
      project_id: 'demo-project',
      client_email: LOCAL_CLIENT_EMAIL,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${tokenBase}/token`,
    }),
  );
  return path;
}
