import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Database } from './database';
import { fromJson, toJson } from './json';

/** One JSON document per key: an agent's learned state, written whole and read at start. */
export interface AgentStateRepository {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export function createAgentStateRepository(
  db: Kysely<Database>,
  clock: Clock,
): AgentStateRepository {
  return {
    get: async (key) => {
      const row = await db
        .selectFrom('agent_state')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? fromJson<unknown>(row.value) : null;
    },
    set: async (key, value) => {
      const row = { key, value: toJson(value ?? null), updated_at: clock.now() };
      await db
        .insertInto('agent_state')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}
