import type { FastifyInstance } from 'fastify';
import type { DashboardOverview, ProductStatus } from '@vigil/contract';
import { toIso } from '../../shared/clock';
import { isRunning } from '../../agents/shared/agent-registry';
import { ok } from '../envelope';
import type { ApiRouteDeps } from './api-routes';

const DAY_MS = 86_400_000;
const CORE_AGENTS = ['orchestrator', 'anomaly_detector'] as const;

/** The dashboard's summary and the product status flags, computed from live health every call. */
export function registerDashboardRoutes(
  app: FastifyInstance,
  { agents, store, topology, ingestRate, now }: ApiRouteDeps,
): void {
  app.get('/api/dashboard/overview', async () => {
    const list = agents.list();
    const [openIncidents, anomalies] = await Promise.all([
      store.reads.incidents.countOpen(),
      store.reads.anomalies.countSince(now() - DAY_MS),
    ]);
    const overview: DashboardOverview = {
      // The console counts an agent as active only when healthy (spec part 1, section 4).
      agents_healthy: list.filter((agent) => agent.status === 'healthy').length,
      agents_total: list.length,
      open_incidents: openIncidents,
      anomalies_24h: anomalies,
      nodes: topology.nodeCount(),
      ingest_rate: ingestRate(),
    };
    return ok(overview, 'OK', now());
  });

  /** Flags at the top level of the body (ARCHITECTURE.md, fixed decisions). */
  app.get('/api/vigil/status', async () => {
    const list = agents.list();
    const running = new Set(
      list.filter((agent) => isRunning(agent.status)).map((agent) => agent.id),
    );
    const core = CORE_AGENTS.every((id) => running.has(id));
    const body: ProductStatus = {
      success: true,
      vigil_agents_running: core,
      orbit_agents_running: list.every((agent) => running.has(agent.id)),
      status: core ? 'online' : running.size > 0 ? 'degraded' : 'offline',
      timestamp: toIso(now()),
    };
    return body;
  });
}
