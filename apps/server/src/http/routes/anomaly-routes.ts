import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnomalyFeedback, AnomalyListQuery } from '@vigil/contract';
import type { AnomalyFeedbackMessage } from '../../bus/messages';
import { notFound } from '../../shared/errors';
import { ok, okList } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';
import { sinceFor } from './time-window';

const IdParams = z.object({ id: z.string().min(1).max(200) });

export function registerAnomalyRoutes(
  app: FastifyInstance,
  { store, bus, now }: ApiRouteDeps,
): void {
  app.get('/api/anomalies', async (request) => {
    const query = parseInput(AnomalyListQuery, request.query, 'query');
    const sinceMs = sinceFor(query.time_filter, now());
    const paging = { page: query.page, pageSize: query.page_size };
    if (query.group_by_incident && query.incident_id === undefined) {
      const stacks = await store.reads.anomalies.listIncidentStacks({
        sinceMs,
        ...paging,
        includeSuppressed: query.include_suppressed,
      });
      return okList({ anomalies: stacks.items }, { ...paging, total: stacks.total }, 'OK', now());
    }
    const anomalies = await store.reads.anomalies.list({
      sinceMs,
      ...paging,
      includeSuppressed: query.include_suppressed,
      ...(query.incident_id === undefined ? {} : { incidentId: query.incident_id }),
    });
    return okList(
      { anomalies: anomalies.items },
      { ...paging, total: anomalies.total },
      'OK',
      now(),
    );
  });

  app.get('/api/anomalies/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const anomaly = await store.anomalies.get(id);
    if (!anomaly) throw notFound('ANOMALY_NOT_FOUND', `Anomaly ${id} not found`);
    return ok(anomaly, 'OK', now());
  });

  /** An operator's verdict: the detector learns from it (a false positive's template stops firing). */
  app.post('/api/anomalies/:id/feedback', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const feedback = parseInput(AnomalyFeedback, request.body, 'body');
    const current = await store.anomalies.get(id);
    if (!current) throw notFound('ANOMALY_NOT_FOUND', `Anomaly ${id} not found`);
    const updated = await store.anomalies.update(id, { status: feedback.verdict });
    await bus.publish<AnomalyFeedbackMessage>('anomalies.feedback', {
      anomalyId: id,
      component: current.context.component,
      templateId: current.context.template_id ?? null,
      verdict: feedback.verdict,
      by: feedback.by,
    });
    return ok(updated, `Anomaly marked ${feedback.verdict.replace('_', ' ')}`, now());
  });
}
