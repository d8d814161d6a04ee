import type { Kysely } from 'kysely';
import type { Database } from './database';
import { fromJson, toJson, type JsonObject } from './json';
import { chunk } from './paging';
import { inTransaction, upsertInBatches } from './transaction';

/** The service graph persists across restarts; the topology module owns the documents' shape. */
export interface TopologyNodeRecord {
  id: string;
  doc: JsonObject;
  updatedAt: number;
}

export interface TopologyEdgeRecord {
  from: string;
  to: string;
  doc: JsonObject;
  updatedAt: number;
}

export interface TopologyRepository {
  upsertNodes(nodes: readonly TopologyNodeRecord[]): Promise<void>;
  upsertEdges(edges: readonly TopologyEdgeRecord[]): Promise<void>;
  loadAll(): Promise<{ nodes: TopologyNodeRecord[]; edges: TopologyEdgeRecord[] }>;
  /** Removes the nodes and every edge touching them. */
  deleteNodes(ids: readonly string[]): Promise<void>;
}

const BATCH = 500;

export function createTopologyRepository(db: Kysely<Database>): TopologyRepository {
  return {
    upsertNodes: (nodes) =>
      upsertInBatches(
        db,
        nodes,
        (n) => n.id,
        (trx, batch) =>
          trx
            .insertInto('topology_nodes')
            .values(batch.map((n) => ({ id: n.id, doc: toJson(n.doc), updated_at: n.updatedAt })))
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                doc: eb.ref('excluded.doc'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute(),
      ),
    upsertEdges: (edges) =>
      upsertInBatches(
        db,
        edges,
        (e) => `${e.from}\u0000${e.to}`,
        (trx, batch) =>
          trx
            .insertInto('topology_edges')
            .values(
              batch.map((e) => ({
                from_node: e.from,
                to_node: e.to,
                doc: toJson(e.doc),
                updated_at: e.updatedAt,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['from_node', 'to_node']).doUpdateSet((eb) => ({
                doc: eb.ref('excluded.doc'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute(),
      ),
    loadAll: () => loadGraph(db),
    deleteNodes: (ids) => deleteNodes(db, ids),
  };
}

async function loadGraph(db: Kysely<Database>) {
  const nodes = await db.selectFrom('topology_nodes').selectAll().orderBy('id').execute();
  const edges = await db
    .selectFrom('topology_edges')
    .selectAll()
    .orderBy('from_node')
    .orderBy('to_node')
    .execute();
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      doc: fromJson<JsonObject>(n.doc),
      updatedAt: n.updated_at,
    })),
    edges: edges.map((e) => ({
      from: e.from_node,
      to: e.to_node,
      doc: fromJson<JsonObject>(e.doc),
      updatedAt: e.updated_at,
    })),
  };
}

function deleteNodes(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  return inTransaction(db, async (trx) => {
    for (const batch of chunk(ids, BATCH)) {
      await trx
        .deleteFrom('topology_edges')
        .where((eb) => eb.or([eb('from_node', 'in', batch), eb('to_node', 'in', batch)]))
        .execute();
      await trx.deleteFrom('topology_nodes').where('id', 'in', batch).execute();
    }
  });
}
