import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Database } from './database';
import { fromJson, toJson } from './json';
import { chunk } from './paging';
import { upsertInBatches } from './transaction';

/** Stored overrides of the config tree, keyed by dotted path; defaults live in config/. */
export interface ConfigRepository {
  getAll(): Promise<Record<string, unknown>>;
  /** All values or none. */
  setMany(values: Readonly<Record<string, unknown>>): Promise<void>;
  /** Forgets overrides so the defaults apply again. */
  deleteMany(keys: readonly string[]): Promise<void>;
}

const BATCH = 500;

export function createConfigRepository(db: Kysely<Database>, clock: Clock): ConfigRepository {
  return {
    getAll: async () => {
      const rows = await db
        .selectFrom('config_values')
        .select(['key', 'value'])
        .orderBy('key')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.key, fromJson<unknown>(row.value)]));
    },
    setMany: (values) => {
      const now = clock.now();
      // JSON has no undefined; store such a value as null rather than dropping the key silently.
      const rows = Object.entries(values).map(([key, value]) => ({
        key,
        value: toJson(value ?? null),
        updated_at: now,
      }));
      return upsertInBatches(
        db,
        rows,
        (row) => row.key,
        (trx, batch) =>
          trx
            .insertInto('config_values')
            .values(batch)
            .onConflict((oc) =>
              oc.column('key').doUpdateSet((eb) => ({
                value: eb.ref('excluded.value'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute(),
      );
    },
    deleteMany: async (keys) => {
      for (const batch of chunk(keys, BATCH))
        await db.deleteFrom('config_values').where('key', 'in', batch).execute();
    },
  };
}
