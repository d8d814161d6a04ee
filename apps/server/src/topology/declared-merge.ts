import type { DeclaredArchitecture } from './declared-architecture';
import { layerFor, type TopologyGraph } from './topology-graph';

/**
 * Lays the declared architecture over the graph. Ids are normalised like observed names, so a
 * declared `payment-svc` and an observed `payments` in one synonym group are one node (`both`).
 * What the operator declares (name, type, layer, environment, namespace, tags) wins over what
 * telemetry suggests; observed metrics stay.
 */
export function mergeDeclared(graph: TopologyGraph, declared: DeclaredArchitecture): void {
  for (const item of declared.nodes) {
    const id = graph.normalise(item.id);
    const node = graph.ensureNode(id, { type: item.type });
    if (!node) continue;
    node.declared = true;
    node.name = item.name ?? node.name;
    node.type = item.type;
    node.layer = item.layer ?? layerFor(node.name, item.type, node.tags);
    if (item.environment) node.environment = item.environment;
    if (item.namespace) node.namespace = item.namespace;
    if (item.tags) node.tags = { ...node.tags, ...item.tags };
    graph.touchStructure();
  }
  for (const edge of declared.edges) {
    const from = graph.nodes.get(graph.normalise(edge.from));
    const to = graph.nodes.get(graph.normalise(edge.to));
    if (!from || !to || from === to) continue;
    const state = graph.ensureEdge(from, to);
    if (state) state.declared = true;
  }
}
