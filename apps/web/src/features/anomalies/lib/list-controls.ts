import type { Severity, TimeFilter } from '@vigil/contract';

/** Spec part 1 section 9: every time filter the server knows, labelled like 'Last 1 hour'. */
export const TIME_FILTER_LABELS = {
  '1h': 'Last 1 hour',
  '2h': 'Last 2 hours',
  '6h': 'Last 6 hours',
  '12h': 'Last 12 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '1w': 'Last 1 week',
  '1m': 'Last 1 month',
  '3m': 'Last 3 months',
  all: 'All time',
} as const satisfies Record<TimeFilter, string>;

export const TIME_FILTER_OPTIONS = Object.entries(TIME_FILTER_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The Anomalies page opens on everything; the selector alone would fall back to 24h. */
export const INITIAL_TIME_FILTER: TimeFilter = 'all';
export const FALLBACK_TIME_FILTER: TimeFilter = '24h';

export function toTimeFilter(value: string): TimeFilter {
  return value in TIME_FILTER_LABELS ? (value as TimeFilter) : FALLBACK_TIME_FILTER;
}

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 100;

export function toPageSize(value: string | number): PageSize {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}

export type SeverityFilter = 'all' | 'high' | 'medium' | 'low';

export const SEVERITY_FILTER_OPTIONS: ReadonlyArray<{ value: SeverityFilter; label: string }> = [
  { value: 'all', label: 'All Severities' },
  { value: 'high', label: 'High & Critical' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

export function toSeverityFilter(value: string): SeverityFilter {
  return SEVERITY_FILTER_OPTIONS.some((option) => option.value === value)
    ? (value as SeverityFilter)
    : 'all';
}

/** 'high' also matches critical (spec part 1 section 2); unknown severities match only 'all'. */
export function matchesSeverity(severity: Severity | string, filter: SeverityFilter): boolean {
  if (filter === 'all') return true;
  const value = severity.toLowerCase();
  return filter === 'high' ? value === 'high' || value === 'critical' : value === filter;
}

/** Case-insensitive substring match of the search text over the given fields; blank matches all. */
export function matchesSearch(search: string, fields: ReadonlyArray<string | null>): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field !== null && field.toLowerCase().includes(needle));
}

/** 'page / total pages'; an empty list still reads as one page. */
export function pageLabel(page: number, totalPages: number): string {
  return `${page} / ${Math.max(1, totalPages)}`;
}

/** The spec's words exactly, even for one ('1 anomalies total'). */
export function totalLabel(total: number): string {
  return `${total} anomalies total`;
}
