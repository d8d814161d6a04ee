import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors';
import type { SessionTokens } from './session-token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths anyone may call even when a token is required. */
const OPEN_PATHS = new Set(['/api/session']);

export function requiresToken(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
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

/** With VIGIL_API_TOKEN set, mutating and ingest calls need the token or a session JWT. */
export function installAuth(app: FastifyInstance, tokens: SessionTokens, now: () => number): void {
  app.addHook('onRequest', async (request) => {
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
