import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../bus/bus';
import type { Store } from '../../store/create-store';
import { registerAnomalyRoutes } from './anomaly-routes';
import { registerAuditRoutes } from './audit-routes';

export interface ApiRouteDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

/** Every /api area registers its routes here; each area lives in its own file. */
export function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDeps): void {
  registerAnomalyRoutes(app, deps);
  registerAuditRoutes(app, deps);
}
