import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/errors';

export interface RateLimitSettings {
  windowSeconds: number;
  maxRequests: number;
}

export interface RateLimiter {
  /** Returns the seconds to wait when the client is over its budget, else null. */
  hit(client: string, nowMs: number): number | null;
}

/** Fixed windows per client with a bounded table, so a flood of addresses cannot grow memory. */
export function createRateLimiter(
  settings: () => RateLimitSettings,
  maxClients = 10_000,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(client, nowMs) {
      const { windowSeconds, maxRequests } = settings();
      const windowMs = windowSeconds * 1000;
      let entry = windows.get(client);
      if (!entry || nowMs - entry.start >= windowMs) {
        if (!entry && windows.size >= maxClients) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        entry = { start: nowMs, count: 0 };
        windows.delete(client);
        windows.set(client, entry);
      }
      entry.count += 1;
      if (entry.count <= maxRequests) return null;
      return Math.max(1, Math.ceil((entry.start + windowMs - nowMs) / 1000));
    },
  };
}

/** Applies to the /api surface; OTLP ingest has its own queue backpressure. */
export function installRateLimit(
  app: FastifyInstance,
  limiter: RateLimiter,
  now: () => number,
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    const retryAfter = limiter.hit(request.ip, now());
    if (retryAfter !== null) {
      throw new AppError(429, 'RATE_LIMITED', `Too many requests; retry in ${retryAfter} s`, {
        retryable: true,
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  });
}
