import type { SearchItem } from './search-types';

let sequence = 0;

/** A search item for tests: unique id, everything else overridable. */
export function makeItem(overrides: Partial<SearchItem> = {}): SearchItem {
  sequence += 1;
  return {
    id: `item-${sequence}`,
    title: `Item ${sequence}`,
    description: '',
    type: 'anomaly',
    page: '/anomalies',
    content: '',
    tags: [],
    keywords: [],
    metadata: {},
    ...overrides,
  };
}
