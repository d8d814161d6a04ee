/**
 * The dependency graph as the analysis agents read it: a plain value built in app.ts from the
 * topology service, so no agent reaches into another part of the server.
 */
export interface GraphNodeView {
  id: string;
  status: 'healthy' | 'degraded' | 'unhealthy' | 'unknown';
  /** Percent of failed requests over the window. */
  errorRate: number;
  /** The baseline-free p95, ms. */
  responseTimeP95: number;
  type: string;
}

export interface GraphView {
  nodes: GraphNodeView[];
  /** `from` calls `to`. */
  edges: { from: string; to: string }[];
}

export const EMPTY_GRAPH: GraphView = { nodes: [], edges: [] };

/** Who calls whom, indexed both ways. */
export interface GraphIndex {
  callees(id: string): readonly string[];
  callers(id: string): readonly string[];
  node(id: string): GraphNodeView | undefined;
}

export function indexGraph(graph: GraphView): GraphIndex {
  const down = new Map<string, string[]>();
  const up = new Map<string, string[]>();
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  for (const { from, to } of graph.edges) {
    if (from === to) continue;
    down.set(from, [...(down.get(from) ?? []), to]);
    up.set(to, [...(up.get(to) ?? []), from]);
  }
  return {
    callees: (id) => down.get(id) ?? [],
    callers: (id) => up.get(id) ?? [],
    node: (id) => nodes.get(id),
  };
}
