import type { Kysely } from 'kysely';
import type { Database } from './database';
import { fromJson, toJson, type JsonObject } from './json';

/** The last heartbeat of one agent worker (several workers per agent in scale-out mode). */
export interface AgentStatusRecord {
  agentId: string;
  workerId: string;
  status: string;
  lastSeen: number | null;
  /** url, port, counters, last error... */
  details: JsonObject;
}

export interface AgentStatusRepository {
  upsert(record: AgentStatusRecord): Promise<void>;
  /** Ordered by agent, then worker. */
  list(): Promise<AgentStatusRecord[]>;
  remove(agentId: string, workerId: string): Promise<void>;
}

export function createAgentStatusRepository(db: Kysely<Database>): AgentStatusRepository {
  return {
    upsert: async (record) => {
      const row = {
        agent_id: record.agentId,
        worker_id: record.workerId,
        status: record.status,
        last_seen: record.lastSeen,
        doc: toJson(record.details),
      };
      await db
        .insertInto('agent_status')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['agent_id', 'worker_id'])
            .doUpdateSet({ status: row.status, last_seen: row.last_seen, doc: row.doc }),
        )
        .execute();
    },
    list: async () => {
      const rows = await db
        .selectFrom('agent_status')
        .selectAll()
        .orderBy('agent_id')
        .orderBy('worker_id')
        .execute();
      return rows.map((row) => ({
        agentId: row.agent_id,
        workerId: row.worker_id,
        status: row.status,
        lastSeen: row.last_seen,
        details: fromJson<JsonObject>(row.doc),
      }));
    },
    remove: async (agentId, workerId) => {
      await db
        .deleteFrom('agent_status')
        .where('agent_id', '=', agentId)
        .where('worker_id', '=', workerId)
        .execute();
    },
  };
}
