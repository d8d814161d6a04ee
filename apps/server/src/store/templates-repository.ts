import type { Kysely, Selectable } from 'kysely';
import type { Database, TemplatesTable } from './database';
import type { StoreDialect } from './dialect';
import { fromJson, toJson, type JsonObject } from './json';
import { upsertInBatches } from './transaction';

/** A mined log template with the miner's own state for it (parse-tree position, parameters...). */
export interface TemplateRecord {
  id: string;
  component: string;
  template: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
  extras: JsonObject;
}

export interface TemplatesRepository {
  /**
   * Text and extras: last write wins. count and last_seen only grow and first_seen only shrinks,
   * so two writers saving snapshots out of order never move a template backwards.
   */
  upsertMany(templates: readonly TemplateRecord[]): Promise<void>;
  listByComponent(component: string): Promise<TemplateRecord[]>;
  listComponents(): Promise<string[]>;
}

const toRecord = (row: Selectable<TemplatesTable>): TemplateRecord => ({
  id: row.id,
  component: row.component,
  template: row.template,
  count: row.count,
  firstSeen: row.first_seen,
  lastSeen: row.last_seen,
  extras: fromJson<JsonObject>(row.doc),
});

export function createTemplatesRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): TemplatesRepository {
  return {
    upsertMany: (templates) =>
      upsertInBatches(
        db,
        templates,
        (t) => t.id,
        (trx, batch) => upsertBatch(trx, dialect, batch),
      ),
    listByComponent: async (component) => {
      const rows = await db
        .selectFrom('templates')
        .selectAll()
        .where('component', '=', component)
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    listComponents: async () => {
      const rows = await db
        .selectFrom('templates')
        .select('component')
        .distinct()
        .orderBy('component')
        .execute();
      return rows.map((row) => row.component);
    },
  };
}

async function upsertBatch(
  db: Kysely<Database>,
  dialect: StoreDialect,
  batch: readonly TemplateRecord[],
): Promise<void> {
  const rows = batch.map((t) => ({
    id: t.id,
    component: t.component,
    template: t.template,
    count: t.count,
    first_seen: t.firstSeen,
    last_seen: t.lastSeen,
    doc: toJson(t.extras),
  }));
  await db
    .insertInto('templates')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        component: eb.ref('excluded.component'),
        template: eb.ref('excluded.template'),
        doc: eb.ref('excluded.doc'),
        count: dialect.greatest(eb.ref('templates.count'), eb.ref('excluded.count')),
        last_seen: dialect.greatest(eb.ref('templates.last_seen'), eb.ref('excluded.last_seen')),
        first_seen: dialect.least(eb.ref('templates.first_seen'), eb.ref('excluded.first_seen')),
      })),
    )
    .execute();
}
