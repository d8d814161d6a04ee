import type { ServiceRegistration } from '@vigil/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from './database';
import { fromJson, toJson } from './json';
import { toMs } from './time';

/** A service the executor may call, as registered through POST /api/executor/services. */
export type RegisteredService = z.output<typeof ServiceRegistration> & { registered_at: string };

export interface ServicesRepository {
  /** Re-registering the same name and environment replaces the entry. */
  upsert(service: RegisteredService): Promise<void>;
  get(name: string, environment: string): Promise<RegisteredService | null>;
  /** Ordered by name; all environments when none is given. */
  list(environment?: string): Promise<RegisteredService[]>;
  remove(name: string, environment: string): Promise<boolean>;
}

export function createServicesRepository(db: Kysely<Database>): ServicesRepository {
  return {
    upsert: async (service) => {
      const row = {
        name: service.name,
        environment: service.environment,
        doc: toJson(service),
        updated_at: toMs(service.registered_at),
      };
      await db
        .insertInto('registered_services')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['name', 'environment'])
            .doUpdateSet({ doc: row.doc, updated_at: row.updated_at }),
        )
        .execute();
    },
    get: async (name, environment) => {
      const row = await db
        .selectFrom('registered_services')
        .select('doc')
        .where('name', '=', name)
        .where('environment', '=', environment)
        .executeTakeFirst();
      return row ? fromJson<RegisteredService>(row.doc) : null;
    },
    list: async (environment) => {
      let query = db.selectFrom('registered_services').select('doc');
      if (environment !== undefined) query = query.where('environment', '=', environment);
      const rows = await query.orderBy('name').orderBy('environment').execute();
      return rows.map((row) => fromJson<RegisteredService>(row.doc));
    },
    remove: async (name, environment) => {
      const result = await db
        .deleteFrom('registered_services')
        .where('name', '=', name)
        .where('environment', '=', environment)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
