import { describe, expect, it } from 'vitest';
import { BASE_STATUS_OPTIONS, MAX_PANEL_OPTIONS, filterOptions } from './filter-options';
import { makeItem } from './search-item-factory';

describe('filterOptions', () => {
  it('offers every type and severity, and the status vocabulary plus any seen in data', () => {
    const options = filterOptions([makeItem({ metadata: { status: 'false_positive' } })]);
    expect(options.types).toEqual([
      'anomaly',
      'action',
      'application',
      'audit',
      'agent',
      'configuration',
      'incident',
      'execution',
    ]);
    expect(options.severity).toEqual(['low', 'medium', 'high', 'critical']);
    expect(options.status).toEqual([...BASE_STATUS_OPTIONS, 'false_positive']);
  });

  it('lists at most 20 components and 20 tags, sorted, without duplicates', () => {
    const items = Array.from({ length: 30 }, (_, index) =>
      makeItem({
        tags: [`tag-${String(index).padStart(2, '0')}`, 'shared'],
        metadata: { component: `svc-${String(index % 25).padStart(2, '0')}` },
      }),
    );
    const options = filterOptions(items);
    expect(options.components).toHaveLength(MAX_PANEL_OPTIONS);
    expect(options.components[0]).toBe('svc-00');
    expect(new Set(options.components).size).toBe(MAX_PANEL_OPTIONS);
    expect(options.tags).toHaveLength(MAX_PANEL_OPTIONS);
    expect(options.tags.filter((tag) => tag === 'shared')).toHaveLength(1);
  });
});
