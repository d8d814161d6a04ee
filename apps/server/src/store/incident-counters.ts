import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { StoreDialect } from './dialect';

/** What one stored event contributes to its incident's counters. */
export interface IncidentEvent {
  id: string;
  incidentId: number;
  isPrimary: boolean;
  eventTime: number;
  createdAt: number;
}

interface Contribution {
  total: number;
  suppressed: number;
  lastEventTime: number;
  lastCreatedAt: number;
  firstEventId: string;
  firstPrimaryId: string | null;
}

function contributions(events: readonly IncidentEvent[]): Map<number, Contribution> {
  const byIncident = new Map<number, Contribution>();
  for (const event of events) {
    const seen = byIncident.get(event.incidentId);
    if (!seen) {
      byIncident.set(event.incidentId, {
        total: 1,
        suppressed: event.isPrimary ? 0 : 1,
        lastEventTime: event.eventTime,
        lastCreatedAt: event.createdAt,
        firstEventId: event.id,
        firstPrimaryId: event.isPrimary ? event.id : null,
      });
      continue;
    }
    seen.total += 1;
    seen.suppressed += event.isPrimary ? 0 : 1;
    seen.lastEventTime = Math.max(seen.lastEventTime, event.eventTime);
    seen.lastCreatedAt = Math.max(seen.lastCreatedAt, event.createdAt);
    seen.firstPrimaryId ??= event.isPrimary ? event.id : null;
  }
  return byIncident;
}

/**
 * Adds newly stored events to their incidents in place (one UPDATE per incident), so the grouped
 * list never aggregates anomalies. The top event is the incident's first primary event, or its
 * first event until a primary one arrives. Updates run in incident-id order so concurrent writers
 * lock rows in the same order.
 */
export async function addEventsToIncidents(
  db: Kysely<Database>,
  dialect: StoreDialect,
  events: readonly IncidentEvent[],
): Promise<void> {
  const sorted = [...contributions(events).entries()].sort(([a], [b]) => a - b);
  for (const [incidentId, c] of sorted) {
    // Right-hand sides see the row as it was, so `count_total = count_suppressed` means "no primary yet".
    const topEvent =
      c.firstPrimaryId === null
        ? sql<string>`coalesce(top_event_id, ${c.firstEventId})`
        : sql<string>`case when top_event_id is null or count_total = count_suppressed then ${c.firstPrimaryId} else top_event_id end`;
    await db
      .updateTable('incidents')
      .set((eb) => ({
        count_total: eb('count_total', '+', c.total),
        count_suppressed: eb('count_suppressed', '+', c.suppressed),
        last_event_time: dialect.greatest(eb.ref('last_event_time'), c.lastEventTime),
        updated_at: dialect.greatest(eb.ref('updated_at'), c.lastCreatedAt),
        top_event_id: topEvent,
      }))
      .where('id', '=', incidentId)
      .execute();
  }
}

/** Rebuilds one incident's counters from its events, after an event moved or changed role. */
export async function recountIncident(
  db: Kysely<Database>,
  dialect: StoreDialect,
  incidentId: number,
): Promise<void> {
  const events = db.selectFrom('anomalies').where('incident_id', '=', incidentId);
  const stats = await events
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when is_primary = ${dialect.bool(false)} then 1 else 0 end), 0)`.as(
        'suppressed',
      ),
      eb.fn.max<number | null>('event_time').as('last_event_time'),
    ])
    .executeTakeFirstOrThrow();
  const top = await events
    .select('id')
    .orderBy('is_primary', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('incidents')
    .set((eb) => ({
      count_total: Number(stats.total),
      count_suppressed: Number(stats.suppressed),
      last_event_time:
        stats.last_event_time === null ? eb.ref('opened_at') : Number(stats.last_event_time),
      top_event_id: top?.id ?? null,
    }))
    .where('id', '=', incidentId)
    .execute();
}
