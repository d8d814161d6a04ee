import { describe, expect, it } from 'vitest';
import { GROUPING_OPTIONS, groupingLabel, serviceCount } from './grouping-options';
import { listGroups } from './list-groups';
import { testGraph, testNode } from './test-graph';

describe('listGroups', () => {
  it('keeps the server’s group order and each group’s nodes', () => {
    const groups = listGroups(testGraph({ frontend: ['web'], backend: ['a', 'b'] }));
    expect(groups.map((group) => [group.label, group.nodes.map((node) => node.id)])).toEqual([
      ['frontend', ['web']],
      ['backend', ['a', 'b']],
    ]);
  });

  it('never loses a node: unlisted ones go to Ungrouped, ids listed twice count once', () => {
    const graph = testGraph({ backend: ['a'] });
    graph.nodes.push(testNode('stray'));
    graph.groups.push({ id: 'again', label: 'again', nodes: ['a', 'missing'] });
    expect(listGroups(graph).map((group) => [group.id, group.nodes.length])).toEqual([
      ['backend', 1],
      ['ungrouped', 1],
    ]);
  });
});

describe('grouping options', () => {
  it('offers the four strategies with their spec labels', () => {
    expect(GROUPING_OPTIONS.map((option) => `${option.label}=${option.value}`)).toEqual([
      'By Layer=attribute_based',
      'By Similarity=similarity_clustering',
      'By Rules=rule_based',
      'Hybrid=hybrid',
    ]);
    expect(groupingLabel('auto')).toBe('By Layer');
  });

  it('words the group badge as the spec quotes it', () => {
    expect(serviceCount(3)).toBe('3 service(s)');
  });
});
