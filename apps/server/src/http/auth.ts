import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors';
import type { SessionTokens } from './session-token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths anyone may call even when a token is required. */
const OPEN_PATHS = new Set(['/api/session']);

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

export function requiresToken(request: FastifyRequest): boolean {
  const path = pathOf(request);
  if (OPEN_PATHS.has(path)) return false;
  if (path.startsWith('/v1/')) return true;
  return path.startsWith('/api') && MUTATING.has(request.method);
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export interface AuthOptions {
  /** Null when VIGIL_API_TOKEN is not set. */
  tokens: SessionTokens | null;
  /** `security.require_api_token`, read on every request. */
  requireApiToken: () => boolean;
  now: () => number;
}

/**
 * Mutating and ingest calls need the API token or a session JWT whenever VIGIL_API_TOKEN is set.
 * Without it (a loopback-only server) they are open, unless `security.require_api_token` is on:
 * then they are refused with a 403 that names the missing token, never silently.
 */
export function installAuth(app: FastifyInstance, options: AuthOptions): void {
  const { tokens, now } = options;
  app.addHook('onRequest', async (request) => {
    if (!tokens) {
      // The session exchange is refused too: it would otherwise answer "no token required".
      const guarded = requiresToken(request) || pathOf(request) === '/api/session';
      if (guarded && options.requireApiToken())
        throw new AppError(
          403,
          'AUTH_NOT_CONFIGURED',
          'security.require_api_token is on but this server has no API token: set VIGIL_API_TOKEN and restart Vigil (reads still work)',
        );
      return;
    }
    if (!requiresToken(request)) return;
    const presented = bearer(request);
    if (presented && (tokens.matchesApiToken(presented) || tokens.verify(presented, now()))) return;
    throw new AppError(
      401,
      'AUTH_REQUIRED',
      presented
        ? 'The bearer token is invalid or has expired'
        : 'This call needs Authorization: Bearer <token>',
      { headers: { 'www-authenticate': 'Bearer realm="vigil"' } },
    );
  });
}
