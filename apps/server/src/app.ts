import Fastify, { type FastifyInstance } from 'fastify';
import { createInProcessBus } from './bus/in-process-bus';
import type { Bus } from './bus/bus';
import { DEFAULT_SECURITY_SETTINGS, type SecuritySettings } from './config/security-settings';
import { installAuth } from './http/auth';
import { installErrorHandler } from './http/error-handler';
import { installHostCheck } from './http/host-check';
import { installJsonBodyParser } from './http/json-body';
import { createMetricsRegistry, type MetricsRegistry } from './http/metrics-registry';
import { createRateLimiter, installRateLimit } from './http/rate-limit';
import { registerApiRoutes } from './http/routes/api-routes';
import { registerOtlpRoutes } from './http/routes/otlp-routes';
import { registerSystemRoutes } from './http/routes/system-routes';
import { installSecurityHeaders } from './http/security-headers';
import { createSessionTokens } from './http/session-token';
import { installConsole } from './http/static-console';
import { systemClock, type Clock } from './shared/clock';
import { createStore, type Store, type StoreOptions } from './store/create-store';
import { createAnomalyDetectorAgent } from './agents/anomaly-detector/anomaly-detector-agent';
import type { Agent, AgentContext } from './agents/shared/agent';
import { createAgentHealthTracker, type AgentHealthTracker } from './agents/shared/agent-health';
import { startAuditWriter } from './audit/audit-writer';

export interface AppOptions {
  store: StoreOptions;
  bindHost: string;
  apiToken: string | null;
  allowedHosts: string[];
  /** The built console (apps/web/dist); null serves the API only. */
  webDistDir: string | null;
  clock?: Clock;
  logger?: boolean;
  /** Largest /api request body. OTLP has its own, larger limit. */
  apiBodyLimitBytes?: number;
  /** Largest OTLP body after decompression (default 20 MiB). */
  otlpBodyLimitBytes?: number;
  /** Records waiting in a pipeline past which OTLP ingest answers 429 (default 200,000). */
  maxQueuedRecords?: number;
}

export interface VigilApp {
  http: FastifyInstance;
  agents: Agent[];
  health: Partial<Record<Agent['id'], AgentHealthTracker>>;
  store: Store;
  bus: Bus;
  metrics: MetricsRegistry;
  close(): Promise<void>;
}

/** Builds the whole app (store → bus → agents → http) without listening: tests use `http.inject`. */
export async function createApp(options: AppOptions): Promise<VigilApp> {
  const clock = options.clock ?? systemClock;
  const now = (): number => clock.now();
  const store = await createStore(options.store);
  const http = Fastify({ logger: options.logger ?? false, trustProxy: false, bodyLimit: options.apiBodyLimitBytes ?? 1_048_576 });
  const metrics = createMetricsRegistry();
  const bus = createInProcessBus({
    onHandlerError: (topic, group, error) => http.log.error({ err: error, topic, group }, 'bus handler failed'),
  });
  const security = (): SecuritySettings => DEFAULT_SECURITY_SETTINGS;

  installSecurityHeaders(http);
  installHostCheck(http, { bindHost: options.bindHost, allowedHosts: options.allowedHosts });
  installRequestMetrics(http, metrics);
  installRateLimit(
    http,
    createRateLimiter(() => ({
      windowSeconds: security().rateLimitWindowSeconds,
      maxRequests: security().rateLimitMaxRequests,
    })),
    now,
  );
  const tokens = options.apiToken ? createSessionTokens(options.apiToken) : null;
  if (tokens) installAuth(http, tokens, now);
  installJsonBodyParser(http, options.apiBodyLimitBytes ?? 1_048_576);
  const spaFallback = await installConsole(http, options.webDistDir);
  installErrorHandler(http, spaFallback);

  let ready = false;
  registerSystemRoutes(http, {
    metrics,
    tokens,
    jwtExpirySeconds: () => security().jwtExpirySeconds,
    now,
    ready: () => ready,
  });
  const health = { anomaly_detector: createAgentHealthTracker() };
  const agents: Agent[] = [createAnomalyDetectorAgent({ health: health.anomaly_detector })];
  const agentContext: AgentContext = {
    bus,
    store,
    clock,
    log: {
      info: (message, fields) => http.log.info(fields ?? {}, message),
      error: (message, fields) => http.log.error(fields ?? {}, message),
    },
  };
  for (const agent of agents) await agent.start(agentContext);
  const stopAuditWriter = startAuditWriter(bus, store, clock);

  registerApiRoutes(http, { store, bus, now });
  await registerOtlpRoutes(http, {
    bus,
    metrics,
    now,
    maxBodyBytes: () => options.otlpBodyLimitBytes ?? 20 * 1_048_576,
    maxQueuedRecords: () => options.maxQueuedRecords ?? 200_000,
  });
  await http.ready();
  ready = true;

  return {
    http,
    agents,
    health,
    store,
    bus,
    metrics,
    async close() {
      ready = false;
      await http.close();
      await bus.drain();
      for (const agent of agents) await agent.stop();
      stopAuditWriter();
      await bus.close();
      await store.close();
    },
  };
}

function installRequestMetrics(http: FastifyInstance, metrics: MetricsRegistry): void {
  const requests = metrics.counter('vigil_http_requests_total', 'HTTP requests answered, by method and status class');
  const errors = metrics.counter('vigil_http_errors_total', 'HTTP answers with status 500 or above');
  http.addHook('onResponse', async (request, reply) => {
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    requests({ method: request.method, status: statusClass });
    if (reply.statusCode >= 500) errors({ method: request.method });
  });
}
