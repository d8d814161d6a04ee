import type { FastifyInstance } from 'fastify';
import { ArchitectureQuery } from '@vigil/contract';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';

/** The service graph (spec part 1, section 7): grouped nodes and edges, and CPU/memory per node. */
export function registerArchitectureRoutes(
  app: FastifyInstance,
  { topology, now }: ApiRouteDeps,
): void {
  app.get('/api/architecture/visualization', async (request) => {
    const query = parseInput(ArchitectureQuery, request.query, 'query');
    return ok(
      topology.visualization(query.grouping_strategy, query.grouping_dimension),
      'OK',
      now(),
    );
  });

  app.get('/api/architecture/metrics', async () => ok(topology.metrics(), 'OK', now()));
}
