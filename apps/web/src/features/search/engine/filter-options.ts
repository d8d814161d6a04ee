import { SEARCH_ITEM_TYPES, type SearchItem, type SearchItemType } from './search-types';

/** Spec part 1 section 9, "Filter vocabulary". */
export const SEVERITY_OPTIONS = ['low', 'medium', 'high', 'critical'] as const;
export const BASE_STATUS_OPTIONS = [
  'active',
  'inactive',
  'open',
  'closed',
  'running',
  'stopped',
  'healthy',
  'unhealthy',
] as const;
/** The panel lists at most this many components and tags. */
export const MAX_PANEL_OPTIONS = 20;

export interface FilterOptions {
  types: readonly SearchItemType[];
  severity: readonly string[];
  status: string[];
  tags: string[];
  components: string[];
}

/** The choices the filter panel offers for the current index. */
export function filterOptions(items: readonly SearchItem[]): FilterOptions {
  const status = new Set<string>(BASE_STATUS_OPTIONS);
  const tags = new Set<string>();
  const components = new Set<string>();
  for (const item of items) {
    if (item.metadata.status) status.add(item.metadata.status);
    for (const tag of item.metadata.tags ?? item.tags) tags.add(tag);
    if (item.metadata.component) components.add(item.metadata.component);
  }
  const firstSorted = (values: Set<string>) =>
    [...values].sort((a, b) => a.localeCompare(b)).slice(0, MAX_PANEL_OPTIONS);
  return {
    types: SEARCH_ITEM_TYPES,
    severity: SEVERITY_OPTIONS,
    status: [...status],
    tags: firstSorted(tags),
    components: firstSorted(components),
  };
}
