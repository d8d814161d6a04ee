import type { FastifyInstance } from 'fastify';
import { AuditStatsQuery, AuditTrailQuery } from '@vigil/contract';
import { badRequest } from '../../shared/errors';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';

const toMs = (iso: string | undefined): number | undefined =>
  iso === undefined ? undefined : Date.parse(iso);

function checkRange(startMs: number | undefined, endMs: number | undefined): void {
  if (startMs !== undefined && endMs !== undefined && startMs > endMs) {
    throw badRequest('start_date must not be after end_date', [
      { path: 'start_date', message: 'after end_date' },
    ]);
  }
}

export function registerAuditRoutes(app: FastifyInstance, { store, now }: ApiRouteDeps): void {
  app.get('/api/audit/trail', async (request) => {
    const query = parseInput(AuditTrailQuery, request.query, 'query');
    const startMs = toMs(query.start_date);
    const endMs = toMs(query.end_date);
    checkRange(startMs, endMs);
    const page = await store.reads.audit.list({
      page: query.page,
      pageSize: query.page_size,
      ...(startMs === undefined ? {} : { startMs }),
      ...(endMs === undefined ? {} : { endMs }),
      ...(query.event_type ? { type: query.event_type } : {}),
      ...(query.severity ? { severity: query.severity } : {}),
      ...(query.execution_status ? { executionStatus: query.execution_status } : {}),
      ...(query.incident_id === undefined ? {} : { incidentId: query.incident_id }),
      ...(query.search ? { search: query.search } : {}),
    });
    const totalPages = Math.ceil(page.total / query.page_size);
    return {
      ...ok(
        {
          audit_entries: page.items,
          page: query.page,
          page_size: query.page_size,
          total_items: page.total,
          total_pages: totalPages,
        },
        'OK',
        now(),
      ),
      page: query.page,
      page_size: query.page_size,
      total_items: page.total,
      total_pages: totalPages,
    };
  });

  app.get('/api/audit/stats', async (request) => {
    const query = parseInput(AuditStatsQuery, request.query, 'query');
    const startMs = toMs(query.start_date);
    const endMs = toMs(query.end_date);
    checkRange(startMs, endMs);
    const stats = await store.reads.audit.stats({
      ...(startMs === undefined ? {} : { startMs }),
      ...(endMs === undefined ? {} : { endMs }),
    });
    return ok({ stats }, 'OK', now());
  });
}
