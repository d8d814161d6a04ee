import { describe, expect, it } from 'vitest';
import { formatMetric, nodeTooltip, TOOLTIP_MAX_TAGS } from './node-tooltip';
import { testNode } from './test-graph';

describe('nodeTooltip', () => {
  it('shows the six tiles, in order, formatted', () => {
    const model = nodeTooltip(testNode('checkout'));
    expect(model.tiles).toEqual([
      { label: 'Req/s', value: '12.3' },
      { label: 'Error %', value: '0.5' },
      { label: 'p50 (ms)', value: '42' },
      { label: 'CPU %', value: '33.3' },
      { label: 'Mem %', value: 'N/A' },
      { label: 'Avail %', value: '100' },
    ]);
  });

  it('defaults the environment to prod and the namespace to default', () => {
    const model = nodeTooltip(testNode('x', { environment: '', namespace: '' }));
    expect(model.environment).toBe('prod');
    expect(model.namespace).toBe('default');
  });

  it('lists at most 6 tags', () => {
    const tags = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, `v${i}`]));
    const model = nodeTooltip(testNode('x', { tags }));
    expect(model.tags).toHaveLength(TOOLTIP_MAX_TAGS);
    expect(model.tags[0]).toEqual(['k0', 'v0']);
  });

  it('prefers the metrics call’s CPU and memory', () => {
    const model = nodeTooltip(testNode('x'), { x: { cpu_usage: 70, memory_usage: 55.55 } });
    expect(model.tiles.find((tile) => tile.label === 'CPU %')!.value).toBe('70');
    expect(model.tiles.find((tile) => tile.label === 'Mem %')!.value).toBe('55.6');
  });
});

describe('formatMetric', () => {
  it.each([
    [0, '0'],
    [1.04, '1'],
    [1.05, '1.1'],
    [null, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%j → %s', (value, text) => {
    expect(formatMetric(value)).toBe(text);
  });
});
