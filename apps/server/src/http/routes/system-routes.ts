import type { FastifyInstance } from 'fastify';
import { SessionRequest } from '@vigil/contract';
import { toIso } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import { ok } from '../envelope';
import type { MetricsRegistry } from '../metrics-registry';
import type { SessionTokens } from '../session-token';
import { parseInput } from '../validate';

export interface SystemRouteDeps {
  metrics: MetricsRegistry;
  tokens: SessionTokens | null;
  jwtExpirySeconds: () => number;
  now: () => number;
  ready: () => boolean;
}

export function registerSystemRoutes(app: FastifyInstance, deps: SystemRouteDeps): void {
  app.get('/healthz', async (_request, reply) => {
    const ready = deps.ready();
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ok' : 'starting', timestamp: toIso(deps.now()) });
  });

  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(deps.metrics.render()),
  );

  /** Exchanges the API token for a console session JWT. */
  app.post('/api/session', async (request) => {
    const { token } = parseInput(SessionRequest, request.body, 'body');
    if (!deps.tokens) {
      throw new AppError(
        404,
        'AUTH_NOT_ENABLED',
        'This server does not require a token (VIGIL_API_TOKEN is not set)',
      );
    }
    if (!deps.tokens.matchesApiToken(token)) {
      throw new AppError(401, 'AUTH_INVALID', 'The API token is not valid');
    }
    const session = deps.tokens.issue(deps.now(), deps.jwtExpirySeconds());
    return ok(
      { token: session.token, expires_at: toIso(session.expiresAtMs) },
      'Session created',
      deps.now(),
    );
  });

  /** The console's connection test (spec part 2, 7.3). */
  app.get('/api/settings/', async () => ok({ status: 'ok' }, 'Settings API reachable', deps.now()));
}
