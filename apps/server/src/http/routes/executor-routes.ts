import type { FastifyInstance } from 'fastify';
import { ExecuteRequest, ExecutionListQuery } from '@vigil/contract';
import { z } from 'zod';
import type { ExecutorService } from '../../agents/executor/executor-service';
import type { SafeHttpClient } from '../../agents/shared/safe-http/safe-http-client';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';

/** What the executor's routes need beyond the store: the running executor and the guarded client. */
export interface ExecutorRouteDeps {
  service: ExecutorService;
  client: SafeHttpClient;
}

const IdParams = z.object({ id: z.string().min(1).max(200) });
const DecisionBody = z.object({ by: z.string().trim().min(1).max(200).optional() });

/** Executions, approvals, stats and health (spec part 2, section 7.1). */
export function registerExecutorRoutes(
  app: FastifyInstance,
  { store, now }: ApiRouteDeps,
  executor: ExecutorRouteDeps,
): void {
  app.get('/api/executor/executions', async (request) => {
    const query = parseInput(ExecutionListQuery, request.query, 'query');
    const page = await store.executions.list({
      limit: query.limit,
      ...(query.anomaly_event_id === undefined ? {} : { anomalyEventId: query.anomaly_event_id }),
      ...(query.action_id === undefined ? {} : { actionId: query.action_id }),
      ...(query.status === undefined ? {} : { status: query.status }),
    });
    return { success: true, executions: page.items, total_count: page.total };
  });

  app.post('/api/executor/execute', async (request) => {
    const body = parseInput(ExecuteRequest, request.body, 'body');
    const { execution, created } = await executor.service.execute(body, {
      triggeredBy: 'operator',
    });
    return ok(
      execution,
      created ? 'Execution started' : 'Already executed for this incident',
      now(),
    );
  });

  app.post('/api/executor/executions/:id/approve', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const { by } = parseInput(DecisionBody, request.body, 'body');
    return ok(await executor.service.approve(id, by ?? 'operator'), 'Execution approved', now());
  });

  app.post('/api/executor/executions/:id/reject', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const { by } = parseInput(DecisionBody, request.body, 'body');
    return ok(await executor.service.reject(id, by ?? 'operator'), 'Execution rejected', now());
  });

  app.get('/api/executor/stats', async () =>
    ok({ actions: await store.executions.statsByAction() }, 'OK', now()),
  );

  app.get('/api/executor/health', async () => ok(await executor.service.health(), 'OK', now()));
}
