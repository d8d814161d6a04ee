import type { ArchitectureGroup, GroupingStrategy } from '@vigil/contract';
import { groupByAttribute, isInformative } from './attribute-grouping';
import {
  UNGROUPED,
  type GroupableEdge,
  type GroupableNode,
  type GroupingResult,
} from './grouping-types';
import {
  compileRules,
  groupByRules,
  matchRule,
  DEFAULT_GROUPING_RULES,
  type GroupingRule,
} from './rule-grouping';
import {
  clusterBySimilarity,
  DEFAULT_SIMILARITY,
  type SimilarityOptions,
} from './similarity-clustering';

export interface GroupingConfig {
  rules: readonly GroupingRule[];
  similarity: SimilarityOptions;
}

export const DEFAULT_GROUPING_CONFIG: GroupingConfig = {
  rules: DEFAULT_GROUPING_RULES,
  similarity: DEFAULT_SIMILARITY,
};

/**
 * Groups a graph by the requested strategy. `auto` groups by the dimension (layer by default)
 * when it tells nodes apart (see isInformative), else by similarity. `hybrid` applies the rules,
 * then the dimension to what no rule claimed, then similarity to what is still left.
 */
export function groupGraph(
  nodes: readonly GroupableNode[],
  edges: readonly GroupableEdge[],
  strategy: GroupingStrategy,
  dimension: string,
  config: GroupingConfig = DEFAULT_GROUPING_CONFIG,
): GroupingResult {
  switch (strategy) {
    case 'attribute_based':
      return {
        groups: groupByAttribute(nodes, dimension),
        strategyUsed: 'attribute_based',
        dimension,
      };
    case 'similarity_clustering':
      return {
        groups: clusterBySimilarity(nodes, edges, config.similarity),
        strategyUsed: 'similarity_clustering',
        dimension: 'similarity',
      };
    case 'rule_based':
      return {
        groups: groupByRules(nodes, compileRules(config.rules)),
        strategyUsed: 'rule_based',
        dimension: 'rules',
      };
    case 'hybrid':
      return { groups: hybrid(nodes, edges, dimension, config), strategyUsed: 'hybrid', dimension };
    case 'auto':
      return isInformative(nodes, dimension)
        ? groupGraph(nodes, edges, 'attribute_based', dimension, config)
        : groupGraph(nodes, edges, 'similarity_clustering', dimension, config);
  }
}

function hybrid(
  nodes: readonly GroupableNode[],
  edges: readonly GroupableEdge[],
  dimension: string,
  config: GroupingConfig,
): ArchitectureGroup[] {
  const rules = compileRules(config.rules);
  const byRule = groupByRules(nodes, rules).filter((group) => group.id !== UNGROUPED);
  const unclaimed = nodes.filter((node) => matchRule(node, rules) === null);
  const byAttribute = groupByAttribute(unclaimed, dimension);
  const leftIds = new Set(byAttribute.find((group) => group.id === UNGROUPED)?.nodes ?? []);
  const left = unclaimed.filter((node) => leftIds.has(node.id));
  const bySimilarity = clusterBySimilarity(left, edges, config.similarity);
  const notUngrouped = (group: ArchitectureGroup): boolean => group.id !== UNGROUPED;
  // Stage order is the reading order: rule groups, then attribute groups, then clusters, ungrouped last.
  return [
    ...byRule,
    ...byAttribute.filter(notUngrouped),
    ...bySimilarity.filter(notUngrouped),
    ...bySimilarity.filter((group) => !notUngrouped(group)),
  ];
}
