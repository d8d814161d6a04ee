import { endOfDay, matchesDateCondition, resolveDateValue } from './date-operators';
import type { ParsedQuery } from './query-parser';
import type { SearchFilters, SearchItem } from './search-types';

/**
 * The operator and filter-panel rules (spec part 1 section 5). An item lacking the metadata a
 * condition reads passes that condition; lists are any-of; text compares case-insensitively.
 */

const lower = (value: string | undefined): string | undefined => value?.toLowerCase();

/** `values` empty or absent passes; an item without the value passes; else any-of. */
function anyOf(wanted: readonly string[] | undefined, actual: string | undefined): boolean {
  if (!wanted || wanted.length === 0 || actual === undefined) return true;
  const value = actual.toLowerCase();
  return wanted.some((candidate) => candidate.toLowerCase() === value);
}

function anyTag(wanted: readonly string[] | undefined, item: SearchItem): boolean {
  if (!wanted || wanted.length === 0) return true;
  const tags = item.metadata.tags ?? item.tags;
  if (tags.length === 0) return true;
  const have = new Set(tags.map((tag) => tag.toLowerCase()));
  return wanted.some((tag) => have.has(tag.toLowerCase()));
}

function componentContains(wanted: readonly string[] | undefined, item: SearchItem): boolean {
  const component = lower(item.metadata.component);
  if (!wanted || wanted.length === 0 || component === undefined) return true;
  return wanted.some((part) => component.includes(part.toLowerCase()));
}

const itemTime = (item: SearchItem): string | undefined =>
  item.metadata.timestamp ?? item.timestamp;

export function matchesOperators(item: SearchItem, query: ParsedQuery): boolean {
  const { values, dates } = query;
  return (
    anyOf(values.type, item.type) &&
    anyOf(values.severity, item.metadata.severity) &&
    anyOf(values.status, item.metadata.status) &&
    componentContains(values.component, item) &&
    anyTag(values.tag, item) &&
    anyOf(values.agent, item.metadata.agentId) &&
    dates.every((condition) => matchesDateCondition(itemTime(item), condition))
  );
}

/** The panel's date range as instants: start as given, end at 23:59:59 of its day. */
export interface ResolvedRange {
  start: number;
  end: number;
}

export function resolveDateRange(
  range: SearchFilters['dateRange'],
  now: Date,
): ResolvedRange | null {
  if (!range || range.start.trim() === '' || range.end.trim() === '') return null;
  const start = resolveDateValue(range.start, now);
  const end = resolveDateValue(range.end, now);
  if (!start || !end) return null;
  return { start: start.getTime(), end: endOfDay(end).getTime() };
}

/**
 * The filters as they apply: empty lists dropped, and the date range removed unless both ends
 * are filled and parse.
 */
export function normalizeFilters(filters: SearchFilters, now: Date): SearchFilters {
  const normal: SearchFilters = {};
  if (filters.types?.length) normal.types = [...filters.types];
  if (filters.severity?.length) normal.severity = [...filters.severity];
  if (filters.status?.length) normal.status = [...filters.status];
  if (filters.tags?.length) normal.tags = [...filters.tags];
  if (filters.components?.length) normal.components = [...filters.components];
  if (filters.dateRange && resolveDateRange(filters.dateRange, now))
    normal.dateRange = { ...filters.dateRange };
  return normal;
}

function inRange(item: SearchItem, range: ResolvedRange | null): boolean {
  const timestamp = itemTime(item);
  if (!range || timestamp === undefined) return true;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) || (time >= range.start && time <= range.end);
}

/** Whether an item passes the filter panel; components match exactly here (picked from a list). */
export function matchesFilters(item: SearchItem, filters: SearchFilters, now: Date): boolean {
  return (
    anyOf(filters.types, item.type) &&
    anyOf(filters.severity, item.metadata.severity) &&
    anyOf(filters.status, item.metadata.status) &&
    anyTag(filters.tags, item) &&
    anyOf(filters.components, item.metadata.component) &&
    inRange(item, resolveDateRange(filters.dateRange, now))
  );
}

export const countActiveFilters = (filters: SearchFilters): number =>
  (filters.types?.length ?? 0) +
  (filters.severity?.length ?? 0) +
  (filters.status?.length ?? 0) +
  (filters.tags?.length ?? 0) +
  (filters.components?.length ?? 0) +
  (filters.dateRange ? 1 : 0);
