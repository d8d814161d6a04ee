/** One edge of the service graph: `from` calls (depends on) `to`. */
export interface DependencyEdge {
  from: string;
  to: string;
}

/**
 * `dependsOn(a, b)` over the service graph's edges, for the coalesce rule. Built by the app from
 * the topology service and handed to the orchestrator as a plain function (agents never import
 * the topology). The edge index is rebuilt only when the edges list changes identity, which the
 * topology service guarantees by caching its answer until the graph changes.
 */
export function createDependencyLookup(
  edges: () => readonly DependencyEdge[],
  normalise: (component: string) => string = (component) => component,
): (a: string, b: string) => boolean {
  let seen: readonly DependencyEdge[] | null = null;
  let index = new Map<string, Set<string>>();
  return (a, b) => {
    const current = edges();
    if (current !== seen) {
      seen = current;
      index = new Map();
      for (const edge of current) {
        const targets = index.get(edge.from) ?? new Set<string>();
        targets.add(edge.to);
        index.set(edge.from, targets);
      }
    }
    return index.get(normalise(a))?.has(normalise(b)) ?? false;
  };
}

/**
 * The orchestrator's open-incident components under the topology's node names, as a stable set:
 * a new set only when the source set changes, so the topology's snapshot cache stays valid.
 */
export function createNormalisedSetView(
  source: () => ReadonlySet<string>,
  normalise: (component: string) => string,
): () => ReadonlySet<string> {
  let seen: ReadonlySet<string> | null = null;
  let view: ReadonlySet<string> = new Set();
  return () => {
    const current = source();
    if (current !== seen) {
      seen = current;
      view = new Set([...current].map(normalise));
    }
    return view;
  };
}
