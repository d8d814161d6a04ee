import type { FastifyInstance } from 'fastify';
import { ServiceRegistration, type ServiceHealth } from '@vigil/contract';
import { z } from 'zod';
import { SafeHttpError, type SafeHttpClient } from '../../agents/shared/safe-http/safe-http-client';
import type { RegisteredService } from '../../store/services-repository';
import { toIso } from '../../shared/clock';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';

const HealthQuery = z.object({
  environment: z.string().trim().min(1).max(100).default('production'),
});
const PROBE_TIMEOUT_MS = 5_000;

type Health = z.infer<typeof ServiceHealth>;

/** One probe, now, through the same SSRF-guarded client the executor uses. */
async function probe(
  service: RegisteredService,
  client: SafeHttpClient,
  now: () => number,
): Promise<Health> {
  const base = { name: service.name, environment: service.environment, base_url: service.base_url };
  const url = `${service.base_url.replace(/\/+$/, '')}${service.health_path}`;
  try {
    const response = await client.request({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      body: null,
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    const healthy = response.status >= 200 && response.status < 300;
    return {
      ...base,
      status: healthy ? 'healthy' : 'unhealthy',
      latency_ms: response.latencyMs,
      http_status: response.status,
      error: healthy ? null : `HTTP ${response.status}`,
      checked_at: toIso(now()),
    };
  } catch (error) {
    const refused =
      error instanceof SafeHttpError && (error.kind === 'refused' || error.kind === 'invalid_url');
    const message = error instanceof SafeHttpError ? error.message : 'Probe failed';
    return {
      ...base,
      status: refused ? 'refused' : 'unhealthy',
      latency_ms: null,
      http_status: null,
      error: message,
      checked_at: toIso(now()),
    };
  }
}

/** Services the executor may call, and their health probed on demand. */
export function registerServicesRoutes(
  app: FastifyInstance,
  { store, now }: ApiRouteDeps,
  client: SafeHttpClient,
): void {
  app.post('/api/executor/services', async (request, reply) => {
    const input = parseInput(ServiceRegistration, request.body, 'body');
    const service: RegisteredService = { ...input, registered_at: toIso(now()) };
    await store.services.upsert(service);
    return reply.status(201).send(ok(service, 'Service registered', now()));
  });

  app.get('/api/executor/services/health', async (request) => {
    const { environment } = parseInput(HealthQuery, request.query, 'query');
    const services = await store.services.list(environment);
    const results = await Promise.all(services.map((service) => probe(service, client, now)));
    return ok({ environment, services: results }, 'OK', now());
  });
}
