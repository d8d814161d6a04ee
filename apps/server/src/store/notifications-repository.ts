import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson, type JsonObject } from './json';
import type { Page } from './paging';
import { inTransaction } from './transaction';

export type NotificationStatus = 'pending' | 'sent' | 'failed';

export interface NotificationDetails extends JsonObject {
  recipients: string[];
  error: string | null;
}

export interface NotificationRecord {
  id: string;
  channel: 'email' | 'webhook';
  incidentId: number | null;
  status: NotificationStatus;
  attempts: number;
  createdAt: number;
  details: NotificationDetails;
}

export interface NotificationListQuery {
  limit: number;
  offset?: number;
  incidentId?: number;
  status?: NotificationStatus;
}

export type NotificationPatch = Partial<
  Pick<NotificationRecord, 'status' | 'attempts' | 'details'>
>;

export interface NotificationsRepository {
  insert(record: NotificationRecord): Promise<void>;
  update(id: string, patch: NotificationPatch): Promise<NotificationRecord | null>;
  get(id: string): Promise<NotificationRecord | null>;
  /** Newest first. */
  list(query: NotificationListQuery): Promise<Page<NotificationRecord>>;
}

const toRecord = (row: Selectable<NotificationsTable>): NotificationRecord => ({
  id: row.id,
  channel: row.channel,
  incidentId: row.incident_id,
  status: row.status as NotificationStatus,
  attempts: row.attempts,
  createdAt: row.created_at,
  details: fromJson<NotificationDetails>(row.doc),
});

export function createNotificationsRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): NotificationsRepository {
  const get = async (id: string) => {
    const row = await db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  };
  return {
    insert: async (record) => {
      await db
        .insertInto('notifications')
        .values({
          id: record.id,
          channel: record.channel,
          incident_id: record.incidentId,
          status: record.status,
          attempts: record.attempts,
          created_at: record.createdAt,
          doc: toJson(record.details),
        })
        .execute();
    },
    update: (id, patch) =>
      inTransaction(db, async (trx) => {
        const row = await dialect
          .forUpdate(trx.selectFrom('notifications').selectAll().where('id', '=', id))
          .executeTakeFirst();
        if (!row) return null;
        const next = { ...toRecord(row), ...patch };
        await trx
          .updateTable('notifications')
          .set({ status: next.status, attempts: next.attempts, doc: toJson(next.details) })
          .where('id', '=', id)
          .execute();
        return next;
      }),
    get,
    list: (query) => listNotifications(db, query),
  };
}

async function listNotifications(
  db: Kysely<Database>,
  query: NotificationListQuery,
): Promise<Page<NotificationRecord>> {
  let matching = db.selectFrom('notifications');
  if (query.incidentId !== undefined)
    matching = matching.where('incident_id', '=', query.incidentId);
  if (query.status !== undefined) matching = matching.where('status', '=', query.status);
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute();
  return { items: rows.map(toRecord), total: Number(total) };
}
