import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { AGENT_IDS, type AgentId } from '@vigil/contract';
import { createPipelineBus, type BusChoice } from './bus/create-pipeline-bus';
import type { Bus } from './bus/bus';
import { securitySettingsFrom } from './config/security-settings';
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
import { createAgentRegistry, type AgentRegistry } from './agents/shared/agent-registry';
import { LOOP_BEAT_MS } from './agents/shared/health-settings';
import { startAuditWriter } from './audit/audit-writer';
import {
  loadDeclaredArchitecture,
  type DeclaredArchitecture,
} from './topology/declared-architecture';
import { countRecordsOnBus, createRecordRateCounter } from './topology/record-rate';
import { createTopologyService, type TopologyService } from './topology/topology-service';
import { createCollaboratorAgent } from './agents/collaborator/collaborator-agent';
import type { CollaboratorConfig } from './agents/collaborator/collaborator-config';
import type { ExecutorConfig } from './agents/executor/executor-config';
import { createExecutorAgent } from './agents/executor/executor-agent';
import { createTraceabilityAgent } from './agents/traceability/traceability-agent';
import { createRcaAgent } from './agents/rca/rca-agent';
import { createRemediationAgent } from './agents/remediation/remediation-agent';
import type { GraphView } from './agents/shared/service-graph';
import type { TraceabilityConfig } from './agents/traceability/traceability-config';
import type { RcaConfig } from './agents/rca/rca-config';
import type { RemediationConfig } from './agents/remediation/remediation-config';
import { createOrchestratorAgent } from './agents/orchestrator/orchestrator-agent';
import type { OrchestratorConfig } from './agents/orchestrator/orchestrator-config';
import {
  createDependencyLookup,
  createNormalisedSetView,
} from './agents/orchestrator/dependency-lookup';
import type { Timers } from './agents/executor/verification';
import { loadConfigService, readStoredValues, type ConfigService } from './settings/config-service';
import { bootSettingsWriter } from './settings/boot-settings';
import { deploymentRules } from './settings/deployment-rules';
import { reachableHost, urlHost } from './http/reachable-host';
import { mapped, readValues } from './settings/read-values';
import type { ConfigValues } from './config/types';
import {
  collaboratorConfigFrom,
  detectorBatchesFrom,
  natsBusSettingsFrom,
  executorConfigFrom,
  normaliserConfigFrom,
  healthSettingsFrom,
  orchestratorConfigFrom,
  ownershipRulesFrom,
  geminiSettingsFrom,
  geminiValidationConfigFrom,
  rcaConfigFrom,
  remediationConfigFrom,
  traceabilityConfigFrom,
  traceStoreConfigFrom,
} from './settings/agent-configs';
import { createTraceStoreClient } from './agents/traceability/trace-store-client';
import { createAgentRestarter } from './settings/agent-restarter';
import { createBigQueryTester } from './settings/bigquery-tester';
import { createGeminiClient } from './integrations/gemini/gemini-client';
import { createGeminiReviewer } from './agents/rca/gemini-review';
import {
  createSafeHttpClient,
  type ResolvedAddress,
} from './agents/shared/safe-http/safe-http-client';

export interface AppOptions {
  store: StoreOptions;
  bindHost: string;
  apiToken: string | null;
  allowedHosts: string[];
  /** The built console (apps/web/dist); null serves the API only. */
  webDistDir: string | null;
  clock?: Clock;
  /** Fastify's pino logger: off (default), on, or on at a level (`vigil serve`: server.log_level). */
  logger?: boolean | { level: string };
  /** A log line per request (default true when the logger is on). */
  logRequests?: boolean;
  /** Where saves of restart-required settings are also written (boot-settings.json); unset: nowhere. */
  bootSettingsDir?: string;
  /** Largest /api request body. OTLP has its own, larger limit. */
  apiBodyLimitBytes?: number;
  /** Largest OTLP body after decompression (default 20 MiB). */
  otlpBodyLimitBytes?: number;
  /** Records waiting in a pipeline past which OTLP ingest answers 429 (default 200,000). */
  maxQueuedRecords?: number;
  /** OTLP requests read and decoded at once past which ingest answers 429 (default 64). */
  maxConcurrentIngestRequests?: number;
  /** Declared architecture (YAML or JSON) for systems without tracing; default $VIGIL_ARCHITECTURE_FILE. */
  architectureFile?: string | null;
  /** The port to report before the server listens (inject-only tests); default 8080. */
  advertisedPort?: number;
  /** Executor settings (a getter: live changes apply) and test seams for time and DNS. */
  executor?: {
    config?: () => ExecutorConfig;
    timers?: Timers;
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
    resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  };
  collaborator?: { config?: () => CollaboratorConfig; sleep?: (ms: number) => Promise<void> };
  /** Traceability, RCA and remediation settings (getters: live changes apply); defaults otherwise. */
  analysis?: {
    traceability?: () => TraceabilityConfig;
    rca?: () => RcaConfig;
    remediation?: () => RemediationConfig;
  };
  /** Orchestrator settings (a getter: live changes apply) and its timer seam. */
  orchestrator?: { config?: () => OrchestratorConfig; timers?: Timers };
  /** In-process (default) or NATS JetStream. */
  bus?: BusChoice;
  /** The agents that run in this process (default: all seven; `vigil agent NAME` runs one). */
  runAgents?: readonly AgentId[];
}

export interface VigilApp {
  http: FastifyInstance;
  agents: Agent[];
  health: Partial<Record<Agent['id'], AgentHealthTracker>>;
  agentRegistry: AgentRegistry;
  topology: TopologyService;
  store: Store;
  bus: Bus;
  metrics: MetricsRegistry;
  /** The live, persisted settings every agent getter reads. */
  config: ConfigService;
  close(): Promise<void>;
}

/** Builds the whole app (store → bus → agents → http) without listening: tests use `http.inject`. */
export async function createApp(options: AppOptions): Promise<VigilApp> {
  const clock = options.clock ?? systemClock;
  const now = (): number => clock.now();
  // Read before anything opens, so a bad file is a clean startup error naming the problem.
  const architectureFile =
    options.architectureFile === undefined
      ? (process.env.VIGIL_ARCHITECTURE_FILE ?? null)
      : options.architectureFile;
  const declared: DeclaredArchitecture | null = architectureFile
    ? await loadDeclaredArchitecture(architectureFile)
    : null;
  const store = await createStore(options.store);
  const http = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: options.logRequests === false }),
    trustProxy: false,
    bodyLimit: options.apiBodyLimitBytes ?? 1_048_576,
  });
  const metrics = createMetricsRegistry();
  // The settings service needs the bus: until it is loaded, the bus reads the stored values.
  const storedValues = await readStoredValues(store);
  let settingsValues: () => ConfigValues = () => storedValues;
  const pipeline = await createPipelineBus(options.bus ?? { kind: 'in-process' }, store, {
    onHandlerError: (topic, group, error) =>
      http.log.error({ err: error, topic, group }, 'bus handler failed'),
    onError: (error) => http.log.error({ err: error }, 'bus trouble'),
    now,
    detectorBatches: () => detectorBatchesFrom(settingsValues()),
    natsSettings: mapped(() => settingsValues(), natsBusSettingsFrom),
  });
  const bus = pipeline.bus;
  const config = await loadConfigService({
    store,
    bus,
    clock,
    initial: storedValues,
    deploymentRules: deploymentRules({ apiTokenConfigured: Boolean(options.apiToken) }),
    ...(options.bootSettingsDir === undefined
      ? {}
      : { afterSave: bootSettingsWriter(options.bootSettingsDir, (line) => http.log.error(line)) }),
  });
  settingsValues = config.values;
  const live = <T>(map: (values: ReturnType<ConfigService['values']>) => T): (() => T) =>
    mapped(config.values, map);
  const security = live(securitySettingsFrom);
  const defaultHost = live((values) => readValues(values).string('network.default_host'));
  const bootValues = readValues(config.values());

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
  installAuth(http, { tokens, requireApiToken: () => security().requireApiToken, now });
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
  // The registry knows all seven agents; only those registered here run in this process.
  const agentRegistry = createAgentRegistry({
    clock,
    remoteWorkers: options.bus?.kind === 'nats',
    settings: live(healthSettingsFrom),
    serverUrl: () =>
      serverUrl(http, options.bindHost, options.advertisedPort ?? 8080, defaultHost()),
    queueDepth: (id) =>
      id === 'anomaly_detector'
        ? bus.depth('records.logs') + bus.depth('anomalies.feedback')
        : id === 'orchestrator'
          ? bus.depth('anomalies.detected')
          : 0,
  });
  const runHere: ReadonlySet<AgentId> = new Set(options.runAgents ?? AGENT_IDS);
  // Agents that run elsewhere get a tracker nobody reads, so the registry reports them from their own process.
  const trackerFor = (id: AgentId): AgentHealthTracker =>
    runHere.has(id) ? agentRegistry.register(id) : createAgentHealthTracker();
  const health = {
    orchestrator: trackerFor('orchestrator'),
    anomaly_detector: trackerFor('anomaly_detector'),
    executor: trackerFor('executor'),
    collaborator: trackerFor('collaborator'),
    traceability: trackerFor('traceability'),
    rca: trackerFor('rca'),
    remediation: trackerFor('remediation'),
  };
  const executorConfig = options.executor?.config ?? live(executorConfigFrom);
  const outbound = createSafeHttpClient({
    allowlist: () => executorConfig().allowlist,
    ...(options.executor?.resolve ? { resolve: options.executor.resolve } : {}),
  });
  const { config: _config, resolve: _resolve, ...executorSeams } = options.executor ?? {};
  const executor = createExecutorAgent({
    config: executorConfig,
    client: outbound,
    health: health.executor,
    // Embedded mode has one executor: unfinished runs found at start died with the last process.
    soleExecutor: options.bus?.kind !== 'nats',
    ...executorSeams,
  });
  const collaborator = createCollaboratorAgent({
    config: options.collaborator?.config ?? live(collaboratorConfigFrom),
    client: outbound,
    health: health.collaborator,
    ...(options.collaborator?.sleep ? { sleep: options.collaborator.sleep } : {}),
  });
  // The service graph is built below; the lookup reads it only when events arrive.
  const orchestrator = createOrchestratorAgent({
    health: health.orchestrator,
    config: options.orchestrator?.config ?? live(orchestratorConfigFrom),
    ...(options.orchestrator?.timers ? { timers: options.orchestrator.timers } : {}),
    dependsOn: createDependencyLookup(
      () => topology.visualization('auto', 'layer').edges,
      (component) => topology.normalise(component),
    ),
  });
  // The analysis agents read the service graph through a plain getter, only when an incident changes.
  const analysisGraph = (): GraphView => graphView(topology);
  // Optional reviewer/validator: called only while rca.gemini project and credentials are set.
  const gemini = createGeminiClient({ settings: live(geminiSettingsFrom), now });
  const geminiDropped = metrics.counter(
    'vigil_gemini_validations_dropped_total',
    'Anomalies not sent to Gemini because its validation queue was full',
  );
  const agents: Agent[] = [
    orchestrator,
    createAnomalyDetectorAgent({
      gemini: {
        client: gemini,
        config: live(geminiValidationConfigFrom),
        onDropped: () => geminiDropped({ use: 'anomaly_validation' }),
      },
      health: health.anomaly_detector,
      ownership: live(ownershipRulesFrom),
      // Read when the agent is built: the batch size and threshold apply from the next server start.
      maxBatch: bootValues.number('agents.anomaly_detector.ingest.max_batch_size'),
      detector: { threshold: bootValues.number('agents.anomaly_detector.decision_threshold') },
    }),
    executor,
    collaborator,
    createTraceabilityAgent({
      health: health.traceability,
      graph: analysisGraph,
      config: options.analysis?.traceability ?? live(traceabilityConfigFrom),
      traceStore: createTraceStoreClient({
        config: live(traceStoreConfigFrom),
        now,
        onError: (traceId, error) =>
          http.log.warn({ err: error, traceId }, 'trace store look-up failed'),
      }),
    }),
    createRcaAgent({
      health: health.rca,
      graph: analysisGraph,
      config: options.analysis?.rca ?? live(rcaConfigFrom),
      reviewer: createGeminiReviewer(gemini),
    }),
    createRemediationAgent({
      health: health.remediation,
      graph: analysisGraph,
      config: options.analysis?.remediation ?? live(remediationConfigFrom),
    }),
  ].filter((agent) => runHere.has(agent.id));
  const agentContext: AgentContext = {
    bus,
    store,
    clock,
    log: {
      info: (message, fields) => http.log.info(fields ?? {}, message),
      error: (message, fields) => http.log.error(fields ?? {}, message),
    },
  };
  // Before the agents start: what they announce while starting (interrupted executions) is audited.
  const stopAuditWriter = startAuditWriter(bus, store, clock);
  for (const agent of agents) await agent.start(agentContext);
  const restarter = createAgentRestarter(agents, agentContext, agentRegistry);
  const bigQuery = createBigQueryTester(config, now);
  const logError = (message: string) => (error: unknown) => http.log.error({ err: error }, message);
  const stopLoopHeartbeat = agentRegistry.startLoopHeartbeat(LOOP_BEAT_MS);
  const stopHeartbeats = agentRegistry.startHeartbeatWriter(
    store.agentStatus,
    logError('agent heartbeat write failed'),
  );
  const topology = createTopologyService({
    bus,
    normaliser: live(normaliserConfigFrom),
    repository: store.topology,
    clock,
    declared,
    openIncidentComponents: createNormalisedSetView(
      () => orchestrator.openComponents(),
      (component) => topology.normalise(component),
    ),
    onError: logError('topology persistence failed'),
  });
  await topology.start();
  const ingestRate = createRecordRateCounter(now());
  const stopIngestRate = countRecordsOnBus(bus, ingestRate, now);

  registerApiRoutes(http, {
    store,
    bus,
    now,
    executor: { service: executor.service, client: outbound },
    topology,
    agents: agentRegistry,
    ingestRate: () => ingestRate.rate(now()),
    settings: {
      config,
      restarter,
      agents: agentRegistry,
      storeKind: store.kind,
      storeWarnings: store.warnings,
      storeCloudSqlInstance: store.cloudSqlInstance,
      testBigQuery: () => bigQuery.run(),
      lastBigQueryTest: () => bigQuery.last(),
    },
  });
  await registerOtlpRoutes(http, {
    bus,
    metrics,
    now,
    maxBodyBytes: () => options.otlpBodyLimitBytes ?? 20 * 1_048_576,
    maxQueuedRecords: () => options.maxQueuedRecords ?? 200_000,
    maxConcurrentRequests: () => options.maxConcurrentIngestRequests ?? 64,
  });
  await pipeline.start();
  await http.ready();
  ready = true;

  return {
    http,
    agents,
    health,
    agentRegistry,
    topology,
    store,
    bus,
    metrics,
    config,
    async close() {
      ready = false;
      await http.close();
      await bus.drain();
      for (const agent of agents) await agent.stop();
      stopIngestRate();
      await topology.stop();
      stopLoopHeartbeat();
      await stopHeartbeats();
      stopAuditWriter();
      bigQuery.close();
      config.stop();
      await bus.close();
      await store.close();
    },
  };
}

/** The service graph as the analysis agents read it (cached by the topology service). */
function graphView(topology: TopologyService): GraphView {
  const current = topology.visualization('auto', 'layer');
  return {
    nodes: current.nodes.map((node) => ({
      id: node.id,
      status: node.status,
      errorRate: node.metrics.error_rate,
      responseTimeP95: node.metrics.response_time_p95,
      type: node.type,
    })),
    edges: current.edges.map(({ from, to }) => ({ from, to })),
  };
}

/**
 * `http://host:port` once listening; before that (inject-only tests) the advertised port. A
 * wildcard bind (0.0.0.0, ::) is no address to reach: network.default_host stands in for it.
 */
function serverUrl(
  http: FastifyInstance,
  bindHost: string,
  advertisedPort: number,
  defaultHost: string,
): string {
  const address = http.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : advertisedPort;
  return `http://${urlHost(reachableHost(bindHost, defaultHost))}:${port}`;
}

function installRequestMetrics(http: FastifyInstance, metrics: MetricsRegistry): void {
  const requests = metrics.counter(
    'vigil_http_requests_total',
    'HTTP requests answered, by method and status class',
  );
  const errors = metrics.counter(
    'vigil_http_errors_total',
    'HTTP answers with status 500 or above',
  );
  http.addHook('onResponse', async (request, reply) => {
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    requests({ method: request.method, status: statusClass });
    if (reply.statusCode >= 500) errors({ method: request.method });
  });
}
