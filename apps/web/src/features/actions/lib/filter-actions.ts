import type { ApprovedAction } from '@vigil/contract';

export type ActionStatusFilter = 'all' | 'active' | 'inactive';

export interface ActionFilters {
  search: string;
  status: ActionStatusFilter;
}

/** Case-insensitive match of the search text on name, description and tags (spec part 2 section 2.1). */
export function matchesSearch(action: ApprovedAction, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [action.name, action.description, ...action.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function matchesStatus(action: ApprovedAction, status: ActionStatusFilter): boolean {
  if (status === 'all') return true;
  return action.is_active === (status === 'active');
}

export function filterActions(
  actions: readonly ApprovedAction[],
  filters: ActionFilters,
): ApprovedAction[] {
  return actions.filter(
    (action) => matchesSearch(action, filters.search) && matchesStatus(action, filters.status),
  );
}

/** 'N actions found' (with the singular for one). */
export function actionsFoundText(count: number): string {
  return `${count} ${count === 1 ? 'action' : 'actions'} found`;
}
