import { TIME_FILTER_SECONDS, type TimeFilter } from '@vigil/contract';

/** The event-time lower bound of a time filter, or null for `all`. */
export function sinceFor(filter: TimeFilter, nowMs: number): number | null {
  const seconds = TIME_FILTER_SECONDS[filter];
  return seconds === null ? null : nowMs - seconds * 1000;
}
