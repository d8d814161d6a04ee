import type { SearchItemType } from '../engine/search-types';

/** Display names of the types, singular and plural, for chips and category buttons. */
export const TYPE_LABELS: Record<SearchItemType, string> = {
  anomaly: 'Anomalies',
  action: 'Actions',
  application: 'Applications',
  audit: 'Audit',
  agent: 'Agents',
  configuration: 'Configuration',
  incident: 'Incidents',
  execution: 'Executions',
};

/** '12 results (3.4 ms)': the count with the search's timing. */
export function resultCountText(count: number, tookMs: number): string {
  const timing = tookMs < 10 ? tookMs.toFixed(1) : Math.round(tookMs).toString();
  return `${count} ${count === 1 ? 'result' : 'results'} (${timing} ms)`;
}

/** The 'N more' of a tag list cut at `shown`. */
export function visibleTags(tags: readonly string[], shown = 2): { tags: string[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}
