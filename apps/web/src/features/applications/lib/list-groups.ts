import type { ArchitectureGraph, ArchitectureNode } from '@vigil/contract';

export interface ListGroup {
  id: string;
  label: string;
  nodes: ArchitectureNode[];
}

/**
 * The list view's sections: the server's groups in its order, each with its nodes; nodes no
 * group lists are gathered under 'Ungrouped' so no service disappears from the list.
 */
export function listGroups(graph: Pick<ArchitectureGraph, 'nodes' | 'groups'>): ListGroup[] {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const listed = new Set<string>();
  const groups: ListGroup[] = [];
  for (const group of graph.groups) {
    const nodes = group.nodes.flatMap((id) => {
      const node = byId.get(id);
      if (!node || listed.has(id)) return [];
      listed.add(id);
      return [node];
    });
    if (nodes.length > 0) groups.push({ id: group.id, label: group.label, nodes });
  }
  const rest = graph.nodes.filter((node) => !listed.has(node.id));
  if (rest.length > 0) groups.push({ id: 'ungrouped', label: 'Ungrouped', nodes: rest });
  return groups;
}
