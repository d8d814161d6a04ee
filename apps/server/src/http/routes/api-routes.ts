import type { FastifyInstance } from 'fastify';
import type { AgentRegistry } from '../../agents/shared/agent-registry';
import type { Bus } from '../../bus/bus';
import type { Store } from '../../store/create-store';
import type { TopologyService } from '../../topology/topology-service';
import { registerActionsRoutes } from './actions-routes';
import { registerAgentsRoutes } from './agents-routes';
import { registerAnomalyRoutes } from './anomaly-routes';
import { registerArchitectureRoutes } from './architecture-routes';
import { registerAuditRoutes } from './audit-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerExecutorRoutes, type ExecutorRouteDeps } from './executor-routes';
import { registerServicesRoutes } from './services-routes';
import type { SettingsDeps } from '../../settings/settings-deps';
import { registerSettingsAgentsRoutes } from './settings-agents-routes';
import { registerSettingsConfigRoutes } from './settings-config-routes';
import { registerSettingsIntegrationsRoutes } from './settings-integrations-routes';

export interface ApiRouteDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** The running executor and the guarded outbound HTTP client. */
  executor: ExecutorRouteDeps;
  topology: TopologyService;
  agents: AgentRegistry;
  /** Records/s ingested over the last minute. */
  ingestRate: () => number;
  /** The live settings, the agent restarter and the BigQuery test. */
  settings: SettingsDeps;
}

/** Every /api area registers its routes here; each area lives in its own file. */
export function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDeps): void {
  registerAnomalyRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerActionsRoutes(app, deps);
  registerExecutorRoutes(app, deps, deps.executor);
  registerServicesRoutes(app, deps, deps.executor.client);
  registerArchitectureRoutes(app, deps);
  registerAgentsRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerSettingsConfigRoutes(app, deps.settings, deps.now);
  registerSettingsAgentsRoutes(app, deps.settings, deps);
  registerSettingsIntegrationsRoutes(app, deps.settings, deps.now);
}
