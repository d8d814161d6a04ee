import { callJson, type HttpPool } from './google-http';
import { GoogleApiError, readServiceAccountKey, type ServiceAccountKey } from './service-account';
import { signJwtRs256 } from './sign-jwt';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_SECONDS = 3_600;
/** A cached token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 60_000;

export interface AccessToken {
  token: string;
  /** The key file's own project (used when no project is configured). */
  keyProject: string;
}

export interface TokenRequest {
  credentialsPath: string;
  scope: string;
  timeoutMs: number;
  pool?: HttpPool;
}

/**
 * OAuth2 access tokens for a service account: key file -> RS256 JWT assertion -> JWT-bearer grant
 * at the key's `token_uri`. Throws GoogleApiError naming the problem.
 */
export async function fetchAccessToken(
  request: TokenRequest,
  nowMs: number,
): Promise<AccessToken & { expiresAtMs: number }> {
  const key: ServiceAccountKey = await readServiceAccountKey(request.credentialsPath);
  const iat = Math.floor(nowMs / 1_000);
  let assertion: string;
  try {
    assertion = signJwtRs256(
      {
        iss: key.client_email,
        scope: request.scope,
        aud: key.token_uri,
        iat,
        exp: iat + ASSERTION_LIFETIME_SECONDS,
      },
      key.private_key,
    );
  } catch {
    throw new GoogleApiError('The private key in the credentials file cannot sign');
  }
  const body = await callJson(
    key.token_uri,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    },
    {
      timeoutMs: request.timeoutMs,
      what: 'Token endpoint',
      ...(request.pool ? { pool: request.pool } : {}),
    },
  );
  const answer = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (typeof answer.access_token !== 'string' || answer.access_token === '')
    throw new GoogleApiError('Token endpoint answered without an access_token');
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : 3_600;
  return {
    token: answer.access_token,
    keyProject: key.project_id?.trim() ?? '',
    expiresAtMs: nowMs + lifetime * 1_000,
  };
}

export interface TokenCache {
  get(request: TokenRequest): Promise<AccessToken>;
}

/** Reuses a token until shortly before it expires; a new path or scope fetches a new one. */
export function createTokenCache(now: () => number): TokenCache {
  const cached = new Map<string, AccessToken & { expiresAtMs: number }>();
  return {
    async get(request) {
      const id = `${request.scope}\u0000${request.credentialsPath}`;
      const hit = cached.get(id);
      if (hit && hit.expiresAtMs - RENEW_BEFORE_MS > now()) return hit;
      const fresh = await fetchAccessToken(request, now());
      cached.clear();
      cached.set(id, fresh);
      return fresh;
    },
  };
}
